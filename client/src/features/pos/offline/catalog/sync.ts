import type { Table } from 'dexie';
import {
  DEVICE_CATALOG_PARTS,
  type DeviceCatalogPageDto,
  type DeviceCatalogPart,
  type DeviceCatalogStartDto,
  type DeviceCustomerRow,
  type DeviceStockRow,
  type DeviceVariantRow,
} from '@pos/contracts';
import { POSTING_CHUNK, type DeviceMeta, type PosCatalogDb } from './db';
import { customerFromRow, indexPage, variantFromRow } from './keys';

// The device catalog's sync: the first load streams every part in keyset pages (progress
// reported), then each sync asks only for what changed since the cursor of the last complete one.
// The cursor is stored only once every page of a sync is in, so a sync cut short is simply
// repeated from the previous cursor (each row written is the server's latest: writing it again is
// harmless).

export type CatalogApi = {
  start(inventoryId: string, since: string | null): Promise<DeviceCatalogStartDto>;
  page(query: {
    inventoryId: string;
    part: DeviceCatalogPart;
    since: string | null;
    after: string | null;
  }): Promise<DeviceCatalogPageDto>;
};

export type SyncProgress = { done: number; total: number; full: boolean };

const isBadCursor = (err: unknown) =>
  typeof err === 'object' && err !== null && (err as { status?: number }).status === 400;

/** The tables a full load replaces: the rows of the inventory and what indexes them. */
const loadedTables = (db: PosCatalogDb) => [
  db.variants,
  db.products,
  db.postings,
  db.stock,
  db.customers,
];

/** These tables emptied, in one transaction. */
async function clearTables(db: PosCatalogDb, tables: Table[]): Promise<void> {
  await db.transaction('rw', tables, () => Promise.all(tables.map((t) => t.clear())));
}

/** Everything the device holds about the catalog, gone (the next sync is a full load). */
export async function clearCatalog(db: PosCatalogDb): Promise<void> {
  await clearTables(db, [...loadedTables(db), db.paymentMethods, db.meta]);
}

/** Applies one page of a part: rows written, variants that left the sale deleted. */
export async function applyPage(
  db: PosCatalogDb,
  part: DeviceCatalogPart,
  page: Pick<DeviceCatalogPageDto, 'rows' | 'removed'>,
): Promise<void> {
  if (part === 'variants') {
    const rows = (page.rows as DeviceVariantRow[]).map(variantFromRow);
    await db.transaction('rw', db.variants, db.products, db.postings, async () => {
      // Their products (what a search finds) get the page's words, the postings their numbers.
      const held = await db.products.bulkGet([...new Set(rows.map((v) => v.productId))]);
      const last = (await db.products.orderBy('n').lastKey()) as number | undefined;
      const { products, added } = indexPage(
        rows,
        new Map(held.flatMap((p) => (p ? [[p.id, p] as const] : []))),
        (last ?? -1) + 1,
      );
      await Promise.all([
        db.variants.bulkPut(rows),
        db.products.bulkPut(products),
        addPostings(db, added),
      ]);
      // A product whose variants all left keeps its row (its words find none of them).
      if (page.removed.length) await db.variants.bulkDelete(page.removed);
    });
  } else if (part === 'stock') {
    await db.stock.bulkPut(
      (page.rows as DeviceStockRow[]).map(([variantId, onHand, reserved]) => ({
        variantId,
        onHand,
        reserved,
      })),
    );
  } else {
    await db.customers.bulkPut((page.rows as DeviceCustomerRow[]).map(customerFromRow));
  }
}

/** Product numbers appended to their words' postings (each to the chunk it falls in). */
async function addPostings(db: PosCatalogDb, added: Map<string, number[]>): Promise<void> {
  const byKey = new Map<string, { w: string; c: number; ids: number[] }>();
  for (const [w, ns] of added)
    for (const n of ns) {
      const c = Math.floor(n / POSTING_CHUNK);
      const k = `${c}\u0000${w}`;
      const entry = byKey.get(k);
      if (entry) entry.ids.push(n);
      else byKey.set(k, { w, c, ids: [n] });
    }
  const adds = [...byKey.values()];
  const held = await db.postings.bulkGet(adds.map((a) => [a.w, a.c] as [string, number]));
  await db.postings.bulkPut(
    adds.map(({ w, c, ids }, i) => {
      const before = held[i]?.ids ?? new Int32Array(0);
      const merged = new Int32Array(before.length + ids.length);
      merged.set(before);
      merged.set(ids, before.length);
      return { w, c, ids: merged };
    }),
  );
}

