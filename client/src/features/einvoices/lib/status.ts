import type { EReceiptStatus } from '@pos/contracts';

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
};

/** ETA decimal text (EGP) as whole piasters for the one money formatter. */
export const etaToPiasters = (amount: string): number => Math.round(Number(amount) * 100);
