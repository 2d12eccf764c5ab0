import Decimal from 'decimal.js';
import type { EntityManager } from 'typeorm';
import {
  batchExpired,
  SERIAL_PATTERN,
  isValidImei,
  type BatchPick,
  type SaleLineTracked,
} from '@pos/contracts';
import { Errors } from '../../../core/errors/app.exception';
import { fefoLots, takeFromFirstLot } from './fefo-lots';
import { invalid, type ProductTracking } from './tracked-stock';

// The sale side of serials and batches (issue 34, docs/decisions/0107): the units a sale takes out
// of stock (sold) and a return brings back, the lots a sale line is picked from (first expiry first
// out, or the cashier's lot), each row linked to the sale's or the return's ledger movement. Only
// the inventory module writes serial_units / batch_levels / batch_movements; the sales module calls
// these in its transaction, right after StockLedger.apply moved the quantities.

/** One sale (or return) line of a tracked product, as the request gave it. */
export type SaleTrackedLine = {
  /** where the line sits in the request, for the message naming it: `lines.2` */
  field: string;
  variantId: string;
  /** units leaving (a sale) or coming back (a return): positive */
  quantity: number;
  /** a serial product's units: each a serial or either IMEI */
  serials?: readonly string[] | null;
  /** a batch product's lot chosen instead of the first-expiry-first-out pick */
  lot?: string | null;
};

/** A lot sold past its expiry date (by a holder of can_sell_expired_batch): the audit's row. */
export type ExpiredSold = {
  field: string;
  variantId: string;
  lot: string;
  expiryDate: string;
  quantity: number;
};

/** Whether any of these variants is tracked (a sale of untracked goods costs nothing more). */
export const anyTracked = (info: Map<string, ProductTracking>): boolean =>
  [...info.values()].some((p) => p.tracking !== 'none');

/**
 * A request's lines (a sale's `lines`, a repair ticket's `parts`) as tracked lines named by
 * `prefix`, checked before anything is written when any of them is tracked or names a unit or a
 * lot; `tracked` says whether the command has units or lots to move after its ledger movements.
 */
export function trackedLinesOf(
  prefix: string,
  lines: readonly {
    variantId: string;
    quantity: number;
    serials?: readonly string[] | null;
    lot?: string | null;
  }[],
  info: Map<string, ProductTracking>,
): { lines: SaleTrackedLine[]; tracked: boolean } {
  const tracked: SaleTrackedLine[] = lines.map((l, i) => ({
    field: `${prefix}.${i}`,
    variantId: l.variantId,
    quantity: l.quantity,
    serials: l.serials ?? null,
    lot: l.lot ?? null,
  }));
  const any = anyTracked(info) || tracked.some((l) => l.serials || l.lot);
  if (any) checkSaleTracked(tracked, info);
  return { lines: tracked, tracked: any };
}

/**
 * The sale's tracked lines checked on their own, before anything is written: a serial product's
 * line carries one code per unit (an IMEI for a phone; no code twice on the sale), no lot; a batch
 * product's may name a lot, carries no serials; an untracked one neither.
 */
export function checkSaleTracked(
  lines: readonly SaleTrackedLine[],
  info: Map<string, ProductTracking>,
): void {
  const seen = new Set<string>();
  for (const line of lines) {
    const product = info.get(line.variantId);
    if (!product) throw Errors.notFound();
    const { name } = product;
    const serials = line.serials ?? [];
    if (product.tracking === 'none') {
      if (serials.length || line.lot)
        throw invalid('validation.tracking.notTracked', { field: line.field, name });
      continue;
    }
    if (product.tracking === 'batch') {
      if (serials.length)
        throw invalid('validation.tracking.notTracked', { field: line.field, name });
      if (line.lot && !SERIAL_PATTERN.test(line.lot))
        throw invalid('validation.tracking.lotInvalid', {
          field: `${line.field}.lot`,
          lot: line.lot,
        });
      continue;
    }
    if (line.lot) throw invalid('validation.tracking.notTracked', { field: line.field, name });
    if (!serials.length)
      throw invalid('validation.tracking.serialsRequired', { field: line.field, name });
    serials.forEach((serial, index) => {
      const field = `${line.field}.serials.${index}`;
      if (!SERIAL_PATTERN.test(serial))
        throw invalid('validation.tracking.saleSerialInvalid', { field, name, serial });
      if (product.imei_count > 0 && !isValidImei(serial))
        throw invalid('validation.tracking.saleImei', { field, name, serial });
      if (seen.has(serial))
        throw invalid('validation.tracking.saleDuplicate', { field, name, serial });
      seen.add(serial);
    });
    if (!new Decimal(line.quantity).eq(serials.length))
      throw invalid('validation.tracking.saleCount', {
        field: line.field,
        name,
        count: serials.length,
        quantity: new Decimal(line.quantity).toString(),
      });
  }
}

