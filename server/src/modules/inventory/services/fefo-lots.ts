import type { EntityManager } from 'typeorm';
import { pickFefo, type BatchStock, type FefoResult } from '@pos/contracts';

// The first-expiry-first-out pick over only the lots it needs (issue 34, docs/decisions/0123):
// a product of 10k lots no longer has every lot read (and, by a sale, locked) for a line of a few
// units. The lots are walked in FEFO order (expiry, then lot) on the partial index
// IDX_batch_levels_fefo, which holds only the lots with stock at each inventory (neither sold-out
// lots nor other inventories' are passed), a chunk at a time, stopping as soon as what was read
// covers the quantity.

/**
 * The first chunk's size: a line of a few units is covered by its first lot or two, and every row
 * read by a sale is locked (a row lock is a write to the row), so the first chunk is small.
 */
const FIRST_CHUNK = 2;
/** Each further chunk is this many times the last one, up to MAX_CHUNK. */
const GROWTH = 4;
const MAX_CHUNK = 1000;

export type FefoLot = BatchStock & { onHand: string };

/**
 * The lots of variant $1 holding stock at inventory $2 after (expiry, lot) = ($3, $4), in FEFO
 * order: the one condition and order every FEFO read here shares (the walk and the first-lot take).
 */
const FEFO_FROM = `FROM batch_levels
        WHERE inventory_id = $2 AND variant_id = $1 AND (expiry_date, lot) > ($3::date, $4::text)
          AND on_hand > 0
        ORDER BY expiry_date, lot`;

/**
 * The unexpired lots (with `allowExpired`, all lots) of a variant holding stock at an inventory, in FEFO order, until their
 * quantity covers `quantity` (all of them when it cannot), and the pick of `quantity` from them.
 *
 * With `lock` (a sale) each chunk is read `FOR UPDATE`: the rows are locked in FEFO order
 * (the same order for every seller, so two picks never deadlock on lots), and a lot another
 * transaction changed is read again after its commit (READ COMMITTED's re-check): its new
 * quantity is the one summed, and a lot it emptied no longer matches `on_hand > 0` and is skipped
 * — the LIMIT then takes the next lot, so a chunk is short only when the lots run out. The sort
 * keys (expiry, lot) never change, so the locked rows come back in order. The sum counted is
 * therefore what the locked lots hold now; the UPDATE that follows cannot take a lot below zero
 * (and the CHECK on batch_levels would refuse it if it could).
 */
export async function fefoLots(
  m: EntityManager,
  at: { variantId: string; inventoryId: string; today: string },
  quantity: number,
  opts: { lock?: boolean; allowExpired?: boolean } = {},
): Promise<{ lots: FefoLot[] } & FefoResult> {
  const lots: FefoLot[] = [];
  if (quantity <= 0) return { lots, picks: [], short: 0 };
  // thousandths, as pickFefo counts
  const wanted = Math.round(quantity * 1000);
  let covered = 0;
  // keyset: after (expiry, lot); (today, '') starts at the first lot expiring today or later
  // (a lot number is never empty); with `allowExpired` (a transfer's shipment, docs/decisions/
  // 0128) at the first lot of all, expired ones first
  let after: [string, string] = [opts.allowExpired ? '-infinity' : at.today, ''];
  let chunk = FIRST_CHUNK;
  for (;;) {
    const rows: FefoLot[] = await m.query(
      `SELECT batch_id AS "batchId", lot, expiry_date::text AS "expiryDate", on_hand::text AS "onHand"
         ${FEFO_FROM}
        LIMIT $5${opts.lock ? ' FOR UPDATE' : ''}`,
      [at.variantId, at.inventoryId, after[0], after[1], chunk],
    );
    for (const r of rows) {
      lots.push(r);
      covered += Math.round(Number(r.onHand) * 1000);
      if (covered >= wanted) break;
    }
    if (covered >= wanted || rows.length < chunk) break;
    const last = rows[rows.length - 1];
    after = [last.expiryDate, last.lot];
    chunk = Math.min(MAX_CHUNK, chunk * GROWTH);
  }
  return { lots, ...pickFefo(lots, quantity, at.today, { allowExpired: opts.allowExpired }) };
}

/**
 * The first unexpired lot in FEFO order, locked as fefoLots' first chunk would lock it (its
 * re-check under READ COMMITTED included), and, when it holds `quantity` whole, taken and its
 * movement (`movementId`) written in the same statement: a sale's common case in one round trip.
 * Null when it does not (or there is no lot): the lot stays locked and fefoLots runs.
 */
export async function takeFromFirstLot(
  m: EntityManager,
  at: { variantId: string; inventoryId: string; today: string },
  quantity: number,
  movementId: string,
): Promise<{ batchId: string; lot: string; expiryDate: string; quantity: number } | null> {
  const [row]: { batchId: string; lot: string; expiryDate: string; took: boolean }[] =
    await m.query(
      `WITH first AS (
         SELECT batch_id, lot, expiry_date, on_hand ${FEFO_FROM} LIMIT 1 FOR UPDATE),
       taken AS (
         UPDATE batch_levels bl SET on_hand = bl.on_hand - $5::numeric FROM first
          WHERE bl.batch_id = first.batch_id AND bl.inventory_id = $2 AND first.on_hand >= $5::numeric
         RETURNING bl.batch_id),
       moved AS (
         INSERT INTO batch_movements (batch_id, movement_id, inventory_id, quantity)
         SELECT batch_id, $6, $2, -$5::numeric FROM taken
         ON CONFLICT (batch_id, movement_id) DO UPDATE SET quantity = batch_movements.quantity + EXCLUDED.quantity)
       SELECT first.batch_id AS "batchId", first.lot, first.expiry_date::text AS "expiryDate",
              EXISTS (SELECT 1 FROM taken) AS took
         FROM first`,
      [at.variantId, at.inventoryId, at.today, '', String(quantity), movementId],
    );
  if (!row?.took) return null;
  return { batchId: row.batchId, lot: row.lot, expiryDate: row.expiryDate, quantity };
}
