import { HttpStatus } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { uuidv7 } from '../../../core/database/ids';
import {
  TRANSFER_ACTION_SIDE,
  TRANSFER_TRANSITIONS,
  type TransferAction,
  type TransferLineTracked,
  type TransferState,
} from '@pos/contracts';
import type { AuthUser } from '../../../core/auth/auth.types';
import type { CommandTransaction } from '../../../core/cqrs';
import { AppException, Errors } from '../../../core/errors/app.exception';

export type TransferRow = {
  id: string;
  number: string;
  state: TransferState;
  from_inventory_id: string;
  to_inventory_id: string;
  from_branch_id: string;
  to_branch_id: string;
  note: string | null;
};

export type TransferLineRow = {
  id: string;
  line_no: number;
  variant_id: string;
  quantity: string;
  shipped_quantity: string | null;
  received_quantity: string | null;
  unit_cost: string | null;
  /** a tracked product's units or lots (docs/decisions/0117) */
  tracked: TransferLineTracked | null;
};

/** Users act for their own branch; the admin acts for any. can_see_branches widens reads only. */
export { seesAllBranches } from '../../../core/auth/branch-scope';
import { seesAllBranches } from '../../../core/auth/branch-scope';
export const actsAsSource = (user: AuthUser, t: Pick<TransferRow, 'from_branch_id'>) =>
  user.isAdmin || user.branchId === t.from_branch_id;
export const actsAsDestination = (user: AuthUser, t: Pick<TransferRow, 'to_branch_id'>) =>
  user.isAdmin || user.branchId === t.to_branch_id;
export const involves = (user: AuthUser, t: Pick<TransferRow, 'from_branch_id' | 'to_branch_id'>) =>
  actsAsSource(user, t) || actsAsDestination(user, t);
export const canRead = (user: AuthUser, t: Pick<TransferRow, 'from_branch_id' | 'to_branch_id'>) =>
  seesAllBranches(user) || involves(user, t);

/** The actions this user may take on the transfer now (its state and the user's branch side). */
export function allowedActions(user: AuthUser, t: TransferRow): ('edit' | TransferAction)[] {
  const out: ('edit' | TransferAction)[] = [];
  if (!user.permissions.includes('can_transfer_products')) return out;
  if (t.state === 'draft' && involves(user, t)) out.push('edit');
  for (const [action, rule] of Object.entries(TRANSFER_TRANSITIONS) as [
    TransferAction,
    (typeof TRANSFER_TRANSITIONS)[TransferAction],
  ][]) {
    if (!rule.from.includes(t.state)) continue;
    const side = TRANSFER_ACTION_SIDE[action];
    const ok =
      side === 'source'
        ? actsAsSource(user, t)
        : side === 'destination'
          ? actsAsDestination(user, t)
          : involves(user, t);
    if (ok) out.push(action);
  }
  return out;
}

/** Load and lock the request (concurrent steps on one request run one after the other). */
export async function lockTransfer(
  m: EntityManager,
  id: string,
  user: AuthUser,
): Promise<TransferRow> {
  const [row] = await m.query(
    `SELECT id, number, state, from_inventory_id, to_inventory_id, from_branch_id, to_branch_id, note
       FROM transfer_requests WHERE id = $1 FOR UPDATE`,
    [id],
  );
  if (!row || !canRead(user, row)) throw Errors.notFound();
  return row;
}

/** The state machine and the branch rule of one step; illegal steps are a 409 naming the state. */
export function assertStep(user: AuthUser, t: TransferRow, action: TransferAction): void {
  if (!TRANSFER_TRANSITIONS[action].from.includes(t.state)) {
    throw new AppException('TRANSFER_ILLEGAL_TRANSITION', HttpStatus.CONFLICT, { state: t.state }, [
      { key: `transfer.illegal.${t.state}`, params: { number: t.number } },
    ]);
  }
  const side = TRANSFER_ACTION_SIDE[action];
  if (side === 'source' && !actsAsSource(user, t))
    throw new AppException('TRANSFER_NOT_SOURCE', HttpStatus.FORBIDDEN);
  if (side === 'destination' && !actsAsDestination(user, t))
    throw new AppException('TRANSFER_NOT_DESTINATION', HttpStatus.FORBIDDEN);
  if (side === 'either' && !involves(user, t))
    throw new AppException('TRANSFER_NOT_INVOLVED', HttpStatus.FORBIDDEN);
}

export async function lockLines(m: EntityManager, transferId: string): Promise<TransferLineRow[]> {
  // Ordered by variant so stock rows are touched in the ledger's lock order.
  return m.query(
    `SELECT id, line_no, variant_id, quantity::text, shipped_quantity::text, received_quantity::text, unit_cost::text, tracked
       FROM transfer_request_lines WHERE transfer_id = $1 ORDER BY variant_id FOR UPDATE`,
    [transferId],
  );
}

/** Value at cost (piasters) of the request: shipped quantities at their shipped cost, else current average cost. */
export async function transferValue(m: EntityManager, transferId: string): Promise<number> {
  const [row] = await m.query(
    `SELECT COALESCE(sum(round(COALESCE(l.shipped_quantity, l.quantity) * COALESCE(l.unit_cost, v.avg_cost))), 0)::bigint AS value
       FROM transfer_request_lines l JOIN variants v ON v.id = l.variant_id WHERE l.transfer_id = $1`,
    [transferId],
  );
  return Number(row.value);
}

/**
 * The bookkeeping every step shares, in the step's transaction: the new state, a timeline row,
 * the audit record and one live event (the gateway sends transfer events to both branches).
 */
export async function recordStep(
  tx: CommandTransaction,
  t: TransferRow,
  step: {
    action: 'create' | 'edit' | TransferAction;
    to: TransferState;
    user: AuthUser;
    note?: string | null;
    after?: object;
  },
): Promise<void> {
  const { m } = tx;
  const from = step.action === 'create' ? null : t.state;
  if (step.action !== 'create') {
    await m.query('UPDATE transfer_requests SET state = $2, updated_at = now() WHERE id = $1', [
      t.id,
      step.to,
    ]);
  }
  await m.query(
    `INSERT INTO transfer_request_events (id, transfer_id, action, from_state, to_state, user_id, note) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [uuidv7(), t.id, step.action, from, step.to, step.user.id, step.note ?? null],
  );
  tx.audit({
    action: `transfer.${step.action}`,
    entity: 'transfer_request',
    entityId: t.id,
    before: from ? { state: from } : null,
    after: { state: step.to, number: t.number, ...(step.after ?? {}) },
  });
  const type = EVENT_OF[step.to];
  if (type && step.action !== 'edit') {
    tx.push(t.from_branch_id, type, {
      transferId: t.id,
      number: t.number,
      fromBranchId: t.from_branch_id,
      toBranchId: t.to_branch_id,
      state: step.to,
      valueAtCost: await transferValue(m, t.id),
    });
  }
}

const EVENT_OF: Partial<
  Record<
    TransferState,
    `transfer.${'requested' | 'approved' | 'rejected' | 'shipped' | 'received' | 'cancelled'}`
  >
> = {
  requested: 'transfer.requested',
  approved: 'transfer.approved',
  rejected: 'transfer.rejected',
  shipped: 'transfer.shipped',
  received: 'transfer.received',
  partially_received: 'transfer.received',
  cancelled: 'transfer.cancelled',
};