/**
 * Which ledger movements a document's units and lots belong to: its reference type and reason
 * (`sale`/`sale`, `return`/`return`; a repair ticket's parts: `maintenance`/`repair`).
 */
export type MovementOf = { type: string; reason: string };

/** The ledger row of this document's movement of each variant at the inventory. */
async function movementIds(
  m: EntityManager,
  ref: { type: string; id: string; reason: string; inventoryId: string },
  variantIds: string[],
): Promise<Map<string, string>> {
  const rows: { id: string; variant_id: string }[] = await m.query(
    `SELECT DISTINCT ON (variant_id) id, variant_id FROM stock_movements
      WHERE reference_type = $1 AND reference_id = $2 AND reason = $3 AND inventory_id = $4
        AND variant_id = ANY($5::uuid[])
      ORDER BY variant_id, id DESC`,
    [ref.type, ref.id, ref.reason, ref.inventoryId, [...new Set(variantIds)]],
  );
  return new Map(rows.map((r) => [r.variant_id, r.id]));
}

/**
 * Takes the sale's tracked units and lots out of stock against its ledger movements (reason
 * `sale`, reference the sale; a repair ticket's parts: `movement`): each serial in stock at the
 * inventory becomes `sold` — the UPDATE's row lock makes a second till selling the same unit at
 * once wait, then find it sold (a 400) — and each batch line's quantity comes from its lots (the
 * cashier's, or first expiry first out; an expired lot only with `allowExpired`). Answers, per line, what it sold (null: untracked), and
 * the expired lots sold (for the audit).
 */
export async function sellTracked(
  m: EntityManager,
  sale: {
    id: string;
    inventoryId: string;
    today: string;
    allowExpired: boolean;
    /** the ledger movements' reference and reason (a sale's by default; a repair's parts) */
    movement?: MovementOf;
    /**
     * the ledger rows the caller's StockLedger.apply just wrote, by variant (its BalanceChange's
     * movementId): not looked up again, while the sale holds the balance rows
     */
    movementIds?: ReadonlyMap<string, string>;
  },
  lines: readonly SaleTrackedLine[],
  info: Map<string, ProductTracking>,
): Promise<{ tracked: (SaleLineTracked | null)[]; expired: ExpiredSold[] }> {
  const tracked: (SaleLineTracked | null)[] = lines.map(() => null);
  const expired: ExpiredSold[] = [];
  const wanted = lines.filter((l) => info.get(l.variantId)?.tracking !== 'none');
  if (!wanted.length) return { tracked, expired };
  const { type, reason } = sale.movement ?? { type: 'sale', reason: 'sale' };
  const ids =
    sale.movementIds ??
    (await movementIds(
      m,
      { type, id: sale.id, reason, inventoryId: sale.inventoryId },
      wanted.map((l) => l.variantId),
    ));
  for (const [i, line] of lines.entries()) {
    const product = info.get(line.variantId)!;
    if (product.tracking === 'none') continue;
    const movementId = ids.get(line.variantId);
    if (!movementId) throw Errors.notFound();
    tracked[i] =
      product.tracking === 'serial'
        ? { serials: await sellSerials(m, sale.inventoryId, movementId, line, product) }
        : { batches: await sellBatches(m, sale, movementId, line, product, expired) };
  }
  return { tracked, expired };
}

