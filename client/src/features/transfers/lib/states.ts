import type { ChipProps } from '@mui/material/Chip';
import type { TransferState } from '@pos/contracts';

export const STATE_COLORS: Record<TransferState, ChipProps['color']> = {
  draft: 'default',
  requested: 'warning',
  approved: 'info',
  rejected: 'error',
  shipped: 'primary',
  received: 'success',
  partially_received: 'secondary',
  cancelled: 'default',
};
