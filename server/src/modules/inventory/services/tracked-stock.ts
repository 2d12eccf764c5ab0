import { HttpStatus } from '@nestjs/common';
import Decimal from 'decimal.js';
import type { EntityManager } from 'typeorm';
import { uuidv7 } from '../../../core/database/ids';
import {
  normalizeSerial,
  SERIAL_PATTERN,
  serialLineProblem,
  type SerialProblem,
  type SerialStatus,
  type StockReason,
  type Tracking,
} from '@pos/contracts';
import { AppException, Errors } from '../../../core/errors/app.exception';
import { OutboxService } from '../../../core/outbox/outbox.service';
import type { MovementInput } from './stock-ledger.service';
import { branchesReceivingExpiring, expiringEvents } from './expiring-lots';

/**
 * One document line's units or lot, beside the ledger movement of its variant (issue 34,
 * docs/decisions/0100). `quantity` is signed like the movement: + in, − out.
 */
export type TrackedLine = {
  /** where the line sits in the request, for the message naming it: `lines.2` */
  field: string;
  variantId: string;
  quantity: number | string;
  serials?: { serial: string; imei2?: string | null }[] | null;
  batch?: { lot: string; expiryDate: string; productionDate?: string | null } | null;
};

export type ProductTracking = {
  variant_id: string;
  tracking: Tracking;
  imei_count: number;
  name: string;
};

/** A refusal naming the line (a 400 with its message key and parameters, nothing written). */
export const invalid = (key: string, params: Record<string, string | number>) =>
  new AppException('VALIDATION_FAILED', HttpStatus.BAD_REQUEST, {}, [{ key, params }]);

const PROBLEM_KEYS: Record<SerialProblem['kind'], string> = {
  invalid: 'validation.tracking.serialInvalid',
  imei: 'validation.tracking.imei',
  imei2Missing: 'validation.tracking.imei2Missing',
  duplicate: 'validation.tracking.duplicate',
};

/** Where a unit goes when a movement takes it out of stock. */
const OUT_STATUS: Partial<Record<StockReason, SerialStatus>> = {
  sale: 'sold',
  purchase_return: 'returned',
};

/** Each variant's product tracking and its display name (the messages name it). */
export async function trackingOf(
  m: EntityManager,
  variantIds: string[],
): Promise<Map<string, ProductTracking>> {
  const rows: ProductTracking[] = await m.query(
    `SELECT v.id AS variant_id, p.tracking, p.imei_count,
            trim(p.name_ar || ' ' || COALESCE((SELECT string_agg(value, ' ') FROM jsonb_each_text(v.properties)), '')) AS name
       FROM products p JOIN variants v ON v.product_id = p.id WHERE v.id = ANY($1::uuid[])`,
    [[...new Set(variantIds)]],
  );
  return new Map(rows.map((r) => [r.variant_id, r]));
}

/**
 * The lines' serials and batches against their products' tracking, before anything is written
 * (a draft is saved with them too): a tracked product's line carries its units (one serial per
 * unit, IMEIs checked for a phone, no code twice on the document) or its lot; an untracked one
 * carries neither. The stock (a serial already in stock, a lot's expiry, what a lot holds) is
 * checked when the stock moves (recordTracked). Unknown variants answer 404.
 */
