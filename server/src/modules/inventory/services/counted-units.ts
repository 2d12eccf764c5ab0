import Decimal from 'decimal.js';
import type { EntityManager } from 'typeorm';
import { uuidv7 } from '../../../core/database/ids';
import type { StockTakingTrackedDto } from '@pos/contracts';
import type { BalanceChange, StockLedger } from './stock-ledger.service';
import { documentMovementIds, linkUnits, lockLotsAt, moveLots } from './moved-units';
import { trackingOf } from './tracked-stock';

// Stock-taking by serial and batch (issue 34 item 5, docs/decisions/0117): a serial product is
// counted by scanning its units, a batch product per lot. The variance of a serial product is its
// units: those in stock here and not scanned (missing) and those scanned but not in stock here
// (unexpected: at another place, out of stock, or a code no unit has); a batch product's is each
// lot's count against what the lot holds here. Posting moves them through the ledger and these
// tables (only the inventory module writes them), in the posting's transaction.

/** A unit found by a code scanned (its serial or a phone's second IMEI), of one variant if asked. */
export async function unitsNamed(
  m: EntityManager,
  code: string,
  variantId?: string | null,
): Promise<{ variantId: string; serial: string; imei2: string | null }[]> {
  return m.query(
    `SELECT variant_id AS "variantId", serial, imei2 FROM serial_units
      WHERE (serial = $1 OR imei2 = $1) AND ($2::uuid IS NULL OR variant_id = $2)
      ORDER BY updated_at DESC`,
    [code, variantId ?? null],
  );
}

/** Whether a variant has this lot (a count names only lots that exist). */
export async function lotExists(m: EntityManager, variantId: string, lot: string) {
  const [row] = await m.query('SELECT 1 FROM batches WHERE variant_id = $1 AND lot = $2', [
    variantId,
    lot,
  ]);
  return !!row;
}

/** A counted tracked product: its scans (net, with the time of each) or its lots' counts. */
export type CountedTracked = {
  variantId: string;
  /** a serial product's units scanned (codes as stored by the count) */
  scans?: { code: string; at: Date | string }[];
  /** a batch product's counts per lot */
  lots?: { lot: string; quantity: number | string }[];
};

type Unit = {
  id: string;
  variant_id: string;
  serial: string;
  imei2: string | null;
  status: string;
  inventory_id: string | null;
  place: string | null;
  left_here_at: string | null;
};

type Unexpected = { code: string; unit: Unit | null };

export type TrackedVariance = {
  serials: {
    variantId: string;
    productName: string;
    expected: number;
    missing: Unit[];
    unexpected: Unexpected[];
  }[];
  lots: {
    variantId: string;
    productName: string;
    batchId: string;
    lot: string;
    expiryDate: string;
    expected: Decimal;
    counted: Decimal;
  }[];
};

/**
 * The variance of the tracked products counted at an inventory, read now (`lock`: the units and
 * lots locked, for the posting). A unit scanned and sold (or moved) from here after its scan is
 * not unexpected: the shelf had it when counted.
 */
