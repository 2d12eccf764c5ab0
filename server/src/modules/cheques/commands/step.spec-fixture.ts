import { DomainEventSubscribers } from '../../../core/cqrs';
import { fakeManager, type QueryStub } from '../../../core/cqrs/testing';
import { vaultRow } from '../../../core/cqrs/spec-rows';

/** A cheque row as the database answers it, for the step handlers' specs. */
export const chequeRow = (over: Record<string, unknown> = {}) => ({
  id: 'ch-1',
  direction: 'received',
  status: 'received',
  number: '1001',
  bank: 'بنك مصر',
  amount: '5000',
  customer_id: 'c-1',
  vendor_id: null,
  branch_id: 'b-1',
  vault_id: null,
  ...over,
});

export const bankVault = (over: Record<string, unknown> = {}) =>
  vaultRow({
    id: 'bank-1',
    name: 'البنك',
    type: 'bank',
    balance: '100000',
    account_id: 'acc-bank',
    ...over,
  });

/** The stubs of a step on this cheque (the party and the vault answer like the real tables). */
export function stepManager(cheque: Record<string, unknown>, extra: QueryStub[] = []) {
  return fakeManager([
    ...extra,
    [/FROM cheques WHERE id = \$1/, [cheque]],
    [/FROM customers WHERE id = \$1 FOR UPDATE/, [{ id: 'c-1', balance: '0', credit_limit: '0' }]],
    [
      /FROM vendors WHERE id = \$1 FOR UPDATE/,
      [{ id: 'v-1', balance: '0', active: true, payment_terms_days: 0 }],
    ],
    // the received cheque's payment row, whose invoice allocations a bounce or cancel releases
    [/SELECT id FROM customer_ledger WHERE reference_type = 'cheque'/, [{ id: 'l-1' }]],
    [/SELECT 1 FROM vaults/, [{ '?column?': 1 }]],
    [/FROM vaults WHERE id = \$1 FOR UPDATE/, [bankVault()]],
    [/UPDATE vaults SET balance/, [[bankVault({ balance: '105000' })]]],
    [/UPDATE customers SET balance/, [[{ balance: '5000' }]]],
    [/UPDATE vendors SET balance/, [[{ balance: '5000' }]]],
  ]);
}

export const subscribers = () => new DomainEventSubscribers();
