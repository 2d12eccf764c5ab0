import { useLiveEvent, useLiveResync } from '../../../shared/realtime';

/**
 * Live stock per cart line: `stock.changed` events of the POS inventory (pushed to the branch
 * room) carry on hand and reserved (approved transfers), so the line shows what is available.
 * After a reconnect events may have been missed: `onResync` lets the screen refetch.
 */
export function useLiveOnHand(
  inventoryId: string | null,
  onChange: (variantId: string, onHand: number, reserved: number) => void,
  onResync: () => void,
): void {
  useLiveEvent('stock.changed', (event) => {
    if (inventoryId && event.payload.inventoryId === inventoryId) {
      onChange(event.payload.variantId, event.payload.onHand, event.payload.reserved ?? 0);
    }
  });
  useLiveResync(onResync);
}
