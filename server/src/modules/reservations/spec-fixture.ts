import { DomainEventSubscribers } from '../../core/cqrs';
import { fakeManager } from '../../core/cqrs/testing';
import { vaultRow } from '../../core/cqrs/spec-rows';
import { StockLedger } from '../inventory';

/** The branch's main vault, where deposits go. */
export const mainVault = vaultRow({ id: 'vault-1', account_id: 'acc-vault' });

/** A fake manager for the reservation commands' specs: one reservation, its line and customer. */
export function reservationManager(
  over: Record<string, unknown> = {},
  settings: { reservationDepositForfeit?: boolean } = {},
  extra: Parameters<typeof fakeManager>[0] = [],
) {
  const row = {
    id: 'r-1',
    number: 'B01-RV-000001',
    branch_id: 'b-1',
    inventory_id: 'inv-1',
    customer_id: 'c-1',
    status: 'active',
    deposit: '3000',
    vault_id: 'vault-1',
    expires_at: new Date(Date.now() + 86400_000).toISOString(),
    ...over,
  };
  const m = fakeManager([
    ...extra,
    [/FROM reservations WHERE id = \$1/, [row]],
    [/FROM reservations WHERE status = 'active'/, [{ id: 'r-1', customer_id: 'c-1' }]],
    [/FROM reservation_lines/, [{ variant_id: 'v-1', quantity: '2.000', unit_price: '10000' }]],
    [/FROM customers WHERE id = \$1 FOR UPDATE/, [{ id: 'c-1', balance: '0', credit_limit: '0' }]],
    [/UPDATE customers SET balance/, [[{ balance: '-3000' }]]],
    [/UPDATE vaults SET balance/, [[mainVault]]],
    [/FROM stock_levels WHERE inventory_id/, [{ variant_id: 'v-1', on_hand: '5', reserved: '0' }]],
  ]);
  return Object.assign(m, {
    getRepository: () => ({ findOneBy: async () => ({ id: 1, ...settings }) }),
  });
}

export const fakeLedger = () => {
  const calls: unknown[][] = [];
  return {
    calls,
    ledger: {
      lockBalances: StockLedger.prototype.lockBalances,
      reserve: async (...args: unknown[]) => {
        calls.push(args.slice(1));
      },
    } as unknown as StockLedger,
  };
};

export const subscribers = () => new DomainEventSubscribers();
