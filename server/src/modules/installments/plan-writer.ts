import { uuidv7 } from '../../core/database/ids';
import type { InstallmentGuarantorDto, InstallmentTermsDto } from '@pos/contracts';
import type { CommandTransaction } from '../../core/cqrs';
import { branchDocumentNumber } from '../../core/numbering';
import { postCustomerLedger } from '../customers';
import { schedule } from './plan-rules';

export type NewPlan = {
  id: string;
  branchId: string;
  customerId: string;
  saleId: string;
  parentPlanId: string | null;
  /** what the plan is made from: the sale's total (or what a rescheduled plan still owed) */
  total: number;
  financed: number;
  terms: InstallmentTermsDto;
  guarantors: InstallmentGuarantorDto[];
  note: string | null;
  requestHash: string;
  userId: string | null;
};

/**
 * Writes a plan, its schedule and its guarantors, and charges its interest and fee to the
 * customer (an 'installment_charge' row of their ledger and the posting to installment income).
 * The customer's row is locked by the caller.
 */
export async function writePlan(
  tx: CommandTransaction,
  p: NewPlan,
): Promise<{ number: string; toPay: number; charge: number }> {
  const { m } = tx;
  const plan = schedule({
    total: p.total,
    downPayment: p.total - p.financed,
    count: p.terms.count,
    period: p.terms.period,
    firstDueDate: p.terms.firstDueDate,
    monthlyRateBp: p.terms.monthlyRateBp,
    fee: p.terms.fee,
  });
  const number = await branchDocumentNumber(m, 'installment_plan', p.branchId);
  await m.query(
    `INSERT INTO installment_plans (id, number, branch_id, customer_id, sale_id, parent_plan_id, status, count, period,
       first_due_date, monthly_rate_bp, fee, total_amount, down_payment, financed, interest, to_pay, request_hash, note, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, 'active', $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19)`,
    [
      p.id,
      number,
      p.branchId,
      p.customerId,
      p.saleId,
      p.parentPlanId,
      p.terms.count,
      p.terms.period,
      p.terms.firstDueDate,
      p.terms.monthlyRateBp,
      plan.fee,
      p.total,
      p.total - p.financed,
      plan.financed,
      plan.interest,
      plan.toPay,
      p.requestHash,
      p.note,
      p.userId,
    ],
  );
  const rows = plan.installments;
  await m.query(
    `INSERT INTO installments (id, plan_id, seq, due_date, amount, interest)
     SELECT t.id, $1, t.seq, t.due_date, t.amount, t.interest
       FROM unnest($2::uuid[], $3::int[], $4::date[], $5::bigint[], $6::bigint[])
            AS t(id, seq, due_date, amount, interest)`,
    [
      p.id,
      rows.map(() => uuidv7()),
      rows.map((r) => r.seq),
      rows.map((r) => r.dueDate),
      rows.map((r) => r.amount),
      rows.map((r) => r.interest),
    ],
  );
  for (const [i, g] of p.guarantors.entries())
    await m.query(
      `INSERT INTO installment_guarantors (id, plan_id, seq, name, national_id, phone, address)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [uuidv7(), p.id, i + 1, g.name.trim(), g.nationalId.trim(), g.phone.trim(), g.address.trim()],
    );
  const charge = plan.interest + plan.fee;
  if (charge > 0) {
    await postCustomerLedger(m, {
      customerId: p.customerId,
      type: 'installment_charge',
      amount: charge,
      referenceType: 'installment_plan',
      referenceId: p.id,
      userId: p.userId,
      note: number,
    });
    await tx.raise('installment.money', {
      planId: p.id,
      number,
      branchId: p.branchId,
      customerId: p.customerId,
      kind: 'charge',
      amount: charge,
      discount: 0,
      paymentId: null,
      vaultId: null,
      vaultAccountId: null,
      userId: p.userId,
    });
  }
  return { number, toPay: plan.toPay, charge };
}