async function sellSerials(
  m: EntityManager,
  inventoryId: string,
  movementId: string,
  line: SaleTrackedLine,
  product: ProductTracking,
): Promise<{ serial: string; imei2: string | null }[]> {
  const codes = [...(line.serials ?? [])];
  // TypeORM answers an UPDATE … RETURNING with [rows, affected].
  const [rows]: [{ id: string; serial: string; imei2: string | null }[], number] = await m.query(
    `UPDATE serial_units SET status = 'sold', inventory_id = NULL, updated_at = now()
      WHERE variant_id = $1 AND inventory_id = $2 AND status = 'in_stock'
        AND (serial = ANY($3::text[]) OR imei2 = ANY($3::text[]))
     RETURNING id, serial, imei2`,
    [line.variantId, inventoryId, codes],
  );
  if (rows.length !== codes.length) {
    const got = new Set(rows.flatMap((r) => [r.serial, r.imei2]));
    const missing = codes.findIndex((c) => !got.has(c));
    // every code found, fewer units: two codes of one dual-SIM phone
    const index = missing >= 0 ? missing : codes.length - 1;
    throw invalid(
      missing >= 0
        ? 'validation.tracking.saleSerialNotInStock'
        : 'validation.tracking.saleDuplicate',
      { field: `${line.field}.serials.${index}`, name: product.name, serial: codes[index] },
    );
  }
  await m.query(
    `INSERT INTO serial_movements (serial_unit_id, movement_id, quantity)
     SELECT u, $2, -1 FROM unnest($1::uuid[]) AS u`,
    [rows.map((r) => r.id), movementId],
  );
  // in the order scanned (the receipt's)
  const byCode = new Map(
    rows.flatMap((r) => [[r.serial, r] as const, [r.imei2 ?? '', r] as const]),
  );
  return codes.map((c) => {
    const r = byCode.get(c)!;
    return { serial: r.serial, imei2: r.imei2 };
  });
}

