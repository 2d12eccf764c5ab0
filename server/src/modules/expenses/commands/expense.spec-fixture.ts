import { fakeManager, fakeRunner, testUser, type QueryStub } from '../../../core/cqrs/testing';
import { vaultRow as cashVaultRow } from '../../../core/cqrs/spec-rows';

// Reads of the handlers that their specs answer with no rows (the fake throws on SQL it has no
// stub for), after the stubs above.
const READS_ANSWERED_EMPTY: QueryStub[] = [
  [/^\s*SELECT 1 FROM expenses WHERE recurring_id = \$1 AND status = 'recorded'/, []],
];

/** A vault row as `moveVault`'s UPDATE … RETURNING answers it. */
export const vaultRow = (balance: number) =>
  cashVaultRow({ name: 'الخزينة الرئيسية', balance: String(balance), account_id: 'acc-vault' });

/** The reads every expense command makes, answered for branch b-1 on 2026-11-25 (Cairo). */
export function expenseStubs(extra: QueryStub[] = []): QueryStub[] {
  return [
    ...extra,
    [/books_closed_until/, [{ today: '2026-11-25', closed: '2026-09-30', zone: 'Africa/Cairo' }]],
    [/FROM expense_categories/, [{ id: 'c-1', name: 'كهرباء', active: true, account_id: 'acc-c' }]],
    [/SELECT id, name, branch_id FROM vaults/, [{ id: 'v-1', name: 'الخزينة', branch_id: 'b-1' }]],
    [/SELECT code FROM branches/, [{ code: 'B01' }]],
    [/document_sequences/, [{ last: 7 }]],
    [/UPDATE vaults SET balance/, [[vaultRow(40_000)], 1]],
  ];
}

export function setup(extra: QueryStub[] = []) {
  const m = fakeManager([...expenseStubs(extra), ...READS_ANSWERED_EMPTY]);
  return { m, runner: fakeRunner(m) };
}

export const accountant = testUser({ permissions: ['can_see_expenses'] });
export const otherBranch = testUser({
  id: 'u-2',
  branchId: 'b-2',
  permissions: ['can_see_expenses'],
});
