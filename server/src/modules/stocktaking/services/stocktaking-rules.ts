import { HttpStatus } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import {
  STOCKTAKING_TRANSITIONS,
  type StockTakingAction,
  type StockTakingState,
} from '@pos/contracts';
import type { AuthUser } from '../../../core/auth/auth.types';
import { AppException, Errors } from '../../../core/errors/app.exception';
import type { CommandTransaction } from '../../../core/cqrs';
import { branchReadScope as branchScope } from '../../../core/auth/branch-scope';
import type { CountedTracked } from '../../inventory';

export type StockTakingRow = {
  id: string;
  number: string;
  state: StockTakingState;
  inventory_id: string;
  branch_id: string;
  scope: 'all' | 'categories';
};

/**
 * Load the session with a lock: counters take a shared lock (many count at once, each line row
 * serialises its own additions); submit, post and cancel take it exclusively, so they wait for
 * counts in flight and no count lands after the session left `open`.
 */
export async function lockStockTaking(
  m: EntityManager,
  id: string,
  user: AuthUser,
  mode: 'share' | 'update',
): Promise<StockTakingRow> {
  const [row] = await m.query(
    `SELECT id, number, state, inventory_id, branch_id, scope FROM stock_takings WHERE id = $1 ${mode === 'share' ? 'FOR SHARE' : 'FOR UPDATE'}`,
    [id],
  );
  const scope = branchScope(user);
  if (!row || (scope && row.branch_id !== scope)) throw Errors.notFound();
  return row;
}

export function assertStockTakingStep(st: StockTakingRow, action: StockTakingAction): void {
  if (!STOCKTAKING_TRANSITIONS[action].includes(st.state)) {
    throw new AppException(
      'STOCKTAKING_ILLEGAL_TRANSITION',
      HttpStatus.CONFLICT,
      { state: st.state },
      [{ key: `stocktaking.illegal.${st.state}`, params: { number: st.number } }],
    );
  }
}

/**
 * A step that changes the session's state (submit, reopen, cancel, post): the session locked
 * exclusively, and the step allowed from its state (else 409).
 */
export async function lockForStep(
  m: EntityManager,
  id: string,
  user: AuthUser,
  action: StockTakingAction,
): Promise<StockTakingRow> {
  const st = await lockStockTaking(m, id, user, 'update');
  assertStockTakingStep(st, action);
  return st;
}

export async function progressOf(
  m: EntityManager,
  id: string,
): Promise<{ counted: number; total: number }> {
  const [row] = await m.query(
    `SELECT count(*) FILTER (WHERE counted_quantity IS NOT NULL)::int AS counted, count(*)::int AS total
       FROM stock_taking_lines WHERE stock_taking_id = $1`,
    [id],
  );
  return { counted: row.counted, total: row.total };
}

/** `stocktaking.progress` to the session's branch: everyone counting sees counted / total move. */
export async function pushProgress(
  tx: CommandTransaction,
  st: StockTakingRow,
  state: StockTakingState,
) {
  const progress = await progressOf(tx.m, st.id);
  tx.push(st.branch_id, 'stocktaking.progress', { stockTakingId: st.id, ...progress, state });
  return progress;
}

/**
 * The session's counts of tracked products (docs/decisions/0117): each serial product's units
 * scanned and not taken back (with the time of the scan), each batch product's count per lot.
 */
export async function countedTracked(
  m: EntityManager,
  id: string,
  variantIds: readonly string[],
): Promise<CountedTracked[]> {
  if (!variantIds.length) return [];
  const rows: {
    variant_id: string;
    serial: string | null;
    lot: string | null;
    q: string;
    at: Date;
  }[] = await m.query(
    `SELECT variant_id, serial, lot, sum(quantity)::text AS q, max(at) AS at FROM stock_taking_counts
        WHERE stock_taking_id = $1 AND variant_id = ANY($2::uuid[]) AND (serial IS NOT NULL OR lot IS NOT NULL)
        GROUP BY variant_id, serial, lot`,
    [id, variantIds],
  );
  return variantIds.map((variantId) => {
    const mine = rows.filter((r) => r.variant_id === variantId);
    return {
      variantId,
      scans: mine
        .filter((r) => r.serial && Number(r.q) > 0)
        .map((r) => ({ code: r.serial!, at: r.at })),
      lots: mine.filter((r) => r.lot).map((r) => ({ lot: r.lot!, quantity: r.q })),
    };
  });
}
