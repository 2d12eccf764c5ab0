import { ArrayMaxSize, Max, Min, ValidateBy } from 'class-validator';
import { LIMITS } from '../limits';

// class-validator rules for the business limits of ../limits.ts, each with its own message
// (validation.limit.*, which names the limit in both languages).

/** At most LIMITS.unitPrice piasters (a price, minimum price or cost). */
export const MaxUnitPrice = () => Max(LIMITS.unitPrice, { message: 'validation.limit.unitPrice' });
/** At most LIMITS.documentTotal piasters (a document's money, a payment, cash, a credit limit). */
export const MaxDocumentMoney = () =>
  Max(LIMITS.documentTotal, { message: 'validation.limit.documentTotal' });
/**
 * A payment against what is owed (a purchase invoice's payment, a vendor payment, an installment
 * collection, a sale's tenders; issue 30 item 2): the command compares it with what is owed first
 * and says so with the figure ("more than the invoice total (1,500.00)"), then applies
 * LIMITS.documentTotal itself. Here it only stays a safe integer, so an over-payment never reads
 * as the generic 10,000,000 cap.
 */
export const MaxPaymentMoney = () =>
  Max(Number.MAX_SAFE_INTEGER, { message: 'validation.limit.documentTotal' });
/** At most LIMITS.lineQuantity (a sale, return or transfer line; one count). */
export const MaxLineQuantity = () =>
  Max(LIMITS.lineQuantity, { message: 'validation.limit.lineQuantity' });
/** Between −LIMITS.lineQuantity and LIMITS.lineQuantity (a signed count correction). */
export const MinLineQuantity = () =>
  Min(-LIMITS.lineQuantity, { message: 'validation.limit.lineQuantity' });
/** At most LIMITS.stockQuantity (opening stock, an adjustment, a counted on-hand figure). */
export const MaxStockQuantity = () =>
  Max(LIMITS.stockQuantity, { message: 'validation.limit.stockQuantity' });
/** At least −LIMITS.stockQuantity (a signed adjustment). */
export const MinStockQuantity = () =>
  Min(-LIMITS.stockQuantity, { message: 'validation.limit.stockQuantity' });
/** At most LIMITS.documentLines lines on a document. */
export const MaxDocumentLines = () =>
  ArrayMaxSize(LIMITS.documentLines, { message: 'validation.limit.documentLines' });

/**
 * A cash count by denomination ({ "200": 3, "0.5": 4 }): at most 20 denominations, each a
 * positive amount in pounds, each count a whole number of pieces up to LIMITS.lineQuantity.
 */
export const DenominationCounts = () =>
  ValidateBy(
    {
      name: 'denominationCounts',
      validator: {
        validate: (value: unknown) =>
          !!value &&
          typeof value === 'object' &&
          !Array.isArray(value) &&
          Object.keys(value).length <= 20 &&
          Object.entries(value as Record<string, unknown>).every(
            ([key, count]) =>
              /^\d{1,6}(\.\d{1,2})?$/.test(key) &&
              typeof count === 'number' &&
              Number.isInteger(count) &&
              count >= 0 &&
              count <= LIMITS.lineQuantity,
          ),
      },
    },
    { message: 'validation.limit.denominations' },
  );