export async function checkTrackedLines(
  m: EntityManager,
  lines: readonly TrackedLine[],
  /** the lines' products as trackingOf read them already */
  known?: Map<string, ProductTracking> | null,
  /**
   * a draft's lines (a purchase invoice saved, not posted): what is there must be right, but the
   * units or lot may still be missing or short of the quantity (posting checks them whole)
   */
  opts: { draft?: boolean } = {},
): Promise<Map<string, ProductTracking>> {
  const info =
    known ??
    (await trackingOf(
      m,
      lines.map((l) => l.variantId),
    ));
  const seen = new Set<string>();
  for (const line of lines) {
    const product = info.get(line.variantId);
    if (!product) throw Errors.notFound();
    const name = product.name;
    const serials = line.serials ?? [];
    if (product.tracking === 'none') {
      if (serials.length || line.batch)
        throw invalid('validation.tracking.notTracked', { field: line.field, name });
      continue;
    }
    if (product.tracking === 'serial') {
      if ((!serials.length && !opts.draft) || line.batch)
        throw invalid('validation.tracking.serialsRequired', { field: line.field, name });
      const problem = serialLineProblem(
        unitsOf(serials, product.imei_count),
        product.imei_count,
        seen,
      );
      if (problem)
        throw invalid(PROBLEM_KEYS[problem.kind], {
          field: `${line.field}.serials.${problem.index}`,
          serial: problem.serial,
        });
      const quantity = new Decimal(line.quantity).abs();
      if (!quantity.eq(serials.length) && !(opts.draft && quantity.gt(serials.length)))
        throw invalid('validation.tracking.count', {
          field: line.field,
          count: serials.length,
          quantity: quantity.toString(),
        });
      continue;
    }
    if (serials.length || (!line.batch && !opts.draft))
      throw invalid('validation.tracking.batchRequired', { field: line.field, name });
    if (!line.batch) continue;
    const { productionDate, expiryDate } = line.batch;
    const lot = normalizeSerial(line.batch.lot);
    if (!SERIAL_PATTERN.test(lot))
      throw invalid('validation.tracking.lotInvalid', { field: `${line.field}.batch.lot`, lot });
    if (productionDate && productionDate > expiryDate)
      throw invalid('validation.tracking.productionAfterExpiry', {
        field: `${line.field}.batch.productionDate`,
      });
  }
  return info;
}

/**
 * A line's units as stored: normalised, and the second IMEI kept only for a dual-SIM phone (a
 * second code typed for anything else is not part of the unit).
 */
function unitsOf(
  serials: readonly { serial: string; imei2?: string | null }[],
  imeiCount: number,
): { serial: string; imei2: string | null }[] {
  return serials.map((u) => ({
    serial: normalizeSerial(u.serial),
    imei2: imeiCount >= 2 && u.imei2 ? normalizeSerial(u.imei2) : null,
  }));
}

/**
 * Records each tracked line's units or lot against the ledger movement of its variant, right after
 * `StockLedger.apply` wrote the movements, in the caller's transaction (`info`: what
 * checkTrackedLines answered for these lines, before any write). The ledger stays the one source:
 * every serial and batch row names the movement that moved it, and they sum to it. A document
 * whose lines track nothing costs nothing here.
 */
export async function recordTracked(
  m: EntityManager,
  movements: readonly MovementInput[],
  lines: readonly TrackedLine[],
  info: Map<string, ProductTracking>,
): Promise<void> {
  // a line that moves nothing has no movement (the ledger skips it) and no units or lot to move
  const tracked = lines.filter(
    (l) => info.get(l.variantId)?.tracking !== 'none' && !new Decimal(l.quantity).isZero(),
  );
  if (!tracked.length) return;
  const ids = await movementIds(m, movements);
  const received: { batchId: string; inventoryId: string }[] = [];
  for (const line of tracked) {
    const mv = movements.find((x) => x.variantId === line.variantId);
    const movementId = mv && ids.get(`${mv.inventoryId}|${mv.variantId}`);
    if (!mv || !movementId) throw Errors.notFound();
    const product = info.get(line.variantId)!;
    if (product.tracking === 'serial') await moveSerials(m, mv, movementId, line, product);
    else {
      const batchId = await moveBatch(m, mv, movementId, line);
      if (new Decimal(line.quantity).isPositive())
        received.push({ batchId, inventoryId: mv.inventoryId });
    }
  }
  // A lot received already inside the expiry window joins its branch's expiring list: pushed
  // live with this transaction (docs/decisions/0111); the daily check tells of lots the days bring.
  const branches = await branchesReceivingExpiring(m, received);
  if (branches.length) await new OutboxService().addMany(m, await expiringEvents(m, branches));
}

