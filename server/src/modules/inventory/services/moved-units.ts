import Decimal from 'decimal.js';
import type { EntityManager } from 'typeorm';
import {
  normalizeSerial,
  SERIAL_PATTERN,
  type BatchPick,
  type TransferLineTracked,
} from '@pos/contracts';
import { Errors } from '../../../core/errors/app.exception';
import { fefoLots } from './fefo-lots';
import { invalid, trackingOf, type ProductTracking } from './tracked-stock';

// Transfers by serial and batch (issue 34 item 5, docs/decisions/0117): a serial product's
// transfer line names its units, a batch product's may name its lots (else first expiry first out
// when shipped). Shipping takes the units out of the source (`in_transit`, no inventory) and the
// lots' quantities out of their levels there, each linked to the shipment's ledger movement;
// receiving brings them in at the destination against the receipt's. Only the inventory module
// writes serial_units / batch_levels / batch_movements; the transfers module calls these in its
// transaction, right after StockLedger.apply moved the quantities, and keeps what moved on its line.

/** One transfer line of a product, as the request (or the stored line) gives it. */
export type TransferTrackedLine = {
  /** where the line sits in the request, for the message naming it: `lines.2` */
  field: string;
  variantId: string;
  quantity: number | string;
  /** a serial product's units: each its serial or either IMEI */
  serials?: readonly string[] | null;
  /** a batch product's lots named (first expiry first out when none) */
  lots?: readonly { lot: string; quantity: number | string }[] | null;
};

type UnitRow = {
  id: string;
  serial: string;
  imei2: string | null;
  status: string;
  inventory_id: string | null;
  place: string | null;
};

const q3 = (v: Decimal.Value) => new Decimal(v).toFixed(3);

/** The units any of these codes name (a serial, or a phone's second IMEI), of one variant. */
async function unitsByCode(
  m: EntityManager,
  variantId: string,
  codes: readonly string[],
  lock: boolean,
): Promise<UnitRow[]> {
  return m.query(
    `SELECT su.id, su.serial, su.imei2, su.status, su.inventory_id,
            CASE WHEN i.id IS NULL THEN NULL ELSE b.name || ' — ' || i.name END AS place
       FROM serial_units su LEFT JOIN inventories i ON i.id = su.inventory_id
       LEFT JOIN branches b ON b.id = i.branch_id
      WHERE su.variant_id = $1 AND (su.serial = ANY($2::text[]) OR su.imei2 = ANY($2::text[]))
      ORDER BY su.id ${lock ? 'FOR UPDATE OF su' : ''}`,
    [variantId, codes],
  );
}

/**
 * A transfer's lines against their products' tracking and the source's stock, before anything is
 * written (a request, a draft's edit, the approval under row locks): a serial line names one unit
 * per unit of its quantity, each in stock at the source and named once; a batch line's named lots
 * exist, add up to its quantity and are held at the source; an untracked line names neither.
 * `lock`: the units are locked (FOR UPDATE) — the approval, so two transfers cannot take one unit.
 * Answers each line's `tracked` as stored (null: untracked, or a batch line left to FEFO).
 */
export async function checkTransferTracked(
  m: EntityManager,
  inventoryId: string,
  lines: readonly TransferTrackedLine[],
  opts: { lock?: boolean } = {},
): Promise<(TransferLineTracked | null)[]> {
  const info = await trackingOf(
    m,
    lines.map((l) => l.variantId),
  );
  const seen = new Set<string>();
  const out: (TransferLineTracked | null)[] = [];
  for (const line of lines) {
    const product = info.get(line.variantId);
    if (!product) throw Errors.notFound();
    const { name } = product;
    const serials = line.serials ?? [];
    const lots = line.lots ?? [];
    if (product.tracking === 'none') {
      if (serials.length || lots.length)
        throw invalid('validation.tracking.notTracked', { field: line.field, name });
      out.push(null);
    } else if (product.tracking === 'serial') {
      if (lots.length || !serials.length)
        throw invalid('validation.tracking.serialsRequired', { field: line.field, name });
      out.push({
        serials: await checkSerials(m, inventoryId, line, product, seen, !!opts.lock),
      });
    } else {
      if (serials.length)
        throw invalid('validation.tracking.batchRequired', { field: line.field, name });
      out.push(lots.length ? { lots: await checkLots(m, inventoryId, line, product) } : null);
    }
  }
  return out;
}

