// Tables loyalty owns (it has no entity classes).
// The table-ownership check (tests/lint/table-ownership.spec.ts) reads this list with the entity files.
export const OWNED_TABLES = ['loyalty_program', 'loyalty_balances', 'loyalty_ledger'] as const;
