// Business limits of every money and quantity input (issue 11, docs/decisions/ "Hardening").
// One place, used by the DTO validators (server pipe and client forms) and by the server's own
// document checks. Money is integer piasters; quantities have at most 3 decimals.
//
// Why these numbers: a document's money is at most LIMITS.documentTotal (10 million EGP), so a sum
// over documents passes 2^53 piasters (Number.MAX_SAFE_INTEGER, ≈ 90 trillion EGP) only after
// 9 million maximal documents, and PostgreSQL's bigint (≈ 9.2 × 10^18) only after 9.2 billion:
// no branch, shift or day gets there. Every product of limits (price × quantity, quantity × cost)
// stays far below 2^53, so the arithmetic on one figure is exact too.

export const LIMITS = {
  /** Sell price, minimum sell price, cost, a line's unit price: 1,000,000.00 EGP. */
  unitPrice: 100_000_000,
  /**
   * A document's money (sale, return, transfer value; an invoice discount; one payment; a
   * customer payment; opening and counted cash; a customer's credit limit): 10,000,000.00 EGP.
   */
  documentTotal: 1_000_000_000,
  /** One line's quantity on a sale, return or transfer; one stock-taking count. */
  lineQuantity: 100_000,
  /** A stock figure: opening stock, an adjustment, a counted on-hand quantity, a balance after a move. */
  stockQuantity: 10_000_000,
  /** A low-stock threshold. */
  lowStockThreshold: 1_000_000,
  /** Lines on one sale, return, transfer or stock adjustment. */
  documentLines: 500,
  /** Payments (tenders) on one sale or refunds on one return. */
  documentPayments: 10,
  /** Sales in one `POST /api/Sales/batch` (a till's outbox sync, docs/decisions/0075). */
  saleBatch: 50,
  /**
   * The most change one sale gives back from cash: 1,000.00 EGP (docs/decisions/0131). More is a
   * mistyped amount received (100,000.00 for a 254.00 sale); a real tender that large is entered
   * as the exact amount, which books the same money.
   */
  maxChange: 100_000,
} as const;

/**
 * From this much change the till asks the cashier to confirm the amount received before the sale
 * is completed: the largest Egyptian banknote, 200.00 EGP (docs/decisions/0131). Below it the
 * payment goes through as typed.
 */
export const CHANGE_CONFIRM_FROM = 20_000;

/**
 * The window a journal or document date must fall in (issue 30 item 17): an entry, an expense, a
 * purchase invoice, a cheque's due date, a first installment, an expected or estimated date, a
 * reservation's expiry. From DATE_WINDOW.earliest (older books are not kept in this system) to
 * DATE_WINDOW.yearsAhead years after today (UTC; a post-dated cheque or a plan starting later
 * fits, 9999-12-31 does not). Filters and report dates (from, to, at) are not documents and keep
 * the wider calendar check of dto/calendar-date.ts.
 */
export const DATE_WINDOW = { earliest: '2000-01-01', yearsAhead: 1 } as const;

/** The latest document date allowed as of `now` (YYYY-MM-DD). */
export function latestDocumentDate(now: Date = new Date()): string {
  const latest = new Date(now.getTime());
  latest.setUTCFullYear(latest.getUTCFullYear() + DATE_WINDOW.yearsAhead);
  return latest.toISOString().slice(0, 10);
}

/** Whether a date (`YYYY-MM-DD…`, already a real calendar date) lies in DATE_WINDOW. */
export function inDocumentDateWindow(value: string, now: Date = new Date()): boolean {
  const day = value.slice(0, 10);
  return day >= DATE_WINDOW.earliest && day <= latestDocumentDate(now);
}

/** Most decimals a quantity may have (numeric(14,3)). */
export const QUANTITY_DECIMALS = 3;

/**
 * Units of measure. Counted units take whole quantities; weighed or measured units take up to
 * three decimals (DESIGN.md §4).
 */
export const UNITS = ['piece', 'kg', 'g', 'm', 'l', 'box', 'pack'] as const;
export type Unit = (typeof UNITS)[number];
export const COUNTED_UNITS: readonly Unit[] = ['piece', 'box', 'pack'];

/** Whether a quantity fits a unit: counted units take whole numbers only. */
export function quantityFitsUnit(unit: string, quantity: number): boolean {
  return !COUNTED_UNITS.includes(unit as Unit) || Number.isInteger(quantity);
}

/**
 * A number with its thousands grouped by commas ("1,000,000"), as `toLocaleString('en-US')` writes
 * the limits, but without Intl: the server messages (i18n/messages-*.ts) are built while the
 * client's bundle is evaluated, and a page's first use of Intl loads ICU's data (50–120 ms here,
 * 4× that on a phone-class CPU), on the way to the first paint.
 */
function grouped(n: number): string {
  const [whole, fraction] = String(n).split('.');
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${fraction ? `.${fraction}` : ''}`;
}

/** A limit in pounds for messages ("1,000,000"). */
export const limitInPounds = (piasters: number): string => grouped(piasters / 100);
/** A quantity limit for messages ("100,000"). */
export const limitText = (n: number): string => grouped(n);
