import type { SellableBatchesDto, SellableSerialDto } from '@pos/contracts';
import { http } from '../../../shared/api/http';
import { unreachable } from '../offline/catalog';

// The till's look-ups of serials and lots (issue 34, docs/decisions/0107): for whoever sells at
// the inventory's branch (the server checks the branch; no stock permission needed).

/** What a code scanned at the till is: the unit in stock here, none (404), or unknown offline. */
export type SerialAnswer =
  { kind: 'unit'; unit: SellableSerialDto } | { kind: 'none' } | { kind: 'offline' };

const browserOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/** GET /api/Serials/{code}/sellable: the unit a serial or an IMEI names, in stock at the inventory. */
export async function sellableSerial(
  code: string,
  inventoryId: string | null,
): Promise<SerialAnswer> {
  if (browserOffline()) return { kind: 'offline' };
  try {
    const unit = await http.get<SellableSerialDto>(
      `/Serials/${encodeURIComponent(code)}/sellable`,
      inventoryId ? { inventoryId } : undefined,
    );
    return { kind: 'unit', unit };
  } catch (err) {
    if (unreachable(err)) return { kind: 'offline' };
    if ((err as { status?: number }).status === 404) return { kind: 'none' };
    throw err;
  }
}

/**
 * GET /api/Inventories/{id}/sellable-batches: a batch product's lots here, bounded (the first
 * unexpired ones in FEFO order and the latest expired ones; `more` when there are more, `q`
 * searching by lot number: docs/decisions/0123), and the first-expiry-first-out pick of the line's
 * quantity (the server's: the till carries no pick).
 */
export const sellableBatches = (
  inventoryId: string,
  variantId: string,
  quantity: number,
  q?: string,
) =>
  http.get<SellableBatchesDto>(`/Inventories/${inventoryId}/sellable-batches`, {
    variantId,
    quantity,
    ...(q ? { q } : {}),
  });