export async function trackedVariance(
  m: EntityManager,
  inventoryId: string,
  counted: readonly CountedTracked[],
  opts: { lock?: boolean } = {},
): Promise<TrackedVariance> {
  if (!counted.length) return { serials: [], lots: [] };
  const info = await trackingOf(
    m,
    counted.map((c) => c.variantId),
  );
  const out: TrackedVariance = { serials: [], lots: [] };
  const serialIds = counted.filter((c) => info.get(c.variantId)?.tracking === 'serial');
  if (serialIds.length) {
    const variantIds = serialIds.map((c) => c.variantId);
    const codes = serialIds.flatMap((c) => (c.scans ?? []).map((s) => s.code));
    const units: Unit[] = await m.query(
      `SELECT su.id, su.variant_id, su.serial, su.imei2, su.status, su.inventory_id,
              CASE WHEN i.id IS NULL THEN NULL ELSE b.name || ' — ' || i.name END AS place,
              (SELECT max(sm.at) FROM serial_movements sm JOIN stock_movements mv ON mv.id = sm.movement_id
                WHERE sm.serial_unit_id = su.id AND sm.quantity = -1 AND mv.inventory_id = $3)::text AS left_here_at
         FROM serial_units su LEFT JOIN inventories i ON i.id = su.inventory_id
         LEFT JOIN branches b ON b.id = i.branch_id
        WHERE su.variant_id = ANY($1::uuid[])
          AND ((su.status = 'in_stock' AND su.inventory_id = $3) OR su.serial = ANY($2::text[]) OR su.imei2 = ANY($2::text[]))
        ORDER BY su.id ${opts.lock ? 'FOR UPDATE OF su' : ''}`,
      [variantIds, codes, inventoryId],
    );
    for (const c of serialIds) {
      const mine = units.filter((u) => u.variant_id === c.variantId);
      const here = mine.filter((u) => u.status === 'in_stock' && u.inventory_id === inventoryId);
      const scans = c.scans ?? [];
      const named = (u: Unit) => scans.some((s) => s.code === u.serial || s.code === u.imei2);
      const unexpected: Unexpected[] = [];
      for (const s of scans) {
        const unit = mine.find((u) => u.serial === s.code || u.imei2 === s.code) ?? null;
        if (unit && here.includes(unit)) continue;
        // left here after it was scanned: counted on the shelf, then sold or moved
        if (unit?.left_here_at && new Date(unit.left_here_at) > new Date(s.at)) continue;
        if (unit && unexpected.some((x) => x.unit?.id === unit.id)) continue;
        unexpected.push({ code: s.code, unit });
      }
      out.serials.push({
        variantId: c.variantId,
        productName: info.get(c.variantId)?.name ?? '',
        expected: here.length,
        missing: here.filter((u) => !named(u)),
        unexpected,
      });
    }
  }
  const batchIds = counted.filter((c) => info.get(c.variantId)?.tracking === 'batch');
  if (batchIds.length) {
    const held: {
      batchId: string;
      variantId: string;
      lot: string;
      expiryDate: string;
      onHand: string;
    }[] = opts.lock
      ? await lockLotsAt(
          m,
          inventoryId,
          batchIds.map((c) => c.variantId),
        )
      : await m.query(
          `SELECT b.id AS "batchId", b.variant_id AS "variantId", b.lot, b.expiry_date::text AS "expiryDate",
                  bl.on_hand::text AS "onHand"
             FROM batch_levels bl JOIN batches b ON b.id = bl.batch_id
            WHERE b.variant_id = ANY($1::uuid[]) AND bl.inventory_id = $2
            ORDER BY b.variant_id, b.expiry_date, b.lot`,
          [batchIds.map((c) => c.variantId), inventoryId],
        );
    const named: { batchId: string; variantId: string; lot: string; expiryDate: string }[] =
      await m.query(
        `SELECT id AS "batchId", variant_id AS "variantId", lot, expiry_date::text AS "expiryDate"
           FROM batches WHERE variant_id = ANY($1::uuid[]) AND lot = ANY($2::text[])`,
        [
          batchIds.map((c) => c.variantId),
          batchIds.flatMap((c) => (c.lots ?? []).map((l) => l.lot)),
        ],
      );
    for (const c of batchIds) {
      const lots = new Map<string, { batchId: string; lot: string; expiryDate: string }>();
      for (const l of [...held, ...named]) if (l.variantId === c.variantId) lots.set(l.lot, l);
      for (const lot of lots.values()) {
        const expected = new Decimal(held.find((h) => h.batchId === lot.batchId)?.onHand ?? 0);
        const count = (c.lots ?? [])
          .filter((l) => l.lot === lot.lot)
          .reduce((s, l) => s.plus(l.quantity), new Decimal(0));
        if (expected.isZero() && count.isZero()) continue;
        out.lots.push({
          variantId: c.variantId,
          productName: info.get(c.variantId)?.name ?? '',
          batchId: lot.batchId,
          lot: lot.lot,
          expiryDate: lot.expiryDate,
          expected,
          counted: count,
        });
      }
    }
  }
  return out;
}

