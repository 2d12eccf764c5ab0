import { HttpStatus } from '@nestjs/common';
import { CommandHandler } from '@nestjs/cqrs';
import {
  CommandRunner,
  TransactionalCommandHandler,
  type CommandTransaction,
} from '../../../../core/cqrs';
import { AppException } from '../../../../core/errors/app.exception';
import { readStoreSettings } from '../../../settings';
import { openInstallments, owed, planInstallments, pushDue, storeToday } from '../../plan-rules';
import { lockPlanFor } from '../locked-plan';
import { writePlan } from '../../plan-writer';
import { RescheduleInstallmentPlanCommand } from './reschedule-installment-plan.command';

export type RescheduleInstallmentPlanResult = { id: string; created: boolean };

/**
 * RescheduleInstallmentPlan: what the plan's open installments still owe (late fees in) becomes a
 * new plan (its child, same sale, customer and guarantors) on new terms, whose interest and fee
 * are charged as on creation. The open installments are marked rescheduled and the plan too; paid
 * installments and payments stay as they were (history). The customer's balance moves only by the
 * new charge.
 */
@CommandHandler(RescheduleInstallmentPlanCommand)
export class RescheduleInstallmentPlanHandler extends TransactionalCommandHandler<
  RescheduleInstallmentPlanCommand,
  RescheduleInstallmentPlanResult
> {
  constructor(runner: CommandRunner) {
    super(runner);
  }

  protected async handle(
    { planId, dto, user }: RescheduleInstallmentPlanCommand,
    tx: CommandTransaction,
  ): Promise<RescheduleInstallmentPlanResult> {
    const { m } = tx;
    const { plan, hash, replayed } = await lockPlanFor(m, planId, user, {
      id: dto.id,
      body: { planId, ...dto },
      seen: 'SELECT parent_plan_id AS plan_id, request_hash FROM installment_plans WHERE id = $1',
    });
    if (replayed) return { id: dto.id, created: false };
    const rows = await planInstallments(m, planId);
    const open = openInstallments(rows);
    const remaining = open.reduce((s, i) => s + owed(i), 0);
    if (remaining <= 0)
      throw new AppException('INSTALLMENT_NOTHING_TO_FINANCE', HttpStatus.CONFLICT, {
        number: plan.number,
      });
    const guarantors: { name: string; national_id: string; phone: string; address: string }[] =
      await m.query(
        'SELECT name, national_id, phone, address FROM installment_guarantors WHERE plan_id = $1 ORDER BY seq',
        [planId],
      );
    const note = dto.note?.trim() || null;
    const created = await writePlan(tx, {
      id: dto.id,
      branchId: plan.branchId,
      customerId: plan.customerId,
      saleId: plan.saleId,
      parentPlanId: plan.id,
      total: remaining,
      financed: remaining,
      terms: dto,
      guarantors: guarantors.map((g) => ({
        name: g.name,
        nationalId: g.national_id,
        phone: g.phone,
        address: g.address,
      })),
      note,
      requestHash: hash,
      userId: user.id,
    });
    await m.query(`UPDATE installments SET status = 'rescheduled' WHERE id = ANY($1)`, [
      open.map((i) => i.id),
    ]);
    await m.query(
      `UPDATE installment_plans SET status = 'rescheduled', updated_at = now() WHERE id = $1`,
      [planId],
    );
    const settings = await readStoreSettings(m);
    await pushDue(tx, [plan.branchId], await storeToday(m, settings.timeZone));
    tx.audit({
      action: 'installment.reschedule',
      entity: 'installment_plan',
      entityId: planId,
      after: { childPlanId: dto.id, childNumber: created.number, remaining, note },
    });
    tx.audit({
      action: 'installment.create',
      entity: 'installment_plan',
      entityId: dto.id,
      after: {
        number: created.number,
        parentPlanId: planId,
        parentNumber: plan.number,
        financed: remaining,
        charge: created.charge,
        toPay: created.toPay,
        count: dto.count,
        period: dto.period,
        firstDueDate: dto.firstDueDate,
        monthlyRateBp: dto.monthlyRateBp,
        fee: dto.fee,
      },
    });
    return { id: dto.id, created: true };
  }
}