async function checkSerials(
  m: EntityManager,
  inventoryId: string,
  line: TransferTrackedLine,
  product: ProductTracking,
  seen: Set<string>,
  lock: boolean,
): Promise<{ serial: string; imei2: string | null }[]> {
  const codes = (line.serials ?? []).map(normalizeSerial);
  codes.forEach((serial, index) => {
    if (!SERIAL_PATTERN.test(serial))
      throw invalid('validation.tracking.serialInvalid', {
        field: `${line.field}.serials.${index}`,
        serial,
      });
  });
  const units = await unitsByCode(m, line.variantId, codes, lock);
  const picked = codes.map((serial, index) => {
    const field = `${line.field}.serials.${index}`;
    const unit = units.find((u) => u.serial === serial || u.imei2 === serial);
    if (!unit)
      throw invalid('validation.tracking.transferSerialUnknown', {
        field,
        name: product.name,
        serial,
      });
    // a unit named twice (its serial, then its second IMEI) is one unit twice
    if (seen.has(unit.id)) throw invalid('validation.tracking.duplicate', { field, serial });
    seen.add(unit.id);
    if (unit.status !== 'in_stock')
      throw invalid('validation.tracking.transferSerialOut', { field, serial });
    if (unit.inventory_id !== inventoryId)
      throw invalid('validation.tracking.transferSerialElsewhere', {
        field,
        serial,
        place: unit.place ?? '',
      });
    return { serial: unit.serial, imei2: unit.imei2 };
  });
  if (!new Decimal(line.quantity).eq(picked.length))
    throw invalid('validation.tracking.count', {
      field: line.field,
      count: picked.length,
      quantity: new Decimal(line.quantity).toString(),
    });
  return picked;
}

async function checkLots(
  m: EntityManager,
  inventoryId: string,
  line: TransferTrackedLine,
  product: ProductTracking,
): Promise<{ lot: string; quantity: number }[]> {
  const lots = (line.lots ?? []).map((l) => ({
    lot: normalizeSerial(l.lot),
    quantity: l.quantity,
  }));
  const held: { lot: string; on_hand: string | null }[] = await m.query(
    `SELECT b.lot, bl.on_hand::text AS on_hand FROM batches b
       LEFT JOIN batch_levels bl ON bl.batch_id = b.id AND bl.inventory_id = $2
      WHERE b.variant_id = $1 AND b.lot = ANY($3::text[])`,
    [line.variantId, inventoryId, lots.map((l) => l.lot)],
  );
  const seen = new Set<string>();
  lots.forEach(({ lot, quantity }, index) => {
    const field = `${line.field}.lots.${index}`;
    const found = held.find((h) => h.lot === lot);
    if (!found)
      throw invalid('validation.tracking.transferLotUnknown', {
        field: `${field}.lot`,
        name: product.name,
        lot,
      });
    if (seen.has(lot)) throw invalid('validation.tracking.duplicate', { field, serial: lot });
    seen.add(lot);
    const available = new Decimal(found.on_hand ?? 0);
    if (available.lt(quantity))
      throw invalid('validation.tracking.batchShort', {
        field: `${field}.quantity`,
        lot,
        available: available.toString(),
      });
  });
  const total = lots.reduce((s, l) => s.plus(l.quantity), new Decimal(0));
  if (!total.eq(line.quantity))
    throw invalid('validation.tracking.transferLotsCount', {
      field: line.field,
      count: total.toString(),
      quantity: new Decimal(line.quantity).toString(),
    });
  return lots.map((l) => ({ lot: l.lot, quantity: Number(l.quantity) }));
}

/**
 * The ledger row of a document's movement of each variant at one inventory (the newest: a
 * document moving a variant twice there, e.g. a count's out and in, asks with `sign`).
 */
export async function documentMovementIds(
  m: EntityManager,
  ref: { type: string; id: string; reason: string; inventoryId: string; sign?: 1 | -1 },
  variantIds: readonly string[],
): Promise<Map<string, string>> {
  const rows: { id: string; variant_id: string }[] = await m.query(
    `SELECT DISTINCT ON (variant_id) id, variant_id FROM stock_movements
      WHERE reference_type = $1 AND reference_id = $2 AND reason = $3 AND inventory_id = $4
        AND variant_id = ANY($5::uuid[]) AND ($6::int IS NULL OR sign(quantity) = $6)
      ORDER BY variant_id, id DESC`,
    [ref.type, ref.id, ref.reason, ref.inventoryId, [...new Set(variantIds)], ref.sign ?? null],
  );
  return new Map(rows.map((r) => [r.variant_id, r.id]));
}

