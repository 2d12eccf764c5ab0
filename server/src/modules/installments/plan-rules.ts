import { createHash } from 'node:crypto';
import { HttpStatus } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import {
  INSTALLMENT_OPEN_PLAN_STATUSES,
  PlanTermsError,
  buildSchedule,
  earlySettlement,
  type InstallmentPlanStatus,
  type InstallmentStatus,
  type PlanSchedule,
  type PlanTerms,
} from '@pos/contracts';
import type { AuthUser } from '../../core/auth/auth.types';
import { branchWriteScope } from '../../core/auth/branch-scope';
import type { CommandTransaction } from '../../core/cqrs';
import { AppException, Errors } from '../../core/errors/app.exception';
import { rowFields } from '../../core/database/row-fields';
import { lockVault } from '../cash';

// The rules every installment command shares: the locks (customer → plan → vault), the store's
// calendar day, the statuses, and the live figures of due installments.

export type PlanRow = {
  id: string;
  number: string;
  status: InstallmentPlanStatus;
  branchId: string;
  customerId: string;
  saleId: string;
  period: 'monthly' | 'weekly';
  toPay: number;
  discount: number;
};

export type InstallmentRow = {
  id: string;
  seq: number;
  dueDate: string;
  amount: number;
  interest: number;
  paid: number;
  lateFee: number;
  lateFeePaid: number;
  status: InstallmentStatus;
};

const PLAN_COLUMNS = `id, number, status, branch_id, customer_id, sale_id, period, to_pay, discount`;

const toPlan = (r: Record<string, unknown>): PlanRow => ({
  ...rowFields(r, ['id', 'number', 'status', 'branch_id', 'customer_id', 'sale_id', 'period']),
  toPay: Number(r.to_pay),
  discount: Number(r.discount),
});

/**
 * Locks a plan (FOR UPDATE), the first lock of every command on it. A plan of a branch the user
 * may not change is not found for them (administrators change every branch).
 */
export async function lockPlan(m: EntityManager, id: string, user: AuthUser): Promise<PlanRow> {
  // The customer first (a plan's customer never changes): a customer payment locks the customer,
  // then the plans it settles (issue 30 item 13), so every command takes them in that order.
  await m.query(
    `SELECT c.id FROM customers c JOIN installment_plans p ON p.customer_id = c.id
      WHERE p.id = $1 FOR UPDATE OF c`,
    [id],
  );
  const [row] = await m.query(
    `SELECT ${PLAN_COLUMNS} FROM installment_plans WHERE id = $1 FOR UPDATE`,
    [id],
  );
  if (!row) throw Errors.notFound();
  const scope = branchWriteScope(user);
  if (scope !== null && row.branch_id !== scope) throw Errors.notFound();
  return toPlan(row);
}

/** A plan that no longer takes money answers 409, naming its status. */
export function assertOpen(plan: PlanRow): void {
  if (!INSTALLMENT_OPEN_PLAN_STATUSES.includes(plan.status))
    throw new AppException('INSTALLMENT_PLAN_CLOSED', HttpStatus.CONFLICT, {
      number: plan.number,
      statusAr: plan.status === 'settled' ? 'مسددة' : 'معاد جدولتها',
      statusEn: plan.status,
    });
}

export async function planInstallments(
  m: EntityManager,
  planId: string,
): Promise<InstallmentRow[]> {
  const rows: Record<string, unknown>[] = await m.query(
    `SELECT id, seq, due_date::text AS due_date, amount, interest, paid, late_fee, late_fee_paid, status
       FROM installments WHERE plan_id = $1 ORDER BY seq`,
    [planId],
  );
  return rows.map((r) => ({
    id: r.id as string,
    seq: Number(r.seq),
    dueDate: r.due_date as string,
    amount: Number(r.amount),
    interest: Number(r.interest),
    paid: Number(r.paid),
    lateFee: Number(r.late_fee),
    lateFeePaid: Number(r.late_fee_paid),
    status: r.status as InstallmentStatus,
  }));
}

/** Installments still owing something (not paid, not replaced by a reschedule). */
export const openInstallments = (rows: InstallmentRow[]) =>
  rows.filter((i) => i.status !== 'paid' && i.status !== 'rescheduled');

/** What an installment still owes: its amount and its late fee, less what was paid of each. */
export const owed = (i: Pick<InstallmentRow, 'amount' | 'paid' | 'lateFee' | 'lateFeePaid'>) =>
  i.amount - i.paid + i.lateFee - i.lateFeePaid;

/** The status an installment has on `today` after its figures changed. */
export function installmentStatus(
  i: Pick<InstallmentRow, 'amount' | 'paid' | 'lateFee' | 'lateFeePaid' | 'dueDate' | 'status'>,
  today: string,
): InstallmentStatus {
  if (i.status === 'rescheduled') return 'rescheduled';
  if (i.paid >= i.amount && i.lateFeePaid >= i.lateFee) return 'paid';
  if (i.dueDate < today) return 'overdue';
  return i.paid > 0 ? 'partial' : 'pending';
}

