// The till's device catalog (issue 32 item 2): what the till's components use. The Dexie database,
// the sync and the lookups load lazily (./service), from the till's own chunk.
import type { VariantResponseDto } from '@pos/contracts';
import { catalogApi } from '../../../catalog';

export { DeviceCatalogStrip } from './DeviceCatalogStrip';

export const loadCatalogService = () => import('./service');

/** The server cannot be reached: no network (status 0) or nobody answering behind the proxy. */
export const unreachable = (err: unknown): boolean => {
  const status = (err as { status?: unknown } | null)?.status;
  return status === 0 || status === 502 || status === 503 || status === 504;
};

/**
 * The till's product search: the server's, or the device catalog's when the server cannot be
 * reached (the same variant shape, so the line is added as always).
 */
export async function searchVariantsOrDevice(
  q: string,
  inventoryId: string | undefined,
  limit: number,
  signal?: AbortSignal,
): Promise<VariantResponseDto[]> {
  const device = async () => (await loadCatalogService()).deviceSearch(q, limit);
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return device();
  try {
    return await catalogApi.searchVariants(q, inventoryId, limit, signal);
  } catch (err) {
    if (!unreachable(err)) throw err;
    return device();
  }
}
