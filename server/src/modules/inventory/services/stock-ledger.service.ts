import { HttpStatus, Injectable } from '@nestjs/common';
import Decimal from 'decimal.js';
import type { EntityManager } from 'typeorm';
import { uuidv7 } from '../../../core/database/ids';
import { LIMITS, quantityFitsUnit, type StockReason } from '@pos/contracts';
import { AppException } from '../../../core/errors/app.exception';
import { preparedQuery } from '../../../core/database/prepared';
import { rowFields } from '../../../core/database/row-fields';

export type MovementInput = {
  variantId: string;
  inventoryId: string;
  /** Signed quantity: + into the inventory, − out of it. */
  quantity: number | string;
  reason: StockReason;
  referenceType?: string | null;
  referenceId?: string | null;
  unitCost?: number | null;
  userId: string | null;
  note?: string | null;
};

export type BalanceChange = {
  variantId: string;
  inventoryId: string;
  /** the ledger row written for it (stock_movements.id): a tracked line's lots and units name it */
  movementId: string;
  /** The inventory's branch (where the live events go). */
  branchId: string;
  before: number;
  onHand: number;
  reserved: number;
  lowStockThreshold: number;
  /** The variant went from above its threshold to at or below it (or back). */
  crossedIntoLow: boolean;
  crossedOutOfLow: boolean;
  /** The variant's average cost when it moved (piasters): the stock's value is on hand × it. */
  avgCost: number;
  /**
   * Taken below zero available in an inventory that may not go negative, because the caller
   * allowed it (`apply(…, { allowNegative: true })`: a sale rung offline, issue 32).
   */
  forcedNegative?: true;
};

/** How a caller lets a movement pass the inventory's own rules. */
export type ApplyOptions = {
  /** take stock below zero even where the inventory does not allow it (marked `forcedNegative`) */
  allowNegative?: boolean;
};

/** A balance locked for a check before a movement (quantities as exact decimal text). */
export type LockedBalance = {
  variantId: string;
  inventoryId: string;
  branchId: string;
  onHand: string;
  reserved: string;
  /** on hand − reserved */
  available: string;
  allowNegative: boolean;
};

type LedgerRow = {
  variant_id: string;
  inventory_id: string;
  movement_id: string;
  on_hand: string;
  before: string;
  reserved: string;
  allow_negative: boolean;
  branch_id: string;
  threshold: string;
  avg_cost: string;
  unit: string;
  name_ar: string;
  properties: Record<string, string> | null;
};

const qty = (value: number | string) => new Decimal(value).toDecimalPlaces(3).toFixed(3);

/**
 * The limits every movement keeps (issue 11): counted goods move in whole numbers (a fraction is
 * accepted only when it leaves a whole balance: correcting a fraction held from before the rule),
 * and a balance never passes ±LIMITS.stockQuantity in the direction it moved (stock values stay exact).
 */
function checkMovement(
  quantity: string,
  row: {
    on_hand: string;
    unit: string;
    name_ar: string;
    properties: Record<string, string> | null;
  },
): void {
  const props = Object.values(row.properties ?? {}).join(' ');
  const name = props ? `${row.name_ar} ${props}` : row.name_ar;
  const q = new Decimal(quantity);
  const onHand = new Decimal(row.on_hand);
  if (!quantityFitsUnit(row.unit, q.toNumber()) && !onHand.isInteger())
    throw new AppException('QUANTITY_NOT_WHOLE', HttpStatus.BAD_REQUEST, { name });
  if (
    (q.isPositive() && onHand.gt(LIMITS.stockQuantity)) ||
    (q.isNegative() && onHand.lt(-LIMITS.stockQuantity))
  ) {
    throw new AppException('STOCK_LIMIT', HttpStatus.BAD_REQUEST, { name });
  }
}

/**
 * A balance after its movement: the movement's limits checked, and refused (INSUFFICIENT_STOCK)
 * when it takes more than is available from an inventory that may not go negative.
 */
