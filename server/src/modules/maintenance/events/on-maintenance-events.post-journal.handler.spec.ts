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
});