async function sellBatches(
  m: EntityManager,
  sale: { inventoryId: string; today: string; allowExpired: boolean },
  movementId: string,
  line: SaleTrackedLine,
  product: ProductTracking,
  expired: ExpiredSold[],
): Promise<{ batchId: string; lot: string; expiryDate: string; quantity: number }[]> {
  const name = product.name;
  let picks: BatchPick[];
  if (line.lot) {
    // The cashier's lot alone, locked: two tills picking the same lot take turns.
    const [lot]: { batchId: string; lot: string; expiryDate: string; onHand: string }[] =
      await m.query(
        `SELECT b.id AS "batchId", b.lot, b.expiry_date::text AS "expiryDate", bl.on_hand::text AS "onHand"
           FROM batches b JOIN batch_levels bl ON bl.batch_id = b.id AND bl.inventory_id = $2
          WHERE b.variant_id = $1 AND b.lot = $3
            FOR UPDATE OF bl`,
        [line.variantId, sale.inventoryId, line.lot],
      );
    const available = lot ? new Decimal(lot.onHand) : new Decimal(0);
    if (!lot || available.lt(line.quantity))
      throw invalid('validation.tracking.saleLotShort', {
        field: `${line.field}.lot`,
        name,
        lot: line.lot,
        available: available.toString(),
      });
    if (batchExpired(lot.expiryDate, sale.today)) {
      if (!sale.allowExpired)
        throw invalid('validation.tracking.saleLotExpired', {
          field: `${line.field}.lot`,
          name,
          lot: lot.lot,
          expiry: lot.expiryDate,
        });
      expired.push({
        field: line.field,
        variantId: line.variantId,
        lot: lot.lot,
        expiryDate: lot.expiryDate,
        quantity: line.quantity,
      });
    }
    picks = [
      { batchId: lot.batchId, lot: lot.lot, expiryDate: lot.expiryDate, quantity: line.quantity },
    ];
  } else {
    // The common case in one round trip (the sale holds the variant's balance row meanwhile):
    // the first lot in FEFO order holds the whole quantity, and is locked, taken and moved.
    const first = await takeFromFirstLot(
      m,
      { variantId: line.variantId, inventoryId: sale.inventoryId, today: sale.today },
      line.quantity,
      movementId,
    );
    if (first) return [first];
    // First expiry first out over the lots not expired (an expired lot is sold only when named):
    // only the lots the quantity needs are read and locked, in FEFO order (docs/decisions/0123).
    const fefo = await fefoLots(
      m,
      { variantId: line.variantId, inventoryId: sale.inventoryId, today: sale.today },
      line.quantity,
      { lock: true },
    );
    if (fefo.short > 0)
      throw invalid('validation.tracking.saleBatchShort', {
        field: line.field,
        name,
        available: new Decimal(line.quantity).minus(fefo.short).toString(),
      });
    picks = fefo.picks;
  }
  // the lots' levels and their movements in one statement (the sale holds the variant's balance
  // row meanwhile: one round trip fewer for the next till waiting on it)
  await m.query(
    `WITH t AS (SELECT * FROM unnest($1::uuid[], $2::numeric[]) AS t(id, q)),
          taken AS (UPDATE batch_levels bl SET on_hand = bl.on_hand - t.q FROM t
                     WHERE bl.batch_id = t.id AND bl.inventory_id = $4)
     INSERT INTO batch_movements (batch_id, movement_id, inventory_id, quantity)
     SELECT t.id, $3, $4, -t.q FROM t
     ON CONFLICT (batch_id, movement_id) DO UPDATE SET quantity = batch_movements.quantity + EXCLUDED.quantity`,
    [picks.map((p) => p.batchId), picks.map((p) => p.quantity), movementId, sale.inventoryId],
  );
  return picks.map((p) => ({
    batchId: p.batchId,
    lot: p.lot,
    expiryDate: p.expiryDate,
    quantity: p.quantity,
  }));
}

/** One returned line of a tracked product: what the request brings back and what the line sold. */
export type ReturnTrackedLine = SaleTrackedLine & { sold: SaleLineTracked | null };

/**
 * Brings a return's tracked units and lots back into stock against its ledger movements (reason
 * `return`, reference the return; a part taken off a repair ticket: `movement`): a serial line
 * only by the units this invoice sold and not yet returned
 * (`validation.tracking.returnSerialNotSold`), each back `in_stock` at the inventory; a batch line
 * into the lots it was sold from (the last picked first). Serials left out of a line
 * that returns all its units still out are taken whole (a failed delivery comes back whole).
 * Answers each line's `tracked` with what came back marked (null: untracked).
 */
export async function returnTracked(
  m: EntityManager,
  ret: { id: string; inventoryId: string; movement?: MovementOf },
  lines: readonly ReturnTrackedLine[],
  info: Map<string, ProductTracking>,
): Promise<(SaleLineTracked | null)[]> {
  const out: (SaleLineTracked | null)[] = lines.map(() => null);
  const wanted = lines.filter((l) => info.get(l.variantId)?.tracking !== 'none' && l.sold);
  if (!wanted.length) return out;
  const { type, reason } = ret.movement ?? { type: 'return', reason: 'return' };
  const ids = await movementIds(
    m,
    { type, id: ret.id, reason, inventoryId: ret.inventoryId },
    wanted.map((l) => l.variantId),
  );
  for (const [i, line] of lines.entries()) {
    const product = info.get(line.variantId);
    if (!product || product.tracking === 'none' || !line.sold) continue;
    const movementId = ids.get(line.variantId);
    if (!movementId) throw Errors.notFound();
    out[i] =
      product.tracking === 'serial'
        ? await returnSerials(m, ret.inventoryId, movementId, line, product)
        : await returnBatches(m, ret.inventoryId, movementId, line);
  }
  return out;
}

