// Tables installments owns (it has no entity classes).
// The table-ownership check (tests/lint/table-ownership.spec.ts) reads this list with the entity files.
export const OWNED_TABLES = [
  'installment_plans',
  'installments',
  'installment_guarantors',
  'installment_payments',
  'installment_payment_lines',
  'installment_awaiting_plans',
] as const;
