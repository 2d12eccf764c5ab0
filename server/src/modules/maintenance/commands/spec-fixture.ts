import { fakeManager, type FakeManager, type QueryStub } from '../../../core/cqrs/testing';
import { vaultRow as cashVaultRow } from '../../../core/cqrs/spec-rows';

// Reads of the handlers that their specs answer with no rows (the fake throws on SQL it has no
// stub for), after the stubs above.
const READS_ANSWERED_EMPTY: QueryStub[] = [
  [/^\s*SELECT status, count\(\*\)::int AS n FROM maintenance_tickets/, []],
  [/^\s*SELECT variant_id, quantity, unit_price, unit_cost FROM maintenance_parts/, []],
  [/^\s*SELECT c\.name, concat_ws\(' ', t\.brand, t\.model\) AS device/, []],
];

/** A locked ticket row as the handlers read it (for the handler specs). */
export const ticketRow = (over: Record<string, unknown> = {}) => ({
  id: 't-1',
  number: 'B01-MN-000001',
  status: 'received',
  branch_id: 'b-1',
  customer_id: 'c-1',
  deposit: '0',
  labour: '0',
  parts_total: '0',
  paid: '0',
  warranty_of_id: null,
  technician_id: null,
  ...over,
});

export const vaultRow = cashVaultRow({ name: 'الخزينة الرئيسية', balance: '100000' });

/**
 * A manager answering the ticket lock, the branch's main vault and the vault moves, and the store
 * settings (`serviceVatRate` 0 unless given).
 */
export const ticketManager = (
  ticket: Record<string, unknown>,
  more: QueryStub[] = [],
  settings: { serviceVatRate?: number } = {},
): FakeManager =>
  Object.assign(
    fakeManager([
      ...more,
      [/FROM maintenance_tickets WHERE id = \$1 FOR UPDATE/, [ticket]],
      [/FROM vaults WHERE branch_id = \$1 AND is_main/, [{ id: 'v-1', account_id: 'acc-v1' }]],
      [/FROM vaults WHERE id = \$1 FOR UPDATE/, [vaultRow]],
      [/UPDATE vaults SET balance/, [[vaultRow]]],
      [/FROM branches/, [{ id: 'b-1', code: 'B01' }]],
      [/INSERT INTO document_sequences/, [{ last: 7 }]],
      ...READS_ANSWERED_EMPTY,
    ]),
    {
      getRepository: () => ({
        findOneBy: async () => ({ id: 1, serviceVatRate: 0, ...settings }),
      }),
    },
  );