function balanceChange(
  mv: { variantId: string; inventoryId: string; quantity: string },
  row: Omit<LedgerRow, 'variant_id' | 'inventory_id'>,
  opts: ApplyOptions = {},
): BalanceChange {
  checkMovement(mv.quantity, row);
  const onHand = new Decimal(row.on_hand);
  const available = onHand.minus(row.reserved);
  const refused =
    new Decimal(mv.quantity).isNegative() && available.isNegative() && !row.allow_negative;
  if (refused && !opts.allowNegative) {
    const props = Object.values(row.properties ?? {}).join(' ');
    throw new AppException('INSUFFICIENT_STOCK', HttpStatus.BAD_REQUEST, {
      name: props ? `${row.name_ar} ${props}` : row.name_ar,
      available: Decimal.max(0, available.minus(mv.quantity)).toString(),
    });
  }
  const threshold = new Decimal(row.threshold);
  const wasLow = new Decimal(row.before).lte(threshold);
  const isLow = onHand.lte(threshold);
  return {
    variantId: mv.variantId,
    inventoryId: mv.inventoryId,
    movementId: row.movement_id,
    branchId: row.branch_id,
    before: Number(row.before),
    onHand: onHand.toNumber(),
    reserved: Number(row.reserved),
    lowStockThreshold: threshold.toNumber(),
    crossedIntoLow: threshold.gt(0) && !wasLow && isLow,
    crossedOutOfLow: threshold.gt(0) && wasLow && !isLow,
    avgCost: Number(row.avg_cost),
    ...(refused ? { forcedNegative: true as const } : {}),
  };
}

/**
 * The only writer of stock: each movement is a ledger row plus the balance update, in the
 * caller's transaction. Balance rows are locked in a fixed order (inventory, variant) so two
 * commands touching the same items cannot deadlock; a decrement that would take the available
 * quantity (on hand − reserved) below zero is refused unless the inventory allows negative stock.
 */
