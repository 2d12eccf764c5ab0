import { CommandHandler } from '@nestjs/cqrs';
import { lateFee, type InstallmentPeriod } from '@pos/contracts';
import {
  CommandRunner,
  TransactionalCommandHandler,
  type CommandTransaction,
} from '../../../../core/cqrs';
import { lockCustomer, postCustomerLedger } from '../../../customers';
import { readStoreSettings } from '../../../settings';
import { pushDue, storeToday } from '../../plan-rules';
import { MarkOverdueInstallmentsCommand } from './mark-overdue-installments.command';

export type MarkOverdueResult = {
  asOf: string;
  /** installments that became overdue */
  marked: number;
  /** piasters of late fees charged */
  charged: number;
  plans: number;
};

type Candidate = {
  id: string;
  plan_id: string;
  number: string;
  branch_id: string;
  customer_id: string;
  period: InstallmentPeriod;
  due_date: string;
  amount: string;
  late_fee: string;
  status: string;
};

/**
 * MarkOverdueInstallments (the morning job; also run on demand): every unpaid installment past its
 * due date becomes overdue and its plan late; late fees are charged up to `asOf` by the store's
 * rule — the fee earned by now less what the installment was already charged, so a second run on
 * the same day charges and writes nothing. Each plan's fees are one 'late_fee' row of the
 * customer's ledger and one posting (customers / late-fee income). Locks every plan it changes
 * (in id order), then their customers (in id order), so a collection (plan → customer) waits or
 * is waited for, never deadlocks. Then every branch hears its due figures.
 */
@CommandHandler(MarkOverdueInstallmentsCommand)
export class MarkOverdueInstallmentsHandler extends TransactionalCommandHandler<
  MarkOverdueInstallmentsCommand,
  MarkOverdueResult
> {
  constructor(runner: CommandRunner) {
    super(runner);
  }

  protected async handle(
    { asOf: given }: MarkOverdueInstallmentsCommand,
    tx: CommandTransaction,
  ): Promise<MarkOverdueResult> {
    const { m } = tx;
    const settings = await readStoreSettings(m);
    const asOf = given ?? (await storeToday(m, settings.timeZone));
    const rule = settings.installments.lateFee;
    const select = `SELECT i.id, i.plan_id, p.number, p.branch_id, p.customer_id, p.period, i.due_date::text AS due_date,
                           i.amount, i.late_fee, i.status
                      FROM installments i JOIN installment_plans p ON p.id = i.plan_id
                     WHERE p.status IN ('active', 'late') AND i.status IN ('pending', 'partial', 'overdue')
                       AND i.paid < i.amount AND i.due_date < $1::date`;
    const work = (rows: Candidate[]) =>
      rows
        .map((r) => ({
          ...r,
          fee: Math.max(
            0,
            lateFee({ amount: Number(r.amount), dueDate: r.due_date }, r.period, rule, asOf) -
              Number(r.late_fee),
          ),
        }))
        .filter((r) => r.status !== 'overdue' || r.fee > 0);

    let todo = work(await m.query(select, [asOf]));
    const planIds = [...new Set(todo.map((r) => r.plan_id))].sort();
    if (planIds.length) {
      // Customers before plans, as every command on them (a customer payment settles plans).
      for (const c of [...new Set(todo.map((r) => r.customer_id))].sort()) await lockCustomer(m, c);
      await m.query('SELECT id FROM installment_plans WHERE id = ANY($1) ORDER BY id FOR UPDATE', [
        planIds,
      ]);
      // Re-read under the locks: a collection may have paid some meanwhile.
      todo = work(await m.query(`${select} AND p.id = ANY($2)`, [asOf, planIds]));
    }

    let marked = 0;
    let charged = 0;
    const plans = new Map<string, Candidate & { fee: number }>();
    for (const r of todo) {
      if (r.status !== 'overdue') marked += 1;
      charged += r.fee;
      const p = plans.get(r.plan_id);
      plans.set(r.plan_id, p ? { ...p, fee: p.fee + r.fee } : r);
    }
    if (todo.length) {
      await m.query(
        `UPDATE installments i SET status = 'overdue', late_fee = i.late_fee + t.fee
           FROM unnest($1::uuid[], $2::bigint[]) AS t(id, fee) WHERE i.id = t.id`,
        [todo.map((r) => r.id), todo.map((r) => r.fee)],
      );
      await m.query(
        `UPDATE installment_plans SET status = 'late', updated_at = now() WHERE id = ANY($1) AND status = 'active'`,
        [[...plans.keys()]],
      );
    }
    for (const p of plans.values()) {
      if (p.fee <= 0) continue;
      await postCustomerLedger(m, {
        customerId: p.customer_id,
        type: 'late_fee',
        amount: p.fee,
        referenceType: 'installment_plan',
        referenceId: p.plan_id,
        userId: null,
        note: p.number,
      });
      await tx.raise('installment.money', {
        planId: p.plan_id,
        number: p.number,
        branchId: p.branch_id,
        customerId: p.customer_id,
        kind: 'late_fee',
        amount: p.fee,
        discount: 0,
        paymentId: null,
        vaultId: null,
        vaultAccountId: null,
        userId: null,
      });
    }
    for (const p of plans.values())
      tx.audit({
        action: 'installment.overdue',
        entity: 'installment_plan',
        entityId: p.plan_id,
        after: {
          asOf,
          installments: todo.filter((r) => r.plan_id === p.plan_id).map((r) => r.id),
          lateFee: p.fee,
        },
      });
    const branches: { id: string }[] = await m.query('SELECT id FROM branches ORDER BY id');
    await pushDue(
      tx,
      branches.map((b) => b.id),
      asOf,
    );
    return { asOf, marked, charged, plans: plans.size };
  }
}
