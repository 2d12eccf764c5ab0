// Tables accounting owns that have no entity class: the chart of accounts and the journal.
// The table-ownership check (tests/lint/table-ownership.spec.ts) reads this list with the entity files.
export const OWNED_TABLES = [
  'accounts',
  'journal_entries',
  'journal_lines',
  'journal_hourly_balances',
  'journal_hourly_deltas',
] as const;
