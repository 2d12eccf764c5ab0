// Tables purchasing owns that have no entity class.
// The table-ownership check (tests/lint/table-ownership.spec.ts) reads this list with the entity files.
export const OWNED_TABLES = [
  'purchase_invoice_lines',
  'purchase_returns',
  'purchase_return_lines',
  'vendor_payments',
  'vendor_payment_allocations',
] as const;
