import { changeOverLimit, changeTooLargeDetail } from './change';
import { translateValidation } from './i18n/messages';
import { CHANGE_CONFIRM_FROM, LIMITS } from './limits';

// Decision 0131: the bound on a sale's change, one rule for the server and the till.
describe('changeOverLimit', () => {
  const isCash = (id: string) => id === 'cash';

  it('bounds change at 1,000.00 and asks from 200.00, the largest banknote', () => {
    expect([LIMITS.maxChange, CHANGE_CONFIRM_FROM]).toEqual([100_000, 20_000]);
  });

  it('lets change up to the bound through', () => {
    expect(changeOverLimit([{ methodId: 'cash', amount: 125_400 }], 25_400, isCash)).toBeNull();
    expect(changeOverLimit([{ methodId: 'cash', amount: 1_000 }], 25_400, isCash)).toBeNull();
  });

  it('names the first cash payment with an amount, and what the cash came to', () => {
    expect(
      changeOverLimit(
        [
          { methodId: 'card', amount: 5_400 },
          { methodId: 'cash', amount: 0 },
          { methodId: 'cash', amount: 10_000_000 },
        ],
        25_400,
        isCash,
      ),
    ).toEqual({ change: 9_980_000, received: 10_000_000, field: 'payments.2.amount' });
  });

  it('words the refusal with the field by its label, in ar and en', () => {
    const { key, params } = changeTooLargeDetail({ change: 9_974_600, field: 'payments.0.amount' });
    expect(translateValidation('ar', key, params)).toBe(
      'الحقل "المبلغ في الدفعة 1" يجعل الباقي للعميل 99,746.00، وهو أكبر من أقصى باقٍ يُرد (1,000.00)؛ راجع المبلغ المستلم',
    );
    expect(translateValidation('en', key, params)).toBe(
      '"Amount on payment 1" makes the change 99,746.00, more than the most change given back (1,000.00); check the cash received',
    );
  });
});
