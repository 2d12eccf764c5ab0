import type {
  DeviceCatalogPageDto,
  DeviceCatalogStartDto,
  DeviceEReceiptData,
  DevicePaymentMethod,
  DeviceReceiptData,
  VariantResponseDto,
} from '@pos/contracts';
import { http } from '../../../../shared/api/http';
import { outboxDb, type DeviceIdentity } from '../outbox/db';
import { catalogDb, type DeviceCustomer, type DeviceVariant } from './db';
import { findByCode, searchCustomers, searchVariants } from './lookup';
import { applyStockEvent, catalogReady, syncCatalog, type CatalogApi } from './sync';

// The till's device catalog as one service (this module is loaded lazily, from the till's chunk):
// the sync kept going (first load, then deltas every few minutes while online, on reconnect),
// its status for the progress strip, and the lookups the till falls back to.

/** Re-sync this often while online (and at once when the browser comes back online). */
export const RESYNC_MS = 5 * 60_000;

export type CatalogStatus = {
  state: 'idle' | 'loading' | 'ready' | 'error';
  /** The first load's progress (0..1); a delta shows none. */
  progress: number | null;
  syncedAt: string | null;
};

const httpApi: CatalogApi = {
  start: async (inventoryId, since) =>
    http.get<DeviceCatalogStartDto>('/device-catalog', {
      inventoryId,
      since,
      // the till's ETA POS serial comes back with the e-receipt data (issue 32 item 6)
      deviceId: await registeredDeviceId(),
    }),
  page: ({ inventoryId, part, since, after }) =>
    http.get<DeviceCatalogPageDto>('/device-catalog/page', { inventoryId, part, since, after }),
};

let status: CatalogStatus = { state: 'idle', progress: null, syncedAt: null };
const listeners = new Set<() => void>();
const setStatus = (next: Partial<CatalogStatus>) => {
  status = { ...status, ...next };
  for (const l of listeners) l();
};
export const catalogStatus = {
  get: (): CatalogStatus => status,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

let running: Promise<void> | null = null;

/** One sync now (joined when one is already running in this tab; one tab at a time). */
export function syncNow(inventoryId: string, api: CatalogApi = httpApi): Promise<void> {
  running ??= (async () => {
    const db = catalogDb();
    const ready = await catalogReady(db, inventoryId);
    if (!ready) setStatus({ state: 'loading', progress: 0 });
    const work = () =>
      syncCatalog(db, api, inventoryId, (p) => {
        if (p.full) setStatus({ state: 'loading', progress: p.total ? p.done / p.total : 1 });
      });
    try {
      // Another tab of this browser syncing the same database: wait for it, then ask for the rest.
      if (typeof navigator !== 'undefined' && navigator.locks)
        await navigator.locks.request('pos-catalog-sync', work);
      else await work();
      setStatus({ state: 'ready', progress: null, syncedAt: new Date().toISOString() });
    } catch {
      // Offline or the server down: what the device holds stays usable.
      setStatus({ state: ready ? 'ready' : 'error', progress: null });
    }
  })().finally(() => {
    running = null;
  });
  return running;
}

/**
 * Keeps the device catalog of `inventoryId` current while the till is open: a sync now, on
 * every return online and every RESYNC_MS while online. Returns the stop.
 */
export function keepCatalogSynced(inventoryId: string): () => void {
  const sync = () => {
    if (typeof navigator === 'undefined' || navigator.onLine !== false) void syncNow(inventoryId);
  };
  sync();
  const timer = window.setInterval(sync, RESYNC_MS);
  window.addEventListener('online', sync);
  return () => {
    window.clearInterval(timer);
    window.removeEventListener('online', sync);
  };
}

/** A live stock change of the till's inventory, kept on the device too. */
export function deviceStockChanged(change: {
  variantId: string;
  onHand: number;
  reserved: number;
}): void {
  void applyStockEvent(catalogDb(), change).catch(() => undefined);
}

/** The variant a scanned code names, from the device. */
export const deviceFindByCode = (code: string): Promise<VariantResponseDto | null> =>
  findByCode(catalogDb(), code);

/**
 * The till's search on the device: an exact code first, then the words typed. Asked for one
 * (the till's scan: it takes only an exact barcode or SKU from the answer), the code alone: a
 * name typed then Enter is not searched twice (the list is asked for next, with 20).
 */
export function deviceSearch(text: string, limit: number): Promise<VariantResponseDto[]> {
  // The same search already under way is shared (the till's search as typed and its Enter often
  // ask the same thing at once: one IndexedDB read, not two competing).
  const key = `${limit}\u0000${text}`;
  let running = searching.get(key);
  if (!running) {
    running = searchOnDevice(text, limit).finally(() => searching.delete(key));
    searching.set(key, running);
  }
  return running.then((found) => found.slice());
}
const searching = new Map<string, Promise<VariantResponseDto[]>>();

async function searchOnDevice(text: string, limit: number): Promise<VariantResponseDto[]> {
  const db = catalogDb();
  const started = performance.now();
  if (limit <= 1) {
    const hit = await findByCode(db, text);
    return hit ? [hit] : [];
  }
  // The code and the words at once (two read transactions, neither waits on the other).
  const [hit, found] = await Promise.all([findByCode(db, text), searchVariants(db, text, limit)]);
  // Its time on the page's timeline (the offline bench reads it: the lookup apart from the list).
  performance.measure('pos-device-search', { start: started, detail: text });
  return hit ? [hit, ...found.filter((v) => v.id !== hit.id)].slice(0, limit) : found;
}

/** Customers on the device (balance and credit limit as of the last sync), by phone or name. */
export const deviceCustomers = (text: string, limit = 20): Promise<DeviceCustomer[]> =>
  searchCustomers(catalogDb(), text, limit);

/** The active payment methods on the device, in the store's order. */
export const devicePaymentMethods = async (): Promise<DevicePaymentMethod[]> =>
  (await catalogDb().paymentMethods.toArray()).sort((a, b) => a.sortOrder - b.sortOrder);

/** What the receipt prints besides the sale, as of the last sync. */
export const deviceReceiptData = async (): Promise<DeviceReceiptData | null> =>
  (await catalogDb().meta.get('sync'))?.receipt ?? null;

/** This till's id once the server registered it (undefined before). */
async function registeredDeviceId(): Promise<string | undefined> {
  try {
    const device = (await outboxDb().meta.get('device')) as DeviceIdentity | undefined;
    return device?.branchId ? device.id : undefined;
  } catch {
    return undefined;
  }
}

/** The till's e-receipt data as of the last sync (issue 32 item 6). */
export const deviceEReceiptData = async (): Promise<DeviceEReceiptData | null> =>
  (await catalogDb().meta.get('sync'))?.eReceipt ?? null;

/** The device's variants of these ids (missing ones left out). */
export async function deviceVariants(ids: string[]): Promise<DeviceVariant[]> {
  return (await catalogDb().variants.bulkGet(ids)).filter((v): v is DeviceVariant => !!v);
}
