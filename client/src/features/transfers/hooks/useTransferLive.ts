import type { LiveEvent, LiveEventType, TransferPayload } from '@pos/contracts';
import { useLiveEvent } from '../../../shared/realtime';

export const TRANSFER_EVENTS = [
  'transfer.requested',
  'transfer.approved',
  'transfer.rejected',
  'transfer.shipped',
  'transfer.received',
  'transfer.cancelled',
] as const satisfies LiveEventType[];

/** Runs the handler on every transfer.* event pushed to this user's branch. */
export function useTransferLive(
  handler: (event: LiveEvent<(typeof TRANSFER_EVENTS)[number]>, payload: TransferPayload) => void,
) {
  const run = (e: LiveEvent<(typeof TRANSFER_EVENTS)[number]>) => handler(e, e.payload);
  useLiveEvent('transfer.requested', run);
  useLiveEvent('transfer.approved', run);
  useLiveEvent('transfer.rejected', run);
  useLiveEvent('transfer.shipped', run);
  useLiveEvent('transfer.received', run);
  useLiveEvent('transfer.cancelled', run);
}
