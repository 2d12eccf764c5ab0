import type { EntityManager } from 'typeorm';
import {
  DEFAULT_EXPIRY_WARNING_DAYS,
  type ExpiringLotDto,
  type ExpiringLotsDto,
} from '@pos/contracts';
import { loadConfig } from '../../../core/config/config';
import type { OutboxEvent } from '../../../core/outbox/outbox.service';

// The lots near expiry (issue 34 item 7, docs/decisions/0111): a lot with stock at an inventory
// whose expiry date is on or before the store's today + expiryWarningDays. A lot sells on its
// expiry day (batchExpired), so it is expired from the day after.

/** The store's day and expiry window (store_settings is the settings module's: read here only). */
export async function expiryWindow(
  m: EntityManager,
): Promise<{ today: string; days: number; timeZone: string }> {
  const [row]: { time_zone: string; days: number }[] = await m.query(
    'SELECT time_zone, expiry_warning_days AS days FROM store_settings WHERE id = 1',
  );
  const timeZone = row?.time_zone ?? loadConfig().storeTimeZone;
  const [{ today }]: { today: string }[] = await m.query(
    `SELECT to_char((now() AT TIME ZONE $1)::date, 'YYYY-MM-DD') AS today`,
    [timeZone],
  );
  return { today, days: row?.days ?? DEFAULT_EXPIRY_WARNING_DAYS, timeZone };
}

/** One branch's list (null: every branch), earliest expiry first, the expired apart. */
export async function expiringLots(
  m: EntityManager,
  branchId: string | null,
): Promise<ExpiringLotsDto> {
  const { today, days } = await expiryWindow(m);
  const rows: Record<string, unknown>[] = await m.query(
    `SELECT b.id AS "batchId", b.variant_id AS "variantId", b.lot, b.expiry_date::text AS "expiryDate",
            b.production_date::text AS "productionDate", l.inventory_id AS "inventoryId", l.on_hand AS "onHand",
            v.product_id AS "productId", p.name_ar AS "productName", v.sku, v.properties,
            i.name AS "inventoryName", i.branch_id AS "branchId", (b.expiry_date - $1::date)::int AS "daysLeft"
       FROM batch_levels l JOIN batches b ON b.id = l.batch_id
       JOIN inventories i ON i.id = l.inventory_id
       JOIN variants v ON v.id = b.variant_id JOIN products p ON p.id = v.product_id
      WHERE l.on_hand > 0 AND b.expiry_date <= $1::date + $2::int
        AND ($3::uuid IS NULL OR i.branch_id = $3)
      ORDER BY b.expiry_date, p.name_ar, b.lot, i.name
      LIMIT 2000`,
    [today, days, branchId],
  );
  const lots = rows.map(
    (r): ExpiringLotDto =>
      ({
        ...r,
        productionDate: r.productionDate ?? null,
        properties: (r.properties as Record<string, string>) ?? {},
        onHand: Number(r.onHand),
        daysLeft: Number(r.daysLeft),
      }) as ExpiringLotDto,
  );
  return {
    branchId,
    days,
    today,
    expiring: lots.filter((l) => l.daysLeft >= 0),
    expired: lots.filter((l) => l.daysLeft < 0),
  };
}

/**
 * The `lots.expiring` events of these branches (null: every branch with a lot in the window),
 * each with its counts of lots in the window and past it (lot × inventory rows, as listed).
 */
export async function expiringEvents(
  m: EntityManager,
  branchIds: string[] | null,
): Promise<OutboxEvent[]> {
  if (branchIds && !branchIds.length) return [];
  const { today, days } = await expiryWindow(m);
  const rows: { branch_id: string; expiring: number; expired: number }[] = await m.query(
    `SELECT i.branch_id, count(*) FILTER (WHERE b.expiry_date >= $1::date)::int AS expiring,
            count(*) FILTER (WHERE b.expiry_date < $1::date)::int AS expired
       FROM batch_levels l JOIN batches b ON b.id = l.batch_id JOIN inventories i ON i.id = l.inventory_id
      WHERE l.on_hand > 0 AND b.expiry_date <= $1::date + $2::int
        AND ($3::uuid[] IS NULL OR i.branch_id = ANY($3::uuid[]))
      GROUP BY i.branch_id ORDER BY i.branch_id`,
    [today, days, branchIds],
  );
  return rows.map((r) => ({
    branchId: r.branch_id,
    type: 'lots.expiring',
    payload: { expiring: r.expiring, expired: r.expired },
  }));
}

/**
 * The branches where lots just came in already inside the window (a receipt of a lot that expires
 * soon): their lists gained a row.
 */
export async function branchesReceivingExpiring(
  m: EntityManager,
  received: readonly { batchId: string; inventoryId: string }[],
): Promise<string[]> {
  if (!received.length) return [];
  const { today, days } = await expiryWindow(m);
  const rows: { branch_id: string }[] = await m.query(
    `SELECT DISTINCT i.branch_id FROM unnest($1::uuid[], $2::uuid[]) AS r(batch_id, inventory_id)
       JOIN batches b ON b.id = r.batch_id JOIN inventories i ON i.id = r.inventory_id
      WHERE b.expiry_date <= $3::date + $4::int`,
    [received.map((r) => r.batchId), received.map((r) => r.inventoryId), today, days],
  );
  return rows.map((r) => r.branch_id);
}