/** Each unit's share of a ledger movement (its history). */
export async function linkUnits(
  m: EntityManager,
  unitIds: readonly string[],
  movementId: string,
  quantity: 1 | -1,
): Promise<void> {
  if (!unitIds.length) return;
  await m.query(
    `INSERT INTO serial_movements (serial_unit_id, movement_id, quantity)
     SELECT u, $2, $3 FROM unnest($1::uuid[]) AS u`,
    [unitIds, movementId, quantity],
  );
}

/**
 * Lots' quantities added (signed) to their levels at one inventory and to a ledger movement (two
 * shares of one lot in one movement add up).
 */
export async function moveLots(
  m: EntityManager,
  inventoryId: string,
  movementId: string,
  lots: readonly { batchId: string; quantity: Decimal.Value }[],
): Promise<void> {
  const moving = lots.filter((l) => !new Decimal(l.quantity).isZero());
  if (!moving.length) return;
  const ids = moving.map((l) => l.batchId);
  const qs = moving.map((l) => q3(l.quantity));
  // the level exists first (at 0: a row inserted below zero would break its CHECK before any
  // conflict is looked at), then moves; a level taken below zero is refused by that CHECK
  await m.query(
    `INSERT INTO batch_levels (batch_id, inventory_id, on_hand)
     SELECT t.id, $2, 0 FROM unnest($1::uuid[]) AS t(id) ON CONFLICT DO NOTHING`,
    [ids, inventoryId],
  );
  await m.query(
    `UPDATE batch_levels bl SET on_hand = bl.on_hand + t.q
       FROM unnest($1::uuid[], $2::numeric[]) AS t(id, q)
      WHERE bl.batch_id = t.id AND bl.inventory_id = $3`,
    [ids, qs, inventoryId],
  );
  await m.query(
    `INSERT INTO batch_movements (batch_id, movement_id, inventory_id, quantity)
     SELECT t.id, $3, $4, t.q FROM unnest($1::uuid[], $2::numeric[]) AS t(id, q)
     ON CONFLICT (batch_id, movement_id) DO UPDATE SET quantity = batch_movements.quantity + EXCLUDED.quantity`,
    [ids, qs, movementId, inventoryId],
  );
}

/** A variant's lots at an inventory, locked: the count reads them all. */
export async function lockLotsAt(
  m: EntityManager,
  inventoryId: string,
  variantIds: readonly string[],
): Promise<
  { batchId: string; variantId: string; lot: string; expiryDate: string; onHand: string }[]
> {
  return m.query(
    `SELECT b.id AS "batchId", b.variant_id AS "variantId", b.lot, b.expiry_date::text AS "expiryDate",
            bl.on_hand::text AS "onHand"
       FROM batch_levels bl JOIN batches b ON b.id = bl.batch_id
      WHERE b.variant_id = ANY($1::uuid[]) AND bl.inventory_id = $2
      ORDER BY b.variant_id, b.expiry_date, b.lot
        FOR UPDATE OF bl`,
    [[...new Set(variantIds)], inventoryId],
  );
}

/** A variant's lots at an inventory named by their numbers, locked (a shipment's named lots). */
async function lockNamedLots(
  m: EntityManager,
  inventoryId: string,
  variantId: string,
  lots: readonly string[],
): Promise<{ batchId: string; lot: string; expiryDate: string; onHand: string }[]> {
  return m.query(
    `SELECT batch_id AS "batchId", lot, expiry_date::text AS "expiryDate", on_hand::text AS "onHand"
       FROM batch_levels
      WHERE inventory_id = $1 AND variant_id = $2 AND lot = ANY($3::text[])
      ORDER BY expiry_date, lot
        FOR UPDATE`,
    [inventoryId, variantId, [...new Set(lots)]],
  );
}

/**
 * The shipment of a transfer's tracked lines, against its ledger movements out of the source
 * (reason `transfer_out`, reference the transfer): each named unit, still in stock there, goes
 * `in_transit` (the UPDATE's row lock: a sale or another shipment of the unit at once waits, then
 * finds it gone — a 400); a batch line's quantity leaves the lots named, or first expiry first out
 * (expired lots too: a transfer moves goods, it does not sell them). Answers each line's `tracked`
 * as shipped (null: untracked).
 */
