import Dexie, { type EntityTable, type Table } from 'dexie';
import type {
  DeviceEReceiptData,
  DevicePaymentMethod,
  DeviceReceiptData,
  Unit,
} from '@pos/contracts';

// The device's copy of its branch's catalog (issue 32 item 2, docs/decisions/0070): the
// `pos-catalog` IndexedDB database. It holds nothing the server does not have, so it may be
// dropped and rebuilt at any time (never the `pos-outbox` database, which holds the sales).

export type DeviceVariant = {
  id: string;
  productId: string;
  productName: string;
  productNameEn: string | null;
  sku: string;
  barcodes: string[];
  properties: Record<string, string>;
  sellPrice: number;
  minSellPrice: number;
  vatRate: number;
  unit: Unit;
  /** The product's ETA item (issue 32 item 6); undefined: synced before the server sent it. */
  etaItemType?: 'GS1' | 'EGS' | null;
  etaItemCode?: string | null;
  /** The product's category (issue 33); undefined: synced before the server sent it. */
  categoryId?: string | null;
  /** a tracked product (issue 34); absent: not tracked */
  tracking?: 'serial' | 'batch';
  imeiCount?: number;
  /**
   * Its barcodes and SKU, normalised (normalizeArabic: lower case), multiEntry index: a scan
   * looks its code up here (then checks it exactly), a search a typed word's start.
   */
  codes: string[];
  /** Its product's number on this device (`DeviceProduct.n`: what the postings list). */
  productNo: number;
};

/**
 * A product as the search knows it (docs/decisions/0076): its number on this device (dense,
 * given in the order products arrive), its normalised words (names and its variants' property
 * values; codes are in `codes`) and its variants' ids. Words and ids only grow between two full
 * loads: a search checks every variant it finds, so a stale one costs a read, never a wrong result.
 */
export type DeviceProduct = { id: string; n: number; words: string[]; variantIds: string[] };

/**
 * A word's products: the numbers of the products that have the word, in chunks of
 * POSTING_CHUNK numbers (`c` = n / POSTING_CHUNK), keyed by [word, chunk]: a typed word's start
 * is one range of keys read in order (no index), and a page of the load rewrites only the chunks
 * its products fall in.
 */
export type DevicePosting = { w: string; c: number; ids: Int32Array };
export const POSTING_CHUNK = 8192;

export type DeviceStock = { variantId: string; onHand: number; reserved: number };

export type DeviceCustomer = {
  id: string;
  name: string;
  phone: string | null;
  balance: number;
  creditLimit: number;
  words: string[];
};

/** The sync's state: the inventory copied, the cursor of the last complete sync, the receipt. */
export type DeviceMeta = {
  key: 'sync';
  inventoryId: string;
  cursor: string | null;
  syncedAt: string | null;
  receipt: DeviceReceiptData | null;
  /** The till's e-receipt data (issue 32 item 6) as of the last sync. */
  eReceipt?: DeviceEReceiptData | null;
  /** The variants were loaded with their ETA item (else the next sync is a full load). */
  etaRows?: boolean;
  /** The variants were loaded with their category (issue 33; else the next sync is a full load). */
  categoryRows?: boolean;
};

export type PosCatalogDb = Dexie & {
  variants: EntityTable<DeviceVariant, 'id'>;
  products: EntityTable<DeviceProduct, 'id'>;
  postings: Table<DevicePosting, [string, number]>;
  stock: EntityTable<DeviceStock, 'variantId'>;
  customers: EntityTable<DeviceCustomer, 'id'>;
  paymentMethods: EntityTable<DevicePaymentMethod, 'id'>;
  meta: EntityTable<DeviceMeta, 'key'>;
};

export const CATALOG_DB_NAME = 'pos-catalog';

export function openCatalogDb(name = CATALOG_DB_NAME): PosCatalogDb {
  // Relaxed durability: the catalog is a copy of the server's (a write lost to a power cut is
  // fetched again: the cursor is written last); the outbox's database keeps the default.
  const db = new Dexie(name, { chromeTransactionDurability: 'relaxed' }) as PosCatalogDb;
  db.version(1).stores({
    variants: 'id, *codes, *words',
    stock: 'variantId',
    customers: 'id, phone, *words',
    paymentMethods: 'id',
    meta: 'key',
  });
  // Version 1 kept every variant's words in a multiEntry index (≈ 10 entries a variant, SKU and
  // barcodes twice). Its variants are dropped (deleting the store is cheap; re-indexing 500k rows
  // in the upgrade would not be) and the sync state with them: the next sync is a full load.
  db.version(2)
    .stores({ variants: null })
    .upgrade((tx) => tx.table('meta').clear());
  db.version(3).stores({ variants: 'id, *codes', products: 'id, &n', postings: '[w+c]' });
  return db;
}

let shared: PosCatalogDb | null = null;
/** The till's one connection to `pos-catalog`. */
export const catalogDb = (): PosCatalogDb => (shared ??= openCatalogDb());