/** The sync's start: removals applied, payment methods replaced, the receipt data kept. */
export async function applyStart(db: PosCatalogDb, start: DeviceCatalogStartDto): Promise<void> {
  await db.transaction('rw', [db.variants, db.stock, db.customers, db.paymentMethods], async () => {
    if (start.removed.variants.length) {
      await db.variants.bulkDelete(start.removed.variants);
      await db.stock.bulkDelete(start.removed.variants);
    }
    if (start.removed.customers.length) await db.customers.bulkDelete(start.removed.customers);
    await db.paymentMethods.clear();
    await db.paymentMethods.bulkPut(start.paymentMethods);
  });
}

/**
 * One sync of the inventory's catalog: a full load when the device holds none (or another
 * inventory's, or its cursor is refused), else the changes since its cursor.
 */
export async function syncCatalog(
  db: PosCatalogDb,
  api: CatalogApi,
  inventoryId: string,
  onProgress: (p: SyncProgress) => void = () => undefined,
): Promise<{ full: boolean; cursor: string }> {
  let meta = await db.meta.get('sync');
  if (meta && meta.inventoryId !== inventoryId) {
    await clearCatalog(db);
    meta = undefined;
  }
  let since = meta?.cursor ?? null;
  let start: DeviceCatalogStartDto;
  try {
    start = await api.start(inventoryId, since);
    // Variants synced before the server sent their ETA item: loaded again, whole (once).
    // Variants synced before the rows carried their category (issue 33): loaded again (once).
    if (since && ((start.eReceipt && !meta?.etaRows) || !meta?.categoryRows)) {
      since = null;
      start = await api.start(inventoryId, null);
    }
  } catch (err) {
    if (!since || !isBadCursor(err)) throw err;
    await clearCatalog(db);
    since = null;
    start = await api.start(inventoryId, null);
  }
  if (start.full) {
    // A full load replaces whatever the device held (nothing stale survives it).
    await clearTables(db, loadedTables(db));
  }
  await applyStart(db, start);
  const total = DEVICE_CATALOG_PARTS.reduce((n, part) => n + start.counts[part], 0);
  let done = 0;
  onProgress({ done, total, full: start.full });
  for (const part of DEVICE_CATALOG_PARTS) {
    let pending: Promise<DeviceCatalogPageDto> | null = api.page({
      inventoryId,
      part,
      since,
      after: null,
    });
    while (pending) {
      const page: DeviceCatalogPageDto = await pending;
      // The next page is asked for while this one is written: the server and the network work
      // while IndexedDB does (a first load is about half each). Should the write fail, the sync
      // stops with its error and the request under way is left to settle unread.
      pending = page.next ? api.page({ inventoryId, part, since, after: page.next }) : null;
      pending?.catch(() => undefined);
      await applyPage(db, part, page);
      done = Math.min(total, done + page.rows.length + page.removed.length);
      onProgress({ done, total, full: start.full });
    }
  }
  const next: DeviceMeta = {
    key: 'sync',
    inventoryId,
    cursor: start.cursor,
    syncedAt: new Date().toISOString(),
    receipt: start.receipt,
    eReceipt: start.eReceipt ?? null,
    etaRows: Boolean(start.eReceipt),
    categoryRows: true,
  };
  await db.meta.put(next);
  onProgress({ done: total, total, full: start.full });
  return { full: start.full, cursor: start.cursor };
}

/** A live `stock.changed` of the till's inventory, kept on the device. */
export async function applyStockEvent(
  db: PosCatalogDb,
  change: { variantId: string; onHand: number; reserved: number },
): Promise<void> {
  await db.stock.put(change);
}

/** Whether the device holds a complete copy of this inventory's catalog. */
export async function catalogReady(db: PosCatalogDb, inventoryId: string): Promise<boolean> {
  const meta = await db.meta.get('sync');
  return Boolean(meta?.cursor && meta.inventoryId === inventoryId);
}