@Injectable()
export class StockLedger {
  async apply(
    m: EntityManager,
    movements: MovementInput[],
    opts: ApplyOptions = {},
  ): Promise<BalanceChange[]> {
    const merged = new Map<string, MovementInput & { quantity: string }>();
    for (const mv of movements) {
      if (new Decimal(mv.quantity).isZero()) continue;
      const key = `${mv.inventoryId}|${mv.variantId}|${mv.reason}|${mv.referenceId ?? ''}`;
      const prev = merged.get(key);
      merged.set(
        key,
        prev
          ? { ...prev, quantity: new Decimal(prev.quantity).plus(mv.quantity).toFixed(3) }
          : { ...mv, quantity: qty(mv.quantity) },
      );
    }
    const ordered = [...merged.values()].sort((a, b) =>
      a.inventoryId === b.inventoryId
        ? a.variantId.localeCompare(b.variantId)
        : a.inventoryId.localeCompare(b.inventoryId),
    );
    const pairs = new Set(ordered.map((mv) => `${mv.inventoryId}|${mv.variantId}`));
    if (ordered.length > 0 && pairs.size === ordered.length)
      return this.applyBatch(m, ordered, opts);
    const changes: BalanceChange[] = [];
    for (const mv of ordered) {
      await m.query(
        `INSERT INTO stock_levels (variant_id, inventory_id, on_hand, reserved) VALUES ($1, $2, 0, 0)
         ON CONFLICT DO NOTHING`,
        [mv.variantId, mv.inventoryId],
      );
      // TypeORM answers an UPDATE … RETURNING with [rows, affected].
      const [[row]] = await m.query(
        `UPDATE stock_levels s SET on_hand = s.on_hand + $3
           FROM inventories i, variants v, products p
          WHERE s.variant_id = $1 AND s.inventory_id = $2 AND i.id = s.inventory_id AND v.id = s.variant_id AND p.id = v.product_id
        RETURNING s.on_hand::text AS on_hand, (s.on_hand - $3)::text AS before, s.reserved::text AS reserved,
                  i.allow_negative, i.branch_id, v.low_stock_threshold::text AS threshold, v.avg_cost::text AS avg_cost, p.unit, p.name_ar, v.properties`,
        [mv.variantId, mv.inventoryId, mv.quantity],
      );
      if (!row) throw new AppException('NOT_FOUND', HttpStatus.NOT_FOUND);
      const movementId = uuidv7();
      changes.push(balanceChange(mv, { ...row, movement_id: movementId }, opts));
      await m.query(
        `INSERT INTO stock_movements (id, variant_id, inventory_id, quantity, balance_after, reason, reference_type,
                                      reference_id, unit_cost, user_id, note)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
        [
          movementId,
          mv.variantId,
          mv.inventoryId,
          mv.quantity,
          row.on_hand,
          mv.reason,
          mv.referenceType ?? null,
          mv.referenceId ?? null,
          mv.unitCost ?? null,
          mv.userId,
          mv.note ?? null,
        ],
      );
    }
    return changes;
  }

  /**
   * The same writes for many balances (a sale's lines) in one statement: lock the balance rows in
   * (inventory, variant) order, update them and append the ledger rows. Balance rows that do not
   * exist yet are created first and the statement runs again for them (rare: a first movement).
   */
  private async applyBatch(
    m: EntityManager,
    ordered: (MovementInput & { quantity: string })[],
    opts: ApplyOptions,
  ): Promise<BalanceChange[]> {
    const rows = await this.updateAndRecord(m, ordered);
    const byPair = new Map(rows.map((r) => [`${r.inventory_id}|${r.variant_id}`, r]));
    const missing = ordered.filter((mv) => !byPair.has(`${mv.inventoryId}|${mv.variantId}`));
    if (missing.length) {
      await m.query(
        `INSERT INTO stock_levels (variant_id, inventory_id, on_hand, reserved)
         SELECT v, i, 0, 0 FROM unnest($1::uuid[], $2::uuid[]) AS t(v, i) ON CONFLICT DO NOTHING`,
        [missing.map((mv) => mv.variantId), missing.map((mv) => mv.inventoryId)],
      );
      for (const r of await this.updateAndRecord(m, missing))
        byPair.set(`${r.inventory_id}|${r.variant_id}`, r);
    }
    return ordered.map((mv) => {
      const row = byPair.get(`${mv.inventoryId}|${mv.variantId}`);
      if (!row) throw new AppException('NOT_FOUND', HttpStatus.NOT_FOUND);
      return balanceChange(mv, row, opts);
    });
  }

  /**
   * Locks (ORDER BY … FOR UPDATE: rows are locked in that order), updates and appends the ledger
   * rows for the balances that exist; a refused decrement is thrown by the caller, which rolls
   * the whole transaction back, ledger rows included.
   */
  private async updateAndRecord(
    m: EntityManager,
    list: (MovementInput & { quantity: string })[],
  ): Promise<LedgerRow[]> {
    // The balance rows are found through the primary key (variant = ANY, inventory = ANY, then the
    // exact pairs), never by joining the unnest (its row count is unknown to the planner, which
    // then scanned the whole table or an inventory's every balance); what the caller needs of the
    // inventory, variant and product is read after the update, not joined into it.
    // TypeORM answers a statement whose outer part is a SELECT with the rows.
    return preparedQuery<LedgerRow>(
      m,
      `WITH d AS MATERIALIZED (
         SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::numeric[], $4::uuid[], $5::text[], $6::text[], $7::uuid[], $8::bigint[],
                              $9::uuid[], $10::text[]) AS d(v, i, q, mid, reason, rtype, rid, cost, uid, note)),
       locked AS MATERIALIZED (
         SELECT s.variant_id, s.inventory_id FROM stock_levels s
          WHERE s.variant_id = ANY($1::uuid[]) AND s.inventory_id = ANY($2::uuid[])
            AND EXISTS (SELECT 1 FROM d WHERE d.v = s.variant_id AND d.i = s.inventory_id)
          ORDER BY s.inventory_id, s.variant_id FOR UPDATE OF s),
       upd AS (
         UPDATE stock_levels s SET on_hand = s.on_hand + d.q
           FROM locked l JOIN d ON d.v = l.variant_id AND d.i = l.inventory_id
          WHERE s.variant_id = l.variant_id AND s.inventory_id = l.inventory_id
            AND s.variant_id = ANY($1::uuid[]) AND s.inventory_id = ANY($2::uuid[])
         RETURNING s.variant_id, s.inventory_id, s.on_hand, s.on_hand - d.q AS before, s.reserved, d.q, d.mid, d.reason, d.rtype, d.rid,
                   d.cost, d.uid, d.note),
       mv AS (
         INSERT INTO stock_movements (id, variant_id, inventory_id, quantity, balance_after, reason, reference_type, reference_id,
                                      unit_cost, user_id, note)
         SELECT mid, variant_id, inventory_id, q, on_hand, reason, rtype, rid, cost, uid, note FROM upd)
       SELECT u.variant_id, u.inventory_id, u.mid AS movement_id, u.on_hand::text AS on_hand, u.before::text AS before, u.reserved::text AS reserved, i.allow_negative,
              i.branch_id, v.low_stock_threshold::text AS threshold, v.avg_cost::text AS avg_cost, p.unit, p.name_ar, v.properties
         FROM upd u JOIN inventories i ON i.id = u.inventory_id JOIN variants v ON v.id = u.variant_id JOIN products p ON p.id = v.product_id`,
      [
        list.map((mv) => mv.variantId),
        list.map((mv) => mv.inventoryId),
        list.map((mv) => mv.quantity),
        list.map(() => uuidv7()),
        list.map((mv) => mv.reason),
        list.map((mv) => mv.referenceType ?? null),
        list.map((mv) => mv.referenceId ?? null),
        list.map((mv) => mv.unitCost ?? null),
        list.map((mv) => mv.userId),
        list.map((mv) => mv.note ?? null),
      ],
    );
  }

  /**
   * Opens (at zero) the balances `variantIds` lack in `inventoryId`, then locks those variants'
   * balances, in `inventoryId` only or in every inventory (`everywhere`: a purchase's moving
   * average weighs the stock held everywhere), in (inventory, variant) order, the ledger's own
   * order, and returns what each holds: a caller checks them before moving stock through apply or
   * reserve in the same transaction.
   */
  async lockBalances(
    m: EntityManager,
    inventoryId: string,
    variantIds: string[],
    opts: { everywhere?: boolean } = {},
  ): Promise<LockedBalance[]> {
    const ids = [...new Set(variantIds)].sort();
    if (!ids.length) return [];
    await m.query(
      `INSERT INTO stock_levels (variant_id, inventory_id, on_hand, reserved)
       SELECT v, $2, 0, 0 FROM unnest($1::uuid[]) AS v ORDER BY v ON CONFLICT DO NOTHING`,
      [ids, inventoryId],
    );
    const rows: {
      variant_id: string;
      inventory_id: string;
      branch_id: string;
      on_hand: string;
      reserved: string;
      allow_negative: boolean;
    }[] = await m.query(
      `SELECT s.variant_id, s.inventory_id, i.branch_id, s.on_hand::text AS on_hand, s.reserved::text AS reserved,
              i.allow_negative
         FROM stock_levels s JOIN inventories i ON i.id = s.inventory_id
        WHERE s.variant_id = ANY($1::uuid[]) AND ($3 OR s.inventory_id = $2)
        ORDER BY s.inventory_id, s.variant_id FOR UPDATE OF s`,
      [ids, inventoryId, opts.everywhere === true],
    );
    return rows.map((r) => ({
      ...rowFields(r, ['variant_id', 'inventory_id', 'branch_id', 'on_hand', 'reserved']),
      available: new Decimal(r.on_hand).minus(r.reserved).toFixed(3),
      allowNegative: r.allow_negative,
    }));
  }

  /**
   * Removes the balance rows of variants the catalog deletes (the caller has checked they hold
   * nothing and never moved: a balance with history keeps its variant).
   */
  async dropBalances(m: EntityManager, variantIds: string[]): Promise<void> {
    if (variantIds.length)
      await m.query('DELETE FROM stock_levels WHERE variant_id = ANY($1::uuid[])', [variantIds]);
  }

  /** Reserve (+) or release (−) quantity; reserving more than is available is refused. */
  async reserve(
    m: EntityManager,
    variantId: string,
    inventoryId: string,
    quantity: number | string,
  ): Promise<void> {
    await m.query(
      `INSERT INTO stock_levels (variant_id, inventory_id, on_hand, reserved) VALUES ($1, $2, 0, 0) ON CONFLICT DO NOTHING`,
      [variantId, inventoryId],
    );
    // TypeORM answers an UPDATE … RETURNING with [rows, affected].
    const [[row]] = await m.query(
      `UPDATE stock_levels s SET reserved = s.reserved + $3 FROM inventories i
        WHERE s.variant_id = $1 AND s.inventory_id = $2 AND i.id = s.inventory_id
      RETURNING (s.on_hand - s.reserved)::text AS available, s.reserved::text AS reserved, i.allow_negative`,
      [variantId, inventoryId, qty(quantity)],
    );
    if (!row) throw new AppException('NOT_FOUND', HttpStatus.NOT_FOUND);
    if (
      new Decimal(row.reserved).isNegative() ||
      (new Decimal(quantity).isPositive() &&
        new Decimal(row.available).isNegative() &&
        !row.allow_negative)
    ) {
      throw new AppException('INSUFFICIENT_STOCK', HttpStatus.BAD_REQUEST, {
        name: variantId,
        available: row.available,
      });
    }
  }
}