/** The ledger rows just written for these movements (one per inventory and variant). */
async function movementIds(
  m: EntityManager,
  movements: readonly MovementInput[],
): Promise<Map<string, string>> {
  const [first] = movements;
  if (!first) return new Map();
  const rows: { id: string; inventory_id: string; variant_id: string }[] = await m.query(
    `SELECT DISTINCT ON (inventory_id, variant_id) id, inventory_id, variant_id FROM stock_movements
      WHERE reference_type = $1 AND reference_id = $2 AND reason = $3 AND variant_id = ANY($4::uuid[])
      ORDER BY inventory_id, variant_id, id DESC`,
    [
      first.referenceType ?? null,
      first.referenceId ?? null,
      first.reason,
      movements.map((mv) => mv.variantId),
    ],
  );
  return new Map(rows.map((r) => [`${r.inventory_id}|${r.variant_id}`, r.id]));
}

async function moveSerials(
  m: EntityManager,
  mv: MovementInput,
  movementId: string,
  line: TrackedLine,
  product: ProductTracking,
): Promise<void> {
  const units = unitsOf(line.serials ?? [], product.imei_count);
  const codes = units.flatMap((u) => (u.imei2 ? [u.serial, u.imei2] : [u.serial]));
  const into = new Decimal(line.quantity).isPositive();
  if (into) {
    // A code in stock anywhere: a serial of this variant, or any phone's IMEI (a phone is one).
    const [held] = await m.query(
      `SELECT su.serial, su.imei2, i.name AS inventory, b.name AS branch
         FROM serial_units su JOIN inventories i ON i.id = su.inventory_id JOIN branches b ON b.id = i.branch_id
        WHERE su.status = 'in_stock'
          AND ((su.variant_id = $1 AND su.serial = ANY($2::text[]))
               OR ($3 AND (su.serial = ANY($2::text[]) OR su.imei2 = ANY($2::text[]))))
        LIMIT 1`,
      [line.variantId, codes, product.imei_count > 0],
    );
    if (held) throw inStock(line, units, held);
    // Insert, or bring back a unit that left stock (sold, returned): the unique (variant, serial)
    // makes a second, concurrent receipt of the same serial wait and then find it in stock.
    const rows: { id: string; serial: string }[] = await m.query(
      `INSERT INTO serial_units (id, variant_id, serial, imei2, status, inventory_id, received_movement_id)
       SELECT u.id, $1, u.serial, u.imei2, 'in_stock', $2, $3
         FROM unnest($4::uuid[], $5::text[], $6::text[]) AS u(id, serial, imei2)
       ON CONFLICT (variant_id, serial) DO UPDATE
          SET status = 'in_stock', inventory_id = EXCLUDED.inventory_id, imei2 = EXCLUDED.imei2,
              received_movement_id = EXCLUDED.received_movement_id, updated_at = now()
        WHERE serial_units.status <> 'in_stock'
       RETURNING id, serial`,
      [
        line.variantId,
        mv.inventoryId,
        movementId,
        units.map(() => uuidv7()),
        units.map((u) => u.serial),
        units.map((u) => u.imei2),
      ],
    );
    if (rows.length !== units.length) {
      const got = new Set(rows.map((r) => r.serial));
      const lost = units.find((u) => !got.has(u.serial))!;
      throw inStock(line, units, { serial: lost.serial, imei2: null, inventory: '', branch: '' });
    }
    await linkSerials(m, rows, movementId, 1);
    return;
  }
  // TypeORM answers an UPDATE … RETURNING with [rows, affected].
  const [rows]: [{ id: string; serial: string; imei2: string | null }[], number] = await m.query(
    `UPDATE serial_units SET status = $4, inventory_id = NULL, updated_at = now()
      WHERE variant_id = $1 AND inventory_id = $2 AND status = 'in_stock'
        AND (serial = ANY($3::text[]) OR imei2 = ANY($3::text[]))
     RETURNING id, serial, imei2`,
    [
      line.variantId,
      mv.inventoryId,
      units.map((u) => u.serial),
      OUT_STATUS[mv.reason] ?? 'written_off',
    ],
  );
  if (rows.length !== units.length) {
    const got = new Set(rows.flatMap((r) => [r.serial, r.imei2]));
    const index = units.findIndex((u) => !got.has(u.serial));
    throw invalid('validation.tracking.notInStock', {
      field: `${line.field}.serials.${Math.max(0, index)}`,
      serial: units[Math.max(0, index)].serial,
    });
  }
  await linkSerials(m, rows, movementId, -1);
}