async function returnSerials(
  m: EntityManager,
  inventoryId: string,
  movementId: string,
  line: ReturnTrackedLine,
  product: ProductTracking,
): Promise<SaleLineTracked> {
  const sold = (line.sold?.serials ?? []).map((u) => ({ ...u }));
  const open = sold.filter((u) => !u.returned);
  let codes = [...(line.serials ?? [])];
  if (!codes.length && new Decimal(line.quantity).eq(open.length))
    codes = open.map((u) => u.serial);
  if (!new Decimal(line.quantity).eq(codes.length))
    throw invalid('validation.tracking.returnSerialsRequired', {
      field: line.field,
      name: product.name,
    });
  const units = codes.map((code, index) => {
    const unit = open.find((u) => u.serial === code || u.imei2 === code);
    if (!unit)
      throw invalid('validation.tracking.returnSerialNotSold', {
        field: `${line.field}.serials.${index}`,
        name: product.name,
        serial: code,
      });
    unit.returned = true;
    return unit;
  });
  const serials = [...new Set(units.map((u) => u.serial))];
  if (serials.length !== codes.length)
    throw invalid('validation.tracking.saleDuplicate', {
      field: `${line.field}.serials.${codes.length - 1}`,
      name: product.name,
      serial: codes[codes.length - 1],
    });
  const [rows]: [{ id: string }[], number] = await m.query(
    `UPDATE serial_units SET status = 'in_stock', inventory_id = $3, received_movement_id = $4, updated_at = now()
      WHERE variant_id = $1 AND serial = ANY($2::text[]) AND status = 'sold'
     RETURNING id`,
    [line.variantId, serials, inventoryId, movementId],
  );
  if (rows.length !== serials.length)
    throw invalid('validation.tracking.returnSerialNotSold', {
      field: line.field,
      name: product.name,
      serial: serials.join(' '),
    });
  await m.query(
    `INSERT INTO serial_movements (serial_unit_id, movement_id, quantity)
     SELECT u, $2, 1 FROM unnest($1::uuid[]) AS u`,
    [rows.map((r) => r.id), movementId],
  );
  return { serials: sold };
}

async function returnBatches(
  m: EntityManager,
  inventoryId: string,
  movementId: string,
  line: ReturnTrackedLine,
): Promise<SaleLineTracked> {
  const batches = (line.sold?.batches ?? []).map((b) => ({ ...b }));
  let left = new Decimal(line.quantity);
  const back: { batchId: string; quantity: string }[] = [];
  for (const b of [...batches].reverse()) {
    if (left.lte(0)) break;
    const open = new Decimal(b.quantity).minus(b.returned ?? 0);
    if (open.lte(0)) continue;
    const take = Decimal.min(open, left);
    b.returned = new Decimal(b.returned ?? 0).plus(take).toNumber();
    back.push({ batchId: b.batchId, quantity: take.toFixed(3) });
    left = left.minus(take);
  }
  // the sale line's returned quantity is checked before: its lots cover it
  if (left.gt(0)) throw Errors.notFound();
  await m.query(
    `INSERT INTO batch_levels (batch_id, inventory_id, on_hand)
     SELECT t.id, $3, t.q FROM unnest($1::uuid[], $2::numeric[]) AS t(id, q)
     ON CONFLICT (batch_id, inventory_id) DO UPDATE SET on_hand = batch_levels.on_hand + EXCLUDED.on_hand`,
    [back.map((b) => b.batchId), back.map((b) => b.quantity), inventoryId],
  );
  await m.query(
    `INSERT INTO batch_movements (batch_id, movement_id, inventory_id, quantity)
     SELECT t.id, $3, $4, t.q FROM unnest($1::uuid[], $2::numeric[]) AS t(id, q)
     ON CONFLICT (batch_id, movement_id) DO UPDATE SET quantity = batch_movements.quantity + EXCLUDED.quantity`,
    [back.map((b) => b.batchId), back.map((b) => b.quantity), movementId, inventoryId],
  );
  return { batches };
}
