import type { Request } from 'express';
import { AllExceptionsFilter } from '../../../core/errors/all-exceptions.filter';
import { AppException } from '../../../core/errors/app.exception';
import { LIMITS } from '@pos/contracts';
import { settlePayments, type PaymentMethodRow } from './payments';

const methods: PaymentMethodRow[] = [
  { id: 'cash', type: 'cash', name_ar: 'نقدي', active: true },
  { id: 'card', type: 'card', name_ar: 'بطاقة', active: true },
];
/** The API's answer to a refused settlement, in `locale`. */
const refusal = (pay: () => unknown, locale = 'ar') => {
  try {
    pay();
  } catch (e) {
    expect(e).toBeInstanceOf(AppException);
    const req = { cookies: { locale } } as unknown as Request;
    return new AllExceptionsFilter().toBody(e, req);
  }
  throw new Error('not refused');
};

// Issue 30 item 2: a sale's over-payment names the invoice total, not the 10,000,000 cap.
describe('settlePayments over-payment', () => {
  const message = (pay: () => unknown, locale = 'ar') => refusal(pay, locale).message;

  it('says a card payment is more than the invoice total, with both figures', () => {
    const pay = () =>
      settlePayments([{ methodId: 'card', amount: 2_000_000_000 }], 10_000, null, methods, false);
    expect(message(pay)).toBe(
      'المدفوع بغير النقدية (20,000,000.00) أكبر من إجمالي الفاتورة (100.00)؛ الباقي يُرد نقدًا فقط',
    );
    expect(message(pay, 'en')).toBe(
      'The non-cash amount paid (20,000,000.00) is more than the invoice total (100.00); change is given in cash only',
    );
  });

  it('still gives change on cash, and keeps one cash tender within a document', () => {
    const settled = settlePayments(
      [{ methodId: 'cash', amount: 20_000 }],
      10_000,
      null,
      methods,
      false,
    );
    expect(settled).toMatchObject({ paidTotal: 10_000, changeDue: 10_000, dueAmount: 0 });
    expect(
      message(() =>
        settlePayments([{ methodId: 'cash', amount: 2_000_000_000 }], 10_000, null, methods, false),
      ),
    ).toBe('الحقل "المبلغ في الدفعة 1" أكبر من الحد المسموح للمبلغ (10,000,000 جنيه)');
  });
});

// Decision 0131: change beyond LIMITS.maxChange (1,000.00) is a mistyped amount received.
describe('settlePayments change bound', () => {
  it('is 1,000.00 EGP, above the largest banknote the till confirms from', () => {
    expect(LIMITS.maxChange).toBe(100_000);
  });

  it('gives change up to the bound, exactly at it too', () => {
    const settled = settlePayments(
      [{ methodId: 'cash', amount: 25_400 + LIMITS.maxChange }],
      25_400,
      null,
      methods,
      false,
    );
    expect(settled).toMatchObject({
      paidTotal: 25_400,
      changeDue: LIMITS.maxChange,
      dueAmount: 0,
    });
    expect(settled.payments).toEqual([
      { methodId: 'cash', type: 'cash', name: 'نقدي', amount: 25_400 },
    ]);
  });

  it('refuses 100,000.00 received for a 254.00 sale, naming the cash field, the change and the bound', () => {
    const pay = () =>
      settlePayments(
        [
          { methodId: 'card', amount: 5_400 },
          { methodId: 'cash', amount: 10_000_000 },
        ],
        25_400,
        null,
        methods,
        false,
      );
    expect(refusal(pay)).toEqual({
      statusCode: 400,
      statusMessage: 'Bad Request',
      code: 'CHANGE_TOO_LARGE',
      message:
        'الحقل "المبلغ في الدفعة 2" يجعل الباقي للعميل 99,800.00، وهو أكبر من أقصى باقٍ يُرد (1,000.00)؛ راجع المبلغ المستلم',
    });
    expect(refusal(pay, 'en').message).toBe(
      '"Amount on payment 2" makes the change 99,800.00, more than the most change given back (1,000.00); check the cash received',
    );
  });

  it('refuses one piaster over the bound', () => {
    const pay = () =>
      settlePayments(
        [{ methodId: 'cash', amount: 10_000 + LIMITS.maxChange + 1 }],
        10_000,
        null,
        methods,
        false,
      );
    expect(refusal(pay).code).toBe('CHANGE_TOO_LARGE');
  });

  it('reports, not refuses, the change of a sale rung offline (the device handed it over)', () => {
    const waived: { kind: string; detail: Record<string, unknown> }[] = [];
    const settled = settlePayments(
      [{ methodId: 'cash', amount: 10_000_000 }],
      25_400,
      null,
      methods,
      false,
      false,
      (kind, detail) => waived.push({ kind, detail }),
    );
    expect(settled).toMatchObject({ paidTotal: 25_400, changeDue: 9_974_600, dueAmount: 0 });
    expect(waived).toEqual([
      {
        kind: 'change_over_limit',
        detail: { change: 9_974_600, received: 10_000_000, max: LIMITS.maxChange },
      },
    ]);
  });

  it('checks the document limit on a tender first', () => {
    expect(
      refusal(() =>
        settlePayments([{ methodId: 'cash', amount: 2_000_000_000 }], 10_000, null, methods, false),
      ).code,
    ).toBe('VALIDATION_FAILED');
  });
});
