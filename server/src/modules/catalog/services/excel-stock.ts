import Decimal from 'decimal.js';
import type { EntityManager } from 'typeorm';
import {
  LIMITS,
  normalizeSerial,
  translateServer,
  TRACKINGS,
  type ImportReportDto,
  type Locale,
  type Tracking,
} from '@pos/contracts';
import type { AuthUser } from '../../../core/auth/auth.types';
import { branchWriteScope } from '../../../core/auth/branch-scope';
import { AppException } from '../../../core/errors/app.exception';
import { checkTrackedLines, type ProductTracking, type TrackedLine } from '../../inventory';

/**
 * The product import's opening stock (issue 34 item 2, docs/decisions/0118): an inventory (else the
 * importing user's branch's default one) and a quantity per row; for a serial product its units
 * (a list in one cell), for a batch product one lot per row (a product of several lots repeats its
 * SKU on a row per lot). Checked as the screens check them (checkTrackedLines) before anything is
 * written, each problem reported on its row and named by its column.
 */
export type RowStock = {
  inventory: string | null;
  quantity: number | null;
  /** the codes in the serials cell, in order (a dual-SIM phone's two IMEIs side by side) */
  codes: string[];
  lot: string | null;
  expiryDate: string | null;
  productionDate: string | null;
  /** filled by checkImportStock: where and what exactly moves */
  inventoryId?: string;
  line?: Omit<TrackedLine, 'variantId'>;
};

export const STOCK_COLUMN_KEYS = [
  'inventory',
  'quantity',
  'serials',
  'lot',
  'expiryDate',
  'productionDate',
] as const;

/** The tracking cell: the code or its Arabic word (as the product form names them). */
const TRACKING_WORDS: Record<string, Tracking> = {
  بدون: 'none',
  'بدون تتبع': 'none',
  تسلسلي: 'serial',
  'رقم تسلسلي': 'serial',
  سيريال: 'serial',
  imei: 'serial',
  تشغيلة: 'batch',
  'رقم تشغيلة': 'batch',
  'بالتشغيلة وتاريخ الصلاحية': 'batch',
  'بالرقم التسلسلي / imei': 'serial',
};

export function parseTracking(text: string): Tracking | null | undefined {
  if (!text) return null;
  const word = text.trim().toLowerCase();
  return (TRACKINGS as readonly string[]).includes(word)
    ? (word as Tracking)
    : TRACKING_WORDS[word];
}

