import { HttpStatus } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { uuidv7 } from '../../../core/database/ids';
import { formatPiasters } from '@pos/contracts';
import { AppException } from '../../../core/errors/app.exception';
import type { CommandTransaction } from '../../../core/cqrs';

/**
 * The loyalty points' one writer (issue 33 item 4, docs/decisions/0091): every change of a
 * customer's points goes through here, in the caller's transaction, with its ledger row. The
 * balance row is locked (`FOR UPDATE`) before it is read, so concurrent sales redeeming one
 * customer's points run one after the other; the ledger's unique (customer, document, kind) makes
 * one document move a customer's points once per kind.
 */

export type LoyaltyProgram = { enabled: boolean; spendPerPoint: number; pointValue: number };

export type LoyaltyRef = {
  type: 'sale' | 'return';
  id: string;
  branchId: string | null;
  userId: string;
};

/** One movement as the books see it: points and their value (piasters), signed. */
export type LoyaltyMove = {
  customerId: string;
  kind: 'earn' | 'redeem' | 'return';
  points: number;
  value: number;
  pointsAfter: number;
};

/**
 * The program; `share` when points move with it (a change of the point value, which takes the row
 * `update`, waits for those sales and they for it).
 */
export async function loyaltyProgram(
  m: EntityManager,
  lock?: 'share' | 'update',
): Promise<LoyaltyProgram> {
  const [row] = await m.query(
    `SELECT enabled, spend_per_point, point_value FROM loyalty_program WHERE id = 1${lock ? ` FOR ${lock.toUpperCase()}` : ''}`,
  );
  return row
    ? {
        enabled: row.enabled,
        spendPerPoint: Number(row.spend_per_point),
        pointValue: Number(row.point_value),
      }
    : { enabled: false, spendPerPoint: 1000, pointValue: 10 };
}

/** The customer's balance row, locked; made (empty) on first use. */
async function lockBalance(m: EntityManager, customerId: string): Promise<number> {
  await m.query('INSERT INTO loyalty_balances (customer_id) VALUES ($1) ON CONFLICT DO NOTHING', [
    customerId,
  ]);
  const [row] = await m.query(
    'SELECT points FROM loyalty_balances WHERE customer_id = $1 FOR UPDATE',
    [customerId],
  );
  return Number(row.points);
}

async function move(
  m: EntityManager,
  customerId: string,
  kind: LoyaltyMove['kind'],
  points: number,
  value: number,
  before: number,
  ref: LoyaltyRef,
): Promise<LoyaltyMove> {
  const pointsAfter = before + points;
  await m.query(
    `WITH b AS (UPDATE loyalty_balances SET points = $3, updated_at = now() WHERE customer_id = $2)
     INSERT INTO loyalty_ledger (id, customer_id, type, points, value, points_after, reference_type, reference_id, branch_id, user_id, created_at)
     VALUES ($1, $2, $4, $5, $6, $3, $7, $8, $9, $10, clock_timestamp())`,
    [
      uuidv7(),
      customerId,
      pointsAfter,
      kind,
      points,
      value,
      ref.type,
      ref.id,
      ref.branchId,
      ref.userId,
    ],
  );
  return { customerId, kind, points, value, pointsAfter };
}

/**
 * Redeems points as a sale's tender of `amount` piasters: the program must be on, the sale must
 * name a customer, the amount must be whole points (a multiple of the point value) and within the
 * customer's points (LOYALTY_INSUFFICIENT).
 */
export async function redeemPoints(
  m: EntityManager,
  customerId: string | null,
  amount: number,
  ref: LoyaltyRef,
): Promise<LoyaltyMove | null> {
  if (amount <= 0) return null;
  const program = await loyaltyProgram(m, 'share');
  if (!program.enabled) throw new AppException('LOYALTY_OFF', HttpStatus.BAD_REQUEST);
  if (!customerId) throw new AppException('LOYALTY_NEEDS_CUSTOMER', HttpStatus.BAD_REQUEST);
  if (amount % program.pointValue !== 0)
    throw new AppException('LOYALTY_AMOUNT_STEP', HttpStatus.BAD_REQUEST, {
      step: formatPiasters(program.pointValue),
    });
  const points = amount / program.pointValue;
  const balance = await lockBalance(m, customerId);
  if (balance < points)
    throw new AppException('LOYALTY_INSUFFICIENT', HttpStatus.BAD_REQUEST, {
      points: String(balance),
      value: formatPiasters(balance * program.pointValue),
      amount: formatPiasters(amount),
    });
  return move(m, customerId, 'redeem', -points, -amount, balance, ref);
}

/**
 * Earns points on what a sale's customer actually paid (`paid`: the total less gift-card and
 * points tenders and what stays on account): one point per full `spendPerPoint`.
 */
export async function earnPoints(
  m: EntityManager,
  customerId: string | null,
  paid: number,
  ref: LoyaltyRef,
): Promise<LoyaltyMove | null> {
  if (!customerId || paid <= 0) return null;
  const program = await loyaltyProgram(m, 'share');
  if (!program.enabled) return null;
  const points = Math.floor(paid / program.spendPerPoint);
  if (points <= 0) return null;
  const balance = await lockBalance(m, customerId);
  return move(m, customerId, 'earn', points, points * program.pointValue, balance, ref);
}

/**
 * Takes back the points a sale earned on what is returned: the sale's earned points times the
 * returned share of its total (rounded down), less what earlier returns of the sale took back, and
 * never more than the customer still holds (what they already spent is not clawed back).
 */
export async function takeBackPoints(
  m: EntityManager,
  customerId: string | null,
  sale: { id: string; total: number; returnedBefore: number; returnedNow: number },
  ref: LoyaltyRef,
): Promise<LoyaltyMove | null> {
  if (!customerId || sale.total <= 0) return null;
  const [row] = await m.query(
    `SELECT COALESCE(sum(points) FILTER (WHERE reference_type = 'sale' AND type = 'earn'), 0)::bigint AS earned,
            COALESCE(-sum(points) FILTER (WHERE type = 'return' AND reference_id = ANY(
              SELECT r.id FROM sale_returns r WHERE r.invoice_id = $2)), 0)::bigint AS back
       FROM loyalty_ledger WHERE customer_id = $1 AND (reference_id = $2 OR type = 'return')`,
    [customerId, sale.id],
  );
  const earned = Number(row.earned);
  if (earned <= 0) return null;
  const returned = Math.min(sale.total, sale.returnedBefore + sale.returnedNow);
  const due = Math.floor((earned * returned) / sale.total) - Number(row.back);
  if (due <= 0) return null;
  const balance = await lockBalance(m, customerId);
  const points = Math.min(due, balance);
  if (points <= 0) return null;
  const { pointValue } = await loyaltyProgram(m, 'share');
  return move(m, customerId, 'return', -points, -points * pointValue, balance, ref);
}

/** Raises the movement for the books (a redemption is the sale's own tender: nothing to raise). */
export async function raiseLoyaltyMove(
  tx: CommandTransaction,
  mv: LoyaltyMove | null,
  ref: LoyaltyRef & { number?: string | null },
): Promise<void> {
  if (!mv || mv.kind === 'redeem') return;
  await tx.raise('loyalty.moved', {
    kind: mv.kind,
    customerId: mv.customerId,
    points: mv.points,
    value: mv.value,
    referenceType: ref.type,
    referenceId: ref.id,
    number: ref.number ?? null,
    branchId: ref.branchId,
    userId: ref.userId,
  });
}