/** The variance as the screens read it (and the posting keeps on its lines). */
export function trackedVarianceDto(v: TrackedVariance): StockTakingTrackedDto {
  return {
    serials: v.serials.map((s) => ({
      variantId: s.variantId,
      productName: s.productName,
      missing: s.missing.map((u) => ({ serial: u.serial, imei2: u.imei2 })),
      unexpected: s.unexpected.map((x) => ({
        serial: x.unit?.serial ?? x.code,
        imei2: x.unit?.imei2 ?? null,
        place: x.unit?.place ?? null,
        status: x.unit?.status ?? null,
      })),
    })),
    lots: v.lots.map((l) => ({
      variantId: l.variantId,
      productName: l.productName,
      lot: l.lot,
      expiryDate: l.expiryDate,
      expected: l.expected.toNumber(),
      counted: l.counted.toNumber(),
      variance: l.counted.minus(l.expected).toNumber(),
    })),
  };
}

/** Each tracked product's net variance here: the figure its stock-taking line posts. */
export function trackedNet(
  v: TrackedVariance,
): Map<string, { expected: Decimal; variance: Decimal }> {
  const out = new Map<string, { expected: Decimal; variance: Decimal }>();
  for (const s of v.serials)
    out.set(s.variantId, {
      expected: new Decimal(s.expected),
      variance: new Decimal(s.unexpected.length - s.missing.length),
    });
  for (const l of v.lots) {
    const prev = out.get(l.variantId) ?? { expected: new Decimal(0), variance: new Decimal(0) };
    out.set(l.variantId, {
      expected: prev.expected.plus(l.expected),
      variance: prev.variance.plus(l.counted.minus(l.expected)),
    });
  }
  return out;
}

/**
 * Posts a count's tracked variance (read with `lock`) at its inventory: first what leaves — the
 * missing units (written off) and the lots counted short here, and the unexpected units still in
 * stock elsewhere, each out of its place — then what comes in here: the unexpected units (moved
 * from their place, back into stock, or added when no unit had the code) and the lots counted
 * over. Two ledger passes (out, then in, both reason `stocktaking`, reference the count), so a
 * unit swapped for another — net zero — still has a movement to belong to. Answers the ledger's
 * changes (their values go to the books).
 */