function inStock(
  line: TrackedLine,
  units: { serial: string; imei2: string | null }[],
  held: { serial: string; imei2: string | null; inventory: string; branch: string },
): AppException {
  const index = units.findIndex(
    (u) =>
      [u.serial, u.imei2].includes(held.serial) ||
      (!!held.imei2 && [u.serial, u.imei2].includes(held.imei2)),
  );
  const unit = units[Math.max(0, index)];
  return invalid('validation.tracking.inStock', {
    field: `${line.field}.serials.${Math.max(0, index)}`,
    serial: unit.serial,
    place: [held.branch, held.inventory].filter(Boolean).join(' — '),
  });
}

async function linkSerials(
  m: EntityManager,
  units: { id: string }[],
  movementId: string,
  quantity: 1 | -1,
): Promise<void> {
  await m.query(
    `INSERT INTO serial_movements (serial_unit_id, movement_id, quantity)
     SELECT u, $2, $3 FROM unnest($1::uuid[]) AS u`,
    [units.map((u) => u.id), movementId, quantity],
  );
}

async function moveBatch(
  m: EntityManager,
  mv: MovementInput,
  movementId: string,
  line: TrackedLine,
): Promise<string> {
  const batch = line.batch!;
  const lot = normalizeSerial(batch.lot);
  const quantity = new Decimal(line.quantity);
  if (quantity.isPositive())
    await m.query(
      `INSERT INTO batches (id, variant_id, lot, expiry_date, production_date) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (variant_id, lot) DO NOTHING`,
      [uuidv7(), line.variantId, lot, batch.expiryDate, batch.productionDate ?? null],
    );
  const [found]: { id: string; expiry_date: string }[] = await m.query(
    `SELECT id, expiry_date::text AS expiry_date FROM batches WHERE variant_id = $1 AND lot = $2`,
    [line.variantId, lot],
  );
  if (!found)
    throw invalid('validation.tracking.batchShort', {
      field: `${line.field}.batch.lot`,
      lot,
      available: 0,
    });
  if (found.expiry_date !== batch.expiryDate)
    throw invalid('validation.tracking.expiryMismatch', {
      field: `${line.field}.batch.expiryDate`,
      lot,
      expiry: found.expiry_date,
    });
  await m.query(
    `INSERT INTO batch_levels (batch_id, inventory_id, on_hand) VALUES ($1, $2, 0) ON CONFLICT DO NOTHING`,
    [found.id, mv.inventoryId],
  );
  const [level]: { on_hand: string }[] = await m.query(
    `SELECT on_hand::text AS on_hand FROM batch_levels WHERE batch_id = $1 AND inventory_id = $2 FOR UPDATE`,
    [found.id, mv.inventoryId],
  );
  if (new Decimal(level.on_hand).plus(quantity).isNegative())
    throw invalid('validation.tracking.batchShort', {
      field: `${line.field}.batch.lot`,
      lot,
      available: new Decimal(level.on_hand).toString(),
    });
  await m.query(
    `UPDATE batch_levels SET on_hand = on_hand + $3 WHERE batch_id = $1 AND inventory_id = $2`,
    [found.id, mv.inventoryId, quantity.toFixed(3)],
  );
  // Two lines of one lot on a document share the variant's one ledger movement.
  await m.query(
    `INSERT INTO batch_movements (batch_id, movement_id, inventory_id, quantity) VALUES ($1, $2, $3, $4)
     ON CONFLICT (batch_id, movement_id) DO UPDATE SET quantity = batch_movements.quantity + EXCLUDED.quantity`,
    [found.id, movementId, mv.inventoryId, quantity.toFixed(3)],
  );
  return found.id;
}
