import {
  installmentStatus,
  owed,
  planStatus,
  settlementQuote,
  type InstallmentRow,
} from './plan-rules';

const row = (over: Partial<InstallmentRow>): InstallmentRow => ({
  id: 'i',
  seq: 1,
  dueDate: '2026-03-10',
  amount: 100_000,
  interest: 10_000,
  paid: 0,
  lateFee: 0,
  lateFeePaid: 0,
  status: 'pending',
  ...over,
});

describe('installment statuses', () => {
  it('is paid only when the amount and the late fee are both paid', () => {
    expect(installmentStatus(row({ paid: 100_000 }), '2026-03-01')).toBe('paid');
    expect(installmentStatus(row({ paid: 100_000, lateFee: 2000 }), '2026-03-20')).toBe('overdue');
    expect(
      installmentStatus(row({ paid: 100_000, lateFee: 2000, lateFeePaid: 2000 }), '2026-03-20'),
    ).toBe('paid');
  });

  it('is overdue after its due date, partial or pending before it', () => {
    expect(installmentStatus(row({}), '2026-03-10')).toBe('pending');
    expect(installmentStatus(row({}), '2026-03-11')).toBe('overdue');
    expect(installmentStatus(row({ paid: 1 }), '2026-03-09')).toBe('partial');
    expect(installmentStatus(row({ status: 'rescheduled' }), '2026-04-01')).toBe('rescheduled');
  });

  it("gives the plan's status from its live installments", () => {
    expect(planStatus([{ status: 'paid' }, { status: 'rescheduled' }])).toBe('settled');
    expect(planStatus([{ status: 'paid' }, { status: 'overdue' }])).toBe('late');
    expect(planStatus([{ status: 'partial' }, { status: 'pending' }])).toBe('active');
  });

  it('owes the amount and the late fee less what was paid of each', () => {
    expect(owed(row({ paid: 40_000, lateFee: 3000, lateFeePaid: 1000 }))).toBe(62_000);
  });
});

describe('settlementQuote', () => {
  it('adds the late fees owed and waives the share of interest not yet due', () => {
    const rows = [
      row({ id: 'a', seq: 1, dueDate: '2026-02-10', paid: 100_000, status: 'paid' }),
      row({ id: 'b', seq: 2, dueDate: '2026-03-10', lateFee: 2000, status: 'overdue' }),
      row({ id: 'c', seq: 3, dueDate: '2026-04-10' }),
      row({ id: 'd', seq: 4, dueDate: '2026-05-10', paid: 5000, status: 'partial' }),
      row({ id: 'e', seq: 5, dueDate: '2026-06-10', status: 'rescheduled' }),
    ];
    // Owed: 100,000 + 100,000 + 95,000; late fee 2,000; #3's interest (10,000) × 50 % off
    // (#4 is partly paid, #2 is due already).
    expect(settlementQuote(rows, '2026-03-15', 5000)).toEqual({
      date: '2026-03-15',
      outstanding: 295_000,
      lateFees: 2000,
      discount: 5000,
      toPay: 292_000,
    });
  });
});
