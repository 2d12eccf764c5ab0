import type { ChipProps } from '@mui/material/Chip';
import type { TransferState } from '@pos/contracts';

const COLORS: Record<TransferState, ChipProps['color']> = {
  draft: 'default',
  requested: 'warning',
  approved: 'info',
  rejected: 'error',
  shipped: 'primary',
  received: 'success',
  partially_received: 'secondary',
  cancelled: 'default',
};

export const stateColor = (state: TransferState) => COLORS[state];
