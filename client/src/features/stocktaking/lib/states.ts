import type { ChipProps } from '@mui/material/Chip';
import type { StockTakingState } from '@pos/contracts';

/** A session's state as a chip colour. */
export const STATE_COLOR: Record<StockTakingState, ChipProps['color']> = {
  posted: 'success',
  open: 'primary',
  review: 'warning',
  cancelled: 'default',
};
