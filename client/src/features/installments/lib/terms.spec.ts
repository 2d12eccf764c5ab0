import { defaultTerms, percentToBp, previewSchedule, termsDto } from './terms';

describe('plan terms', () => {
  it('reads the monthly rate in percent', () => {
    expect(percentToBp('2.5')).toBe(250);
    expect(percentToBp('٢٫٥')).toBe(250);
    expect(percentToBp('3')).toBe(300);
    expect(percentToBp('0.25')).toBe(25);
    expect(percentToBp('')).toBe(0);
    expect(percentToBp('1.234')).toBeNaN();
    expect(percentToBp('abc')).toBeNaN();
  });

  it('defaults to 12 months, the first a month from today', () => {
    expect(defaultTerms('2026-01-31')).toMatchObject({
      count: '12',
      period: 'monthly',
      firstDueDate: '2026-02-28',
    });
  });

  it('previews the fridge sold on 12 installments with 2,000 down', () => {
    const preview = previewSchedule(12_000_00, 2_000_00, termsDto(defaultTerms('2026-11-26')));
    expect(preview.error).toBeNull();
    expect(preview.schedule?.toPay).toBe(10_000_00);
    expect(preview.schedule?.installments).toHaveLength(12);
    expect(preview.schedule?.installments[0]).toMatchObject({
      dueDate: '2026-12-26',
      amount: 833_00,
    });
    expect(preview.schedule?.installments[11].amount).toBe(837_00);
  });

  it('names the rule broken terms break', () => {
    const terms = { ...termsDto(defaultTerms('2026-11-26')), count: 0 };
    expect(previewSchedule(12_000_00, 2_000_00, terms)).toEqual({
      schedule: null,
      error: 'INSTALLMENT_COUNT',
    });
    expect(previewSchedule(12_000_00, 2_000_00, { ...terms, count: Number.NaN }).error).toBe(
      'INSTALLMENT_COUNT',
    );
  });
});