export async function postTrackedCount(
  m: EntityManager,
  ledger: StockLedger,
  ctx: {
    stockTakingId: string;
    inventoryId: string;
    userId: string;
    note: string;
    unitCost: Map<string, number>;
  },
  v: TrackedVariance,
): Promise<BalanceChange[]> {
  if (!v.serials.length && !v.lots.length) return [];
  const base = {
    reason: 'stocktaking' as const,
    referenceType: 'stock_taking',
    referenceId: ctx.stockTakingId,
    userId: ctx.userId,
    note: ctx.note,
  };
  const here = ctx.inventoryId;
  const cost = (variantId: string) => ctx.unitCost.get(variantId) ?? null;
  // what leaves: (inventory, variant) → quantity
  const outs = new Map<string, { inventoryId: string; variantId: string; quantity: Decimal }>();
  const addOut = (inventoryId: string, variantId: string, q: Decimal.Value) => {
    const key = `${inventoryId}|${variantId}`;
    const prev = outs.get(key)?.quantity ?? new Decimal(0);
    outs.set(key, { inventoryId, variantId, quantity: prev.plus(q) });
  };
  const ins = new Map<string, Decimal>();
  const addIn = (variantId: string, q: Decimal.Value) =>
    ins.set(variantId, (ins.get(variantId) ?? new Decimal(0)).plus(q));
  for (const s of v.serials) {
    if (s.missing.length) addOut(here, s.variantId, s.missing.length);
    for (const x of s.unexpected) {
      if (x.unit?.status === 'in_stock') addOut(x.unit.inventory_id!, s.variantId, 1);
      addIn(s.variantId, 1);
    }
  }
  for (const l of v.lots) {
    const d = l.counted.minus(l.expected);
    if (d.isNegative()) addOut(here, l.variantId, d.negated());
    else if (d.isPositive()) addIn(l.variantId, d);
  }
  const changes = await ledger.apply(
    m,
    [...outs.values()].map((o) => ({
      ...base,
      variantId: o.variantId,
      inventoryId: o.inventoryId,
      quantity: o.quantity.negated().toFixed(3),
      unitCost: cost(o.variantId),
    })),
  );
  const outIds = new Map<string, Map<string, string>>();
  for (const inventoryId of new Set([...outs.values()].map((o) => o.inventoryId)))
    outIds.set(
      inventoryId,
      await documentMovementIds(
        m,
        {
          type: 'stock_taking',
          id: ctx.stockTakingId,
          reason: 'stocktaking',
          inventoryId,
          sign: -1,
        },
        [...outs.values()].filter((o) => o.inventoryId === inventoryId).map((o) => o.variantId),
      ),
    );
  const outOf = (inventoryId: string, variantId: string) =>
    outIds.get(inventoryId)?.get(variantId) ?? '';
  for (const s of v.serials) {
    if (s.missing.length) {
      await m.query(
        `UPDATE serial_units SET status = 'written_off', inventory_id = NULL, updated_at = now() WHERE id = ANY($1::uuid[])`,
        [s.missing.map((u) => u.id)],
      );
      await linkUnits(
        m,
        s.missing.map((u) => u.id),
        outOf(here, s.variantId),
        -1,
      );
    }
    for (const x of s.unexpected)
      if (x.unit?.status === 'in_stock')
        await linkUnits(m, [x.unit.id], outOf(x.unit.inventory_id!, s.variantId), -1);
  }
  for (const l of v.lots)
    if (l.counted.lt(l.expected))
      await moveLots(m, here, outOf(here, l.variantId), [
        { batchId: l.batchId, quantity: l.counted.minus(l.expected) },
      ]);
  changes.push(
    ...(await ledger.apply(
      m,
      [...ins].map(([variantId, q]) => ({
        ...base,
        variantId,
        inventoryId: here,
        quantity: q.toFixed(3),
        unitCost: cost(variantId),
      })),
    )),
  );
  const inIds = await documentMovementIds(
    m,
    {
      type: 'stock_taking',
      id: ctx.stockTakingId,
      reason: 'stocktaking',
      inventoryId: here,
      sign: 1,
    },
    [...ins.keys()],
  );
  for (const s of v.serials) {
    if (!s.unexpected.length) continue;
    const movementId = inIds.get(s.variantId) ?? '';
    const known = s.unexpected.filter((x) => x.unit).map((x) => x.unit!.id);
    if (known.length)
      await m.query(
        `UPDATE serial_units SET status = 'in_stock', inventory_id = $2, received_movement_id = $3, updated_at = now()
          WHERE id = ANY($1::uuid[])`,
        [known, here, movementId],
      );
    const added = s.unexpected.filter((x) => !x.unit).map((x) => x.code);
    const rows: { id: string }[] = added.length
      ? await m.query(
          `INSERT INTO serial_units (id, variant_id, serial, status, inventory_id, received_movement_id)
           SELECT t.id, $1, t.serial, 'in_stock', $2, $3 FROM unnest($4::uuid[], $5::text[]) AS t(id, serial)
           RETURNING id`,
          [s.variantId, here, movementId, added.map(() => uuidv7()), added],
        )
      : [];
    await linkUnits(m, [...known, ...rows.map((r) => r.id)], movementId, 1);
  }
  for (const l of v.lots)
    if (l.counted.gt(l.expected))
      await moveLots(m, here, inIds.get(l.variantId) ?? '', [
        { batchId: l.batchId, quantity: l.counted.minus(l.expected) },
      ]);
  return changes;
}
