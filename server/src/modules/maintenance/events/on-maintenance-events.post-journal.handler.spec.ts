import type { MaintenanceMoneyEvent } from '@pos/contracts';
import { maintenanceMoneyLines } from './on-maintenance-events.post-journal.handler';

const base: MaintenanceMoneyEvent = {
  ticketId: 't-1',
  number: 'B01-MN-000001',
  kind: 'deposit',
  branchId: 'b-1',
  customerId: 'c-1',
  vaultId: 'v-1',
  vaultAccountId: 'acc-v1',
  amount: 1000,
  deposit: 1000,
  revenue: 0,
  vat: 0,
  shiftId: null,
  methodType: null,
  userId: 'u-1',
};

describe('maintenanceMoneyLines', () => {
  it('holds a deposit as a customer deposit and gives it back the same way', () => {
    expect(maintenanceMoneyLines(base)).toEqual([
      { account: { id: 'acc-v1' }, debit: 1000 },
      { account: 'customer_deposits', credit: 1000 },
    ]);
    expect(maintenanceMoneyLines({ ...base, kind: 'refund', amount: -1000 })).toEqual([
      { account: 'customer_deposits', debit: 1000 },
      { account: { id: 'acc-v1' }, credit: 1000 },
    ]);
  });

  it('earns the bill: what the vault got plus the deposit applied', () => {
    const lines = maintenanceMoneyLines({ ...base, kind: 'settle', amount: 4000, revenue: 5000 });
    expect(lines).toEqual([
      { account: { id: 'acc-v1' }, debit: 4000 },
      { account: 'customer_deposits', debit: 1000 },
      { account: 'repair_revenue', credit: 5000 },
    ]);
    // a deposit larger than the bill: the change leaves the vault
    const change = maintenanceMoneyLines({ ...base, kind: 'settle', amount: -300, revenue: 700 });
    expect(change).toEqual([
      { account: 'customer_deposits', debit: 1000 },
      { account: 'repair_revenue', credit: 700 },
      { account: { id: 'acc-v1' }, credit: 300 },
    ]);
  });

  it('takes the VAT included in the bill to VAT output', () => {
    const lines = maintenanceMoneyLines({
      ...base,
      kind: 'settle',
      amount: 10_400,
      revenue: 11_400,
      vat: 1400,
    });
    expect(lines).toEqual([
      { account: { id: 'acc-v1' }, debit: 10_400 },
      { account: 'customer_deposits', debit: 1000 },
      { account: 'repair_revenue', credit: 10_000 },
      { account: 'vat_output', credit: 1400 },
    ]);
  });

  it("paid at the POS: the payment method's account like a sale, not a vault", () => {
    const at = { ...base, vaultId: null, vaultAccountId: null, shiftId: 's-1' };
    const cash = maintenanceMoneyLines({
      ...at,
      kind: 'settle',
      amount: 4000,
      revenue: 5000,
      methodType: 'cash',
    });
    expect(cash[0]).toEqual({ account: 'cash', debit: 4000 });
    const card = maintenanceMoneyLines({
      ...at,
      kind: 'settle',
      amount: 4000,
      revenue: 5000,
      methodType: 'card',
    });
    expect(card[0]).toEqual({ account: 'card_clearing', debit: 4000 });
  });
});
