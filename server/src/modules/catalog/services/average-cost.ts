import type { EntityManager } from 'typeorm';

/**
 * A variant's average cost belongs to the catalog: another module (a purchase's moving average)
 * locks it and sets it through these, in the caller's transaction.
 */

/** Locks the variants' rows (in id order) and returns their average cost (piasters). */
export async function lockAverageCosts(
  m: EntityManager,
  variantIds: string[],
): Promise<Map<string, number>> {
  const rows: { id: string; avg_cost: string }[] = await m.query(
    'SELECT id, avg_cost::text AS avg_cost FROM variants WHERE id = ANY($1) ORDER BY id FOR UPDATE',
    [variantIds],
  );
  return new Map(rows.map((r) => [r.id, Number(r.avg_cost)]));
}

/** Sets the variants' average cost (piasters); a variant whose cost is unchanged is not touched. */
export async function setAverageCosts(m: EntityManager, costs: Map<string, number>): Promise<void> {
  const ids = [...costs.keys()];
  await m.query(
    `UPDATE variants v SET avg_cost = t.cost, updated_at = now()
       FROM unnest($1::uuid[], $2::bigint[]) AS t(id, cost) WHERE v.id = t.id AND v.avg_cost <> t.cost`,
    [ids, ids.map((id) => costs.get(id)!)],
  );
}