export async function shipTracked(
  m: EntityManager,
  ref: { transferId: string; inventoryId: string },
  lines: readonly (TransferTrackedLine & { tracked: TransferLineTracked | null })[],
): Promise<(TransferLineTracked | null)[]> {
  const info = await trackingOf(
    m,
    lines.map((l) => l.variantId),
  );
  const out: (TransferLineTracked | null)[] = lines.map(() => null);
  const wanted = lines.filter((l) => info.get(l.variantId)?.tracking !== 'none');
  if (!wanted.length) return out;
  const ids = await documentMovementIds(
    m,
    { type: 'transfer', id: ref.transferId, reason: 'transfer_out', inventoryId: ref.inventoryId },
    wanted.map((l) => l.variantId),
  );
  for (const [i, line] of lines.entries()) {
    const product = info.get(line.variantId);
    if (!product || product.tracking === 'none') continue;
    const movementId = ids.get(line.variantId);
    if (!movementId) throw Errors.notFound();
    if (product.tracking === 'serial') {
      const units = line.tracked?.serials ?? [];
      if (!new Decimal(line.quantity).eq(units.length))
        throw invalid('validation.tracking.serialsRequired', {
          field: line.field,
          name: product.name,
        });
      const codes = units.map((u) => u.serial);
      // TypeORM answers an UPDATE … RETURNING with [rows, affected].
      const [rows]: [{ id: string; serial: string }[], number] = await m.query(
        `UPDATE serial_units SET status = 'in_transit', inventory_id = NULL, updated_at = now()
          WHERE variant_id = $1 AND inventory_id = $2 AND status = 'in_stock' AND serial = ANY($3::text[])
         RETURNING id, serial`,
        [line.variantId, ref.inventoryId, codes],
      );
      if (rows.length !== codes.length) {
        const index = codes.findIndex((c) => !rows.some((r) => r.serial === c));
        throw invalid('validation.tracking.transferSerialOut', {
          field: `${line.field}.serials.${index}`,
          serial: codes[index],
        });
      }
      await linkUnits(
        m,
        rows.map((r) => r.id),
        movementId,
        -1,
      );
      out[i] = { serials: units.map((u) => ({ serial: u.serial, imei2: u.imei2 })) };
      continue;
    }
    // Only the lots the line takes are read and locked (docs/decisions/0128): the lots named, or
    // the first ones in FEFO order (expired lots too: a transfer moves goods, it does not sell
    // them) walked as the sale's pick walks them (fefoLots), under the source's balance row of
    // the variant that StockLedger.apply holds already — as a sale of it would.
    const named = line.tracked?.lots ?? [];
    let picks: BatchPick[];
    if (named.length) {
      const mine = await lockNamedLots(
        m,
        ref.inventoryId,
        line.variantId,
        named.map((n) => n.lot),
      );
      picks = named.map((n, index) => {
        const lot = mine.find((l) => l.lot === n.lot);
        const available = new Decimal(lot?.onHand ?? 0);
        if (!lot || available.lt(n.quantity))
          throw invalid('validation.tracking.batchShort', {
            field: `${line.field}.lots.${index}.quantity`,
            lot: n.lot,
            available: available.toString(),
          });
        return {
          batchId: lot.batchId,
          lot: lot.lot,
          expiryDate: lot.expiryDate,
          quantity: n.quantity,
        };
      });
    } else {
      const fefo = await fefoLots(
        m,
        { variantId: line.variantId, inventoryId: ref.inventoryId, today: '' },
        Number(line.quantity),
        { lock: true, allowExpired: true },
      );
      if (fefo.short > 0)
        throw invalid('validation.tracking.transferBatchShort', {
          field: line.field,
          name: product.name,
          available: new Decimal(line.quantity).minus(fefo.short).toString(),
        });
      picks = fefo.picks;
    }
    await moveLots(
      m,
      ref.inventoryId,
      movementId,
      picks.map((p) => ({ batchId: p.batchId, quantity: new Decimal(p.quantity).negated() })),
    );
    out[i] = { ...(named.length ? { lots: [...named] } : {}), batches: picks };
  }
  return out;
}

/** One received transfer line: what was shipped, what arrived and, for units, which. */
export type ReceivedTrackedLine = {
  field: string;
  variantId: string;
  shipped: TransferLineTracked | null;
  received: number | string;
  /** a serial line received short: the codes of the units that arrived */
  serials?: readonly string[] | null;
};

