import type { EntityManager } from 'typeorm';
import type {
  CollectAllocation,
  InstallmentPaymentKind,
  InstallmentPlanStatus,
} from '@pos/contracts';
import { installmentStatus, planStatus, type InstallmentRow, type PlanRow } from './plan-rules';

export type PaymentWrite = {
  id: string;
  number: string;
  plan: PlanRow;
  kind: InstallmentPaymentKind;
  /** money received */
  amount: number;
  /** interest waived (a settlement) */
  discount: number;
  /** null: part of a customer payment on account (kind 'account'), which moved the money */
  vaultId: string | null;
  branchId: string;
  balanceAfter: number;
  requestHash: string;
  userId: string | null;
  note: string | null;
  allocations: CollectAllocation[];
  /** every installment of the plan, as read under the plan's lock */
  installments: InstallmentRow[];
  today: string;
  /** the customer payment (its ledger row) this plan payment is part of */
  customerPaymentId?: string | null;
};

/**
 * Records a payment on a plan: its row and its split over installments, the installments' paid
 * figures and statuses, and the plan's status (settled when nothing is owed, late while an
 * installment is overdue). Returns the plan's new status.
 */
export async function applyPayment(
  m: EntityManager,
  p: PaymentWrite,
): Promise<InstallmentPlanStatus> {
  await m.query(
    `INSERT INTO installment_payments (id, number, plan_id, kind, amount, discount, vault_id, branch_id, customer_id, balance_after, request_hash, user_id, note, customer_payment_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
    [
      p.id,
      p.number,
      p.plan.id,
      p.kind,
      p.amount,
      p.discount,
      p.vaultId,
      p.branchId,
      p.plan.customerId,
      p.balanceAfter,
      p.requestHash,
      p.userId,
      p.note,
      p.customerPaymentId ?? null,
    ],
  );
  const byId = new Map(p.allocations.map((a) => [a.installmentId, a]));
  const after = p.installments.map((i) => {
    const a = byId.get(i.id);
    if (!a) return i;
    const next = { ...i, paid: i.paid + a.amount, lateFeePaid: i.lateFeePaid + a.lateFee };
    return { ...next, status: installmentStatus(next, p.today) };
  });
  const changed = after.filter((i) => byId.has(i.id));
  if (changed.length) {
    await m.query(
      `INSERT INTO installment_payment_lines (payment_id, installment_id, amount, late_fee)
       SELECT $1, t.id, t.amount, t.late_fee FROM unnest($2::uuid[], $3::bigint[], $4::bigint[]) AS t(id, amount, late_fee)`,
      [
        p.id,
        changed.map((i) => i.id),
        changed.map((i) => byId.get(i.id)!.amount),
        changed.map((i) => byId.get(i.id)!.lateFee),
      ],
    );
    await m.query(
      `UPDATE installments i SET paid = t.paid, late_fee_paid = t.late_fee_paid, status = t.status,
              paid_at = CASE WHEN t.status = 'paid' THEN now() ELSE i.paid_at END
         FROM unnest($1::uuid[], $2::bigint[], $3::bigint[], $4::text[]) AS t(id, paid, late_fee_paid, status)
        WHERE i.id = t.id`,
      [
        changed.map((i) => i.id),
        changed.map((i) => i.paid),
        changed.map((i) => i.lateFeePaid),
        changed.map((i) => i.status),
      ],
    );
  }
  const status = planStatus(after);
  await m.query(
    `UPDATE installment_plans SET status = $2, discount = discount + $3, updated_at = now() WHERE id = $1`,
    [p.plan.id, status, p.discount],
  );
  return status;
}
