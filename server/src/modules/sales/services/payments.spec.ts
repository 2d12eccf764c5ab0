import type { Request } from 'express';
import { AllExceptionsFilter } from '../../../core/errors/all-exceptions.filter';
import { AppException } from '../../../core/errors/app.exception';
import { settlePayments, type PaymentMethodRow } from './payments';

// Issue 30 item 2: a sale's over-payment names the invoice total, not the 10,000,000 cap.
describe('settlePayments over-payment', () => {
  const methods: PaymentMethodRow[] = [
    { id: 'cash', type: 'cash', name_ar: 'نقدي', active: true },
    { id: 'card', type: 'card', name_ar: 'بطاقة', active: true },
  ];
  const message = (pay: () => unknown, locale = 'ar') => {
    try {
      pay();
    } catch (e) {
      expect(e).toBeInstanceOf(AppException);
      const req = { cookies: { locale } } as unknown as Request;
      return new AllExceptionsFilter().toBody(e, req).message;
    }
    throw new Error('not refused');
  };

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