/** A date cell (a date, Excel's day number, or YYYY-MM-DD, or D/M/YYYY as typed in Egypt) → YYYY-MM-DD, or undefined. */
export function parseDateCell(value: unknown, text: string): string | null | undefined {
  if (value instanceof Date) return isNaN(value.getTime()) ? undefined : iso(value);
  // a date cell read without its style is Excel's day number (days since 1899-12-30)
  if (typeof value === 'number')
    return Number.isInteger(value) && value > 0 && value < 2_958_466
      ? iso(new Date(Date.UTC(1899, 11, 30) + value * 86_400_000))
      : undefined;
  if (!text) return null;
  const t = normalizeSerial(text);
  let y: number, mo: number, d: number;
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(t);
  if (m) [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  else if ((m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(t)))
    [y, mo, d] = [Number(m[3]), Number(m[2]), Number(m[1])];
  else return undefined;
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d
    ? iso(date)
    : undefined;
}

const iso = (d: Date) => d.toISOString().slice(0, 10);

/** A serials cell: codes separated by commas, semicolons, spaces or new lines. */
export const serialCodes = (text: string): string[] =>
  text
    .split(/[\s,،;؛]+/)
    .map(normalizeSerial)
    .filter(Boolean);

/** An opening quantity: above zero, at most 3 decimals and the stock limit; else undefined. */
export function parseQuantity(text: string): number | null | undefined {
  if (!text) return null;
  if (!/^\d+(\.\d{1,3})?$/.test(text)) return undefined;
  const q = new Decimal(text);
  return q.gt(0) && q.lte(LIMITS.stockQuantity) ? q.toNumber() : undefined;
}

/** A row being imported, as far as its stock is concerned. */
export type StockRow = {
  row: number;
  sku: string | null;
  nameAr: string;
  tracking: Tracking | null;
  imeiCount: number | null;
  stock: RowStock | null;
  /** a later row of the same SKU: the first row's number */
  continues?: number;
};

type Bad = (row: number, key: string, message: string) => void;

/** A row's product: `key` is its variant id, or `row-N` for a product the import creates. */
type Product = ProductTracking & { key: string };

/** A tracking message without its leading field (the report names the column). */
const say = (locale: Locale, key: string, params: Record<string, string | number> = {}) =>
  translateServer(locale, key, { ...params, field: '' }).replace(/^:\s*/, '');

/**
 * The stock of every row against the database, before any write: the product's tracking (the
 * existing product's, else the row's), the inventory, the permission, the units or lot as the
 * screens check them, a code repeated in the file, a serial already in stock, a lot already
 * recorded with another expiry. Fills each good row's `inventoryId` and `line`.
 */
export async function checkImportStock(
  m: EntityManager,
  rows: StockRow[],
  existing: ReadonlyMap<string, string>,
  user: AuthUser,
  locale: Locale,
  msg: Record<string, string>,
  bad: Bad,
): Promise<void> {
  // a file of products only (the usual update of prices) costs nothing more
  if (!rows.some((r) => r.stock || r.tracking !== null || r.imeiCount !== null)) return;
  const variantIds = [...existing.values()];
  const known = new Map<string, ProductTracking>();
  if (variantIds.length)
    for (const r of await m.query(
      `SELECT v.id AS variant_id, p.tracking, p.imei_count, p.name_ar AS name
         FROM variants v JOIN products p ON p.id = v.product_id WHERE v.id = ANY($1::uuid[])`,
      [variantIds],
    ))
      known.set(r.variant_id, r);
  const firstOf = new Map(rows.filter((r) => !r.continues).map((r) => [r.row, r]));
  // Each row's product as the import leaves it: an existing product keeps its tracking.
  const productOf = (r: StockRow): Product => {
    const first = r.continues ? (firstOf.get(r.continues) ?? r) : r;
    const variantId = first.sku ? existing.get(first.sku) : undefined;
    const found = variantId ? known.get(variantId) : undefined;
    if (found) return { ...found, key: found.variant_id };
    return {
      variant_id: `row-${first.row}`,
      key: `row-${first.row}`,
      tracking: first.tracking ?? 'none',
      imei_count: first.imeiCount ?? 0,
      name: first.nameAr,
    };
  };
  for (const r of rows) {
    if (r.continues) continue;
    const product = productOf(r);
    if (!product.key.startsWith('row-')) {
      if (r.tracking !== null && r.tracking !== product.tracking)
        bad(r.row, 'tracking', msg.trackingFixed);
      if (r.imeiCount !== null && r.imeiCount !== Number(product.imei_count))
        bad(r.row, 'imeiCount', msg.trackingFixed);
    } else if ((r.imeiCount ?? 0) > 0 && (r.tracking ?? 'none') !== 'serial')
      bad(r.row, 'imeiCount', say(locale, 'validation.tracking.imeiNeedsSerial'));
  }
  const withStock = rows.filter((r) => r.stock);
  if (!withStock.length) return;
  const inventories = await inventoriesOf(m, user);
  const seenCodes = new Map<string, number>();
  const seenLots = new Map<string, { row: number; expiry: string }>();
  const serialRows: { r: StockRow; product: Product; codes: string[] }[] = [];
  const lotRows: { r: StockRow; variantId: string; lot: string; expiry: string }[] = [];
  for (const r of withStock) {
    const stock = r.stock!;
    if (!user.permissions.includes('can_adjust_stock')) {
      bad(r.row, 'quantity', msg.stockPermission);
      continue;
    }
    const inventoryId = pickInventory(inventories, stock.inventory, user);
    if (!inventoryId) {
      bad(
        r.row,
        'inventory',
        stock.inventory ? `${msg.inventory}: ${stock.inventory}` : msg.required,
      );
      continue;
    }
    const product = productOf(r);
    const imeiCount = Number(product.imei_count);
    const units: { serial: string; imei2?: string | null }[] =
      imeiCount >= 2
        ? stock.codes
            .filter((_, i) => i % 2 === 0)
            .map((serial, i) => ({ serial, imei2: stock.codes[2 * i + 1] ?? null }))
        : stock.codes.map((serial) => ({ serial }));
    const quantity =
      stock.quantity ?? (product.tracking === 'serial' && units.length ? units.length : null);
    if (quantity === null) {
      bad(r.row, 'quantity', msg.required);
      continue;
    }
    const line: TrackedLine = {
      field: '',
      variantId: product.key,
      quantity,
      serials: units.length ? units : null,
      batch: stock.lot
        ? {
            lot: stock.lot,
            expiryDate: stock.expiryDate ?? '',
            productionDate: stock.productionDate,
          }
        : null,
    };
    try {
      await checkTrackedLines(m, [line], new Map([[product.key, product]]));
    } catch (e) {
      if (!(e instanceof AppException) || !e.details.length) throw e;
      const [{ key, params = {} }] = e.details;
      const column = columnOf(key, String(params.field ?? ''), stock);
      bad(r.row, column, say(locale, key, params));
      continue;
    }
    const codes = units.flatMap((u) => (u.imei2 ? [u.serial, u.imei2] : [u.serial]));
    const again = codes.find((c) => seenCodes.has(c));
    if (again) {
      bad(
        r.row,
        'serials',
        `${say(locale, 'validation.tracking.duplicate', { serial: again })} (${seenCodes.get(again)})`,
      );
      continue;
    }
    codes.forEach((c) => seenCodes.set(c, r.row));
    if (line.batch) {
      const lotKey = `${product.key}|${normalizeSerial(line.batch.lot)}`;
      const before = seenLots.get(lotKey);
      if (before && before.expiry !== line.batch.expiryDate) {
        bad(
          r.row,
          'expiryDate',
          say(locale, 'validation.tracking.expiryMismatch', {
            lot: normalizeSerial(line.batch.lot),
            expiry: before.expiry,
          }),
        );
        continue;
      }
      seenLots.set(lotKey, { row: r.row, expiry: line.batch.expiryDate });
      if (!product.key.startsWith('row-'))
        lotRows.push({
          r,
          variantId: product.key,
          lot: normalizeSerial(line.batch.lot),
          expiry: line.batch.expiryDate,
        });
    }
    if (codes.length) serialRows.push({ r, product, codes });
    stock.inventoryId = inventoryId;
    stock.line = { field: line.field, quantity, serials: line.serials, batch: line.batch };
  }
  await inStockAlready(m, serialRows, locale, bad);
  await lotsRecordedElse(m, lotRows, locale, bad);
}

/** The column a tracked-line refusal belongs to. */
function columnOf(key: string, field: string, stock: RowStock): string {
  if (field.includes('.batch.expiryDate')) return 'expiryDate';
  if (field.includes('.batch.productionDate')) return 'productionDate';
  if (field.includes('.batch.lot') || key.endsWith('lotInvalid')) return 'lot';
  if (field.includes('.serials') || key.endsWith('serialsRequired')) return 'serials';
  if (key.endsWith('batchRequired')) return 'lot';
  if (key.endsWith('.count')) return 'quantity';
  if (key.endsWith('notTracked')) return stock.codes.length ? 'serials' : 'lot';
  return 'quantity';
}

type Inventory = {
  id: string;
  name: string;
  branch: string;
  branch_id: string;
  is_default: boolean;
};

async function inventoriesOf(m: EntityManager, user: AuthUser): Promise<Inventory[]> {
  return m.query(
    `SELECT i.id, i.name, b.name AS branch, i.branch_id, i.is_default
       FROM inventories i JOIN branches b ON b.id = i.branch_id
      WHERE $1::uuid IS NULL OR i.branch_id = $1`,
    [branchWriteScope(user)],
  );
}

/**
 * The row's inventory: empty → the user's branch's default; else "branch - inventory", an
 * inventory of the user's branch by name, or the one inventory of that name the user may stock.
 */
function pickInventory(
  inventories: Inventory[],
  asked: string | null,
  user: AuthUser,
): string | undefined {
  if (!asked) return inventories.find((i) => i.branch_id === user.branchId && i.is_default)?.id;
  const name = asked.trim();
  const exact = inventories.find(
    (i) => `${i.branch} - ${i.name}` === name || `${i.branch} — ${i.name}` === name,
  );
  if (exact) return exact.id;
  const own = inventories.find((i) => i.branch_id === user.branchId && i.name === name);
  if (own) return own.id;
  const named = inventories.filter((i) => i.name === name);
  return named.length === 1 ? named[0].id : undefined;
}

/** A code already in stock (this product's serial, or any phone's IMEI): the row is refused. */
async function inStockAlready(
  m: EntityManager,
  rows: { r: StockRow; product: Product; codes: string[] }[],
  locale: Locale,
  bad: Bad,
): Promise<void> {
  const codes = rows.flatMap((x) => x.codes);
  if (!codes.length) return;
  const held: {
    variant_id: string;
    serial: string;
    imei2: string | null;
    place: string;
  }[] = await m.query(
    `SELECT su.variant_id, su.serial, su.imei2, b.name || ' — ' || i.name AS place
       FROM serial_units su JOIN inventories i ON i.id = su.inventory_id JOIN branches b ON b.id = i.branch_id
      WHERE su.status = 'in_stock' AND (su.serial = ANY($1::text[]) OR su.imei2 = ANY($1::text[]))`,
    [codes],
  );
  if (!held.length) return;
  for (const { r, product, codes: mine } of rows) {
    const phone = Number(product.imei_count) > 0;
    const hit = held.find(
      (h) =>
        (h.variant_id === product.key && mine.includes(h.serial)) ||
        (phone && (mine.includes(h.serial) || (!!h.imei2 && mine.includes(h.imei2)))),
    );
    if (!hit) continue;
    const serial = mine.find((c) => c === hit.serial || c === hit.imei2) ?? hit.serial;
    r.stock!.line = undefined;
    bad(r.row, 'serials', say(locale, 'validation.tracking.inStock', { serial, place: hit.place }));
  }
}

/** A lot this product already has, recorded with another expiry date. */
async function lotsRecordedElse(
  m: EntityManager,
  rows: { r: StockRow; variantId: string; lot: string; expiry: string }[],
  locale: Locale,
  bad: Bad,
): Promise<void> {
  if (!rows.length) return;
  const found: { variant_id: string; lot: string; expiry: string }[] = await m.query(
    `SELECT variant_id, lot, expiry_date::text AS expiry FROM batches
      WHERE variant_id = ANY($1::uuid[]) AND lot = ANY($2::text[])`,
    [rows.map((x) => x.variantId), rows.map((x) => x.lot)],
  );
  for (const x of rows) {
    const lot = found.find((f) => f.variant_id === x.variantId && f.lot === x.lot);
    if (lot && lot.expiry !== x.expiry)
      bad(
        x.r.row,
        'expiryDate',
        say(locale, 'validation.tracking.expiryMismatch', { lot: x.lot, expiry: lot.expiry }),
      );
  }
}

export type ImportErrors = ImportReportDto['errors'];