/** A plan's status from its installments: settled when all are paid, late when one is overdue. */
export function planStatus(rows: Pick<InstallmentRow, 'status'>[]): InstallmentPlanStatus {
  const live = rows.filter((i) => i.status !== 'rescheduled');
  if (live.every((i) => i.status === 'paid')) return 'settled';
  return live.some((i) => i.status === 'overdue') ? 'late' : 'active';
}

/** The store's calendar day (YYYY-MM-DD) in its time zone. */
export async function storeToday(m: EntityManager, timeZone: string): Promise<string> {
  const [row] = await m.query(`SELECT (now() AT TIME ZONE $1)::date::text AS today`, [timeZone]);
  return row.today as string;
}

/** buildSchedule, its errors answered as 400 with their own code. */
export function schedule(terms: PlanTerms): PlanSchedule {
  try {
    return buildSchedule(terms);
  } catch (e) {
    if (e instanceof PlanTermsError) throw new AppException(e.code, HttpStatus.BAD_REQUEST);
    throw e;
  }
}

/** The fingerprint of a request, so the same id with other content is refused. */
export const requestHash = (body: unknown) =>
  createHash('sha256').update(JSON.stringify(body)).digest('hex');

/**
 * The vault money is collected into: active, and of a branch the user may change (their own
 * branch; administrators any). Locked last, after the plan and the customer.
 */
export async function collectionVault(m: EntityManager, id: string, user: AuthUser) {
  const [exists] = await m.query('SELECT 1 FROM vaults WHERE id = $1', [id]);
  if (!exists) throw new AppException('INSTALLMENT_VAULT', HttpStatus.BAD_REQUEST);
  const vault = await lockVault(m, id);
  const scope = branchWriteScope(user);
  if (!vault.active || (scope !== null && vault.branchId !== scope))
    throw new AppException('INSTALLMENT_VAULT', HttpStatus.BAD_REQUEST);
  return vault;
}

/** Installments of a branch due today or overdue: their count and what they owe (late fees in). */
export async function dueFigures(
  m: EntityManager,
  branchIds: string[] | null,
  today: string,
): Promise<Map<string, { count: number; amount: number }>> {
  const rows: { branch_id: string; count: number; amount: string }[] = await m.query(
    `SELECT p.branch_id, count(*)::int AS count,
            COALESCE(sum(i.amount - i.paid + i.late_fee - i.late_fee_paid), 0)::bigint AS amount
       FROM installments i JOIN installment_plans p ON p.id = i.plan_id
      WHERE i.status IN ('pending', 'partial', 'overdue') AND i.due_date <= $1::date
        AND p.status IN ('active', 'late') AND ($2::uuid[] IS NULL OR p.branch_id = ANY($2))
      GROUP BY p.branch_id`,
    [today, branchIds],
  );
  return new Map(rows.map((r) => [r.branch_id, { count: r.count, amount: Number(r.amount) }]));
}

/** Pushes `installment.due` to each branch (after the commit, with this transaction's figures). */
export async function pushDue(tx: CommandTransaction, branchIds: string[], today: string) {
  const ids = [...new Set(branchIds)];
  const figures = await dueFigures(tx.m, ids, today);
  for (const id of ids) tx.push(id, 'installment.due', figures.get(id) ?? { count: 0, amount: 0 });
}

/**
 * What settling a plan on `asOf` costs: everything still owed on its open installments, less the
 * store's share of the interest not yet due (earlySettlement), plus the late fees still owed.
 */
export function settlementQuote(rows: InstallmentRow[], asOf: string, discountBp: number) {
  const open = openInstallments(rows);
  const quote = earlySettlement(open, asOf, discountBp);
  const lateFees = open.reduce((s, i) => s + i.lateFee - i.lateFeePaid, 0);
  return {
    date: asOf,
    outstanding: quote.outstanding,
    lateFees,
    discount: quote.discount,
    toPay: quote.toPay + lateFees,
  };
}

/** The customer's plans that still take money, locked in id order, oldest first. Lock the customer first. */
export async function lockCustomerPlans(m: EntityManager, customerId: string): Promise<PlanRow[]> {
  const rows: Record<string, unknown>[] = await m.query(
    `SELECT ${PLAN_COLUMNS}, created_at FROM installment_plans
      WHERE customer_id = $1 AND status = ANY($2) ORDER BY id FOR UPDATE`,
    [customerId, INSTALLMENT_OPEN_PLAN_STATUSES],
  );
  return rows
    .sort(
      (a, b) =>
        (a.created_at as Date).getTime() - (b.created_at as Date).getTime() ||
        String(a.id).localeCompare(String(b.id)),
    )
    .map(toPlan);
}
