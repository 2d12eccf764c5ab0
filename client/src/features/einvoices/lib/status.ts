import type { EInvoiceReceiverType, EInvoiceType, EReceiptStatus } from '@pos/contracts';

// The contracts' lists as local values: importing them at run time would bring the DTO module
// (and with it the validation chunk) into these pages.
export const STATUSES: EReceiptStatus[] = [
  'queued',
  'submitted',
  'valid',
  'invalid',
  'rejected',
  'cancelled',
];
export const TYPES: EInvoiceType[] = ['i', 'c', 'd'];
export const RECEIVER_TYPES: EInvoiceReceiverType[] = ['B', 'P', 'F'];

export const STATUS_COLOR: Record<
  EReceiptStatus,
  'default' | 'info' | 'success' | 'error' | 'warning'
> = {
  draft: 'default',
  queued: 'info',
  submitted: 'info',
  valid: 'success',
  invalid: 'error',
  rejected: 'error',
  cancelled: 'warning',
  chain_broken: 'error',
};
