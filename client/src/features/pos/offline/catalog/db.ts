import Dexie, { type EntityTable } from 'dexie';
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
  /** What a scan finds it by: its barcodes and its SKU (exact, multiEntry index). */
  codes: string[];
  /** Its normalised words (normalizeArabic): names, property values, SKU, barcodes (multiEntry). */
  words: string[];
};

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
  stock: EntityTable<DeviceStock, 'variantId'>;
  customers: EntityTable<DeviceCustomer, 'id'>;
  paymentMethods: EntityTable<DevicePaymentMethod, 'id'>;
  meta: EntityTable<DeviceMeta, 'key'>;
};

export const CATALOG_DB_NAME = 'pos-catalog';

export function openCatalogDb(name = CATALOG_DB_NAME): PosCatalogDb {
  const db = new Dexie(name) as PosCatalogDb;
  db.version(1).stores({
    variants: 'id, *codes, *words',
    stock: 'variantId',
    customers: 'id, phone, *words',
    paymentMethods: 'id',
    meta: 'key',
  });
  return db;
}

let shared: PosCatalogDb | null = null;
/** The till's one connection to `pos-catalog`. */
export const catalogDb = (): PosCatalogDb => (shared ??= openCatalogDb());
