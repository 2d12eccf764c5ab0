import type { DeviceStockRow } from '@pos/contracts';
import type { DataSource, EntityManager } from 'typeorm';
import { changedBucketSince, changedSince } from '../../../core/database/changed-since';

// The stock snapshot of one inventory for the till's device catalog (catalog's device-catalog
// queries read it through here): rows changed since a cursor, keyset by variant id.

type Db = DataSource | EntityManager;

// The bucket bound reads the inventory's recently changed balances through
// (inventory_id, changed_bucket); changedSince then keeps exactly those the cursor did not see.
const where = (since: string | null) =>
  `s.inventory_id = $1${since ? ` AND ${changedBucketSince('s', '$2')} AND ${changedSince('s', '$2')}` : ''}`;

export async function deviceStockCount(
  db: Db,
  inventoryId: string,
  since: string | null,
): Promise<number> {
  const [{ n }] = await db.query(
    `SELECT count(*)::int AS n FROM stock_levels s WHERE ${where(since)}`,
    since ? [inventoryId, since] : [inventoryId],
  );
  return n;
}

export async function deviceStockPage(
  db: Db,
  inventoryId: string,
  since: string | null,
  after: string | null,
  limit: number,
): Promise<DeviceStockRow[]> {
  const params: unknown[] = since ? [inventoryId, since] : [inventoryId];
  params.push(after ?? '00000000-0000-0000-0000-000000000000', limit);
  const rows: { variant_id: string; on_hand: string; reserved: string }[] = await db.query(
    `SELECT s.variant_id, s.on_hand, s.reserved FROM stock_levels s
      WHERE ${where(since)} AND s.variant_id > $${params.length - 1}
      ORDER BY s.variant_id LIMIT $${params.length}`,
    params,
  );
  return rows.map((r) => [r.variant_id, Number(r.on_hand), Number(r.reserved)]);
}
