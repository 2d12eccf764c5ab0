// Tables cash owns that have no entity class.
// The table-ownership check (tests/lint/table-ownership.spec.ts) reads this list with the entity files.
export const OWNED_TABLES = ['money_transactions'] as const;