/**
 * The receipt of a transfer's tracked lines, against its ledger movements into the destination
 * (reason `transfer_in`): the units shipped come into stock there (a line received short names the
 * units that arrived; the others were lost on the way: written off); the lots shipped arrive in
 * the order picked (a shortage is taken from the lots picked last; an over-receipt joins the last
 * lot). Answers each line's `tracked` with what arrived (null: untracked).
 */
export async function receiveTracked(
  m: EntityManager,
  ref: { transferId: string; inventoryId: string },
  lines: readonly ReceivedTrackedLine[],
): Promise<(TransferLineTracked | null)[]> {
  const out: (TransferLineTracked | null)[] = lines.map(() => null);
  const wanted = lines.filter((l) => l.shipped?.serials || l.shipped?.batches);
  if (!wanted.length) return out;
  const info = await trackingOf(
    m,
    wanted.map((l) => l.variantId),
  );
  const ids = await documentMovementIds(
    m,
    { type: 'transfer', id: ref.transferId, reason: 'transfer_in', inventoryId: ref.inventoryId },
    wanted.map((l) => l.variantId),
  );
  for (const [i, line] of lines.entries()) {
    const shipped = line.shipped;
    if (!shipped?.serials && !shipped?.batches) continue;
    const received = new Decimal(line.received);
    const movementId = ids.get(line.variantId);
    if (received.gt(0) && !movementId) throw Errors.notFound();
    const name = info.get(line.variantId)?.name ?? '';
    if (shipped.serials) {
      const units = shipped.serials;
      const arrived = arrivedUnits(line, units, received, name);
      const [rows]: [{ id: string }[], number] = await m.query(
        `UPDATE serial_units SET status = 'in_stock', inventory_id = $3, received_movement_id = $4, updated_at = now()
          WHERE variant_id = $1 AND serial = ANY($2::text[]) AND status = 'in_transit'
         RETURNING id`,
        [line.variantId, arrived, ref.inventoryId, movementId ?? null],
      );
      if (rows.length !== arrived.length) throw Errors.notFound();
      if (movementId)
        await linkUnits(
          m,
          rows.map((r) => r.id),
          movementId,
          1,
        );
      const lost = units.map((u) => u.serial).filter((s) => !arrived.includes(s));
      if (lost.length)
        await m.query(
          `UPDATE serial_units SET status = 'written_off', updated_at = now()
            WHERE variant_id = $1 AND serial = ANY($2::text[]) AND status = 'in_transit'`,
          [line.variantId, lost],
        );
      out[i] = {
        ...shipped,
        serials: units.map((u) => ({ ...u, received: arrived.includes(u.serial) })),
      };
      continue;
    }
    const batches = (shipped.batches ?? []).map((b) => ({ ...b, received: 0 }));
    let left = received;
    for (const b of batches) {
      const take = Decimal.min(left, b.quantity);
      b.received = take.toNumber();
      left = left.minus(take);
    }
    const last = batches[batches.length - 1];
    if (left.gt(0) && last) last.received = new Decimal(last.received).plus(left).toNumber();
    if (movementId)
      await moveLots(
        m,
        ref.inventoryId,
        movementId,
        batches.map((b) => ({ batchId: b.batchId, quantity: b.received })),
      );
    out[i] = { ...shipped, batches };
  }
  return out;
}

/** The serials of a serial line that arrived: all when received whole, else those named. */
function arrivedUnits(
  line: ReceivedTrackedLine,
  units: readonly { serial: string; imei2: string | null }[],
  received: Decimal,
  name: string,
): string[] {
  if (received.eq(units.length) && !line.serials?.length) return units.map((u) => u.serial);
  const codes = (line.serials ?? []).map(normalizeSerial);
  if (!received.eq(codes.length) || received.gt(units.length))
    throw invalid('validation.tracking.transferReceivedSerials', { field: line.field, name });
  const seen = new Set<string>();
  return codes.map((code, index) => {
    const unit = units.find((u) => u.serial === code || u.imei2 === code);
    const field = `${line.field}.serials.${index}`;
    if (!unit)
      throw invalid('validation.tracking.transferSerialNotShipped', { field, serial: code });
    if (seen.has(unit.serial))
      throw invalid('validation.tracking.duplicate', { field, serial: code });
    seen.add(unit.serial);
    return unit.serial;
  });
}
