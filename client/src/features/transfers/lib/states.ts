import type { TransferState } from '@pos/contracts';

type ChipColor = 'default' | 'primary' | 'secondary' | 'error' | 'info' | 'success' | 'warning';

const COLORS: Record<TransferState, ChipColor> = {
  draft: 'default',
  requested: 'warning',
  approved: 'info',
  rejected: 'error',
  shipped: 'primary',
  received: 'success',
  partially_received: 'secondary',
  cancelled: 'default',
};

export const stateColor = (state: TransferState): ChipColor => COLORS[state];
