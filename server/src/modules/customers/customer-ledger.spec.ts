import { allocateToInvoices } from './customer-ledger';

describe('allocateToInvoices', () => {
  const invoices = [
    { id: 'a', number: 'A', open: 20_000 },
    { id: 'b', number: 'B', open: 30_000 },
    { id: 'c', number: 'C', open: 10_000 },
  ];

  it('settles the invoices in the order given (oldest first), each taking what it still needs', () => {
    expect(allocateToInvoices(invoices, 25_000)).toEqual({
      allocations: [
        { invoiceId: 'a', number: 'A', amount: 20_000 },
        { invoiceId: 'b', number: 'B', amount: 5_000 },
      ],
      rest: 0,
    });
  });

  it('answers what is beyond every open invoice as the rest (for the plans, then the account)', () => {
    const { allocations, rest } = allocateToInvoices(invoices, 75_000);
    expect(allocations.map((a) => a.amount)).toEqual([20_000, 30_000, 10_000]);
    expect(rest).toBe(15_000);
    expect(allocateToInvoices([], 500)).toEqual({ allocations: [], rest: 500 });
  });
});
