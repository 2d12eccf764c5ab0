// Tables core owns that have no entity class: the command runner's idempotency records, and the
// tills' cashier grants (auth/device-grants.ts).
// The table-ownership check (tests/lint/table-ownership.spec.ts) reads this list with the entity files.
export const OWNED_TABLES = ['idempotency_keys', 'device_grants'] as const;
