/**
 * The header columns every vendor document's read model starts with (purchase orders, purchase
 * invoices), for `rowFields`.
 */
export const VENDOR_DOCUMENT_COLUMNS = [
  'id',
  'number',
  'status',
  'vendor_id',
  'vendor_name',
  'branch_id',
] as const;
