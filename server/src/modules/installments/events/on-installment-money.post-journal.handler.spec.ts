import type { InstallmentMoneyEvent } from '@pos/contracts';
import { installmentLines } from './on-installment-money.post-journal.handler';

const event = (over: Partial<InstallmentMoneyEvent>): InstallmentMoneyEvent => ({
  planId: 'p-1',
  number: 'B01-IP-000001',
  branchId: 'b-1',
  customerId: 'c-1',
  kind: 'charge',
  amount: 1000,
  discount: 0,
  paymentId: null,
  vaultId: null,
  vaultAccountId: null,
  userId: 'u-1',
  ...over,
});
const party = { type: 'customer', id: 'c-1' };

describe('installmentLines', () => {
  it('charges interest and fees, and late fees, to the customer as income', () => {
    expect(installmentLines(event({}))).toEqual([
      { account: 'customers', debit: 1000, party },
      { account: 'installment_income', credit: 1000 },
    ]);
    expect(installmentLines(event({ kind: 'late_fee', amount: 200 }))).toEqual([
      { account: 'customers', debit: 200, party },
      { account: 'late_fee_income', credit: 200 },
    ]);
  });

  it("moves money from the customer's account into the vault's, a settlement's discount from income", () => {
    const paid = { paymentId: 'pay-1', vaultId: 'v-1', vaultAccountId: 'acc-v' };
    expect(installmentLines(event({ kind: 'collect', amount: 500, ...paid }))).toEqual([
      { account: { id: 'acc-v' }, debit: 500 },
      { account: 'installment_income', debit: 0 },
      { account: 'customers', credit: 500, party },
    ]);
    expect(
      installmentLines(event({ kind: 'settle', amount: 900, discount: 100, ...paid })),
    ).toEqual([
      { account: { id: 'acc-v' }, debit: 900 },
      { account: 'installment_income', debit: 100 },
      { account: 'customers', credit: 1000, party },
    ]);
    expect(() => installmentLines(event({ kind: 'collect' }))).toThrow();
  });
});
