import { HttpStatus } from '@nestjs/common';
import { CommandHandler } from '@nestjs/cqrs';
import { allocateCollection, formatPiasters, LIMITS } from '@pos/contracts';
import {
  CommandRunner,
  TransactionalCommandHandler,
  type CommandTransaction,
} from '../../../../core/cqrs';
import { AppException, paymentTooLarge } from '../../../../core/errors/app.exception';
import { branchDocumentNumber } from '../../../../core/numbering';
import { moveVault } from '../../../cash';
import { postCustomerLedger } from '../../../customers';
import { readStoreSettings } from '../../../settings';
import {
  collectionVault,
  openInstallments,
  planInstallments,
  pushDue,
  storeToday,
} from '../../plan-rules';
import { lockPlanFor, PAYMENT_SEEN } from '../locked-plan';
import { applyPayment } from '../../payment-writer';
import { CollectInstallmentCommand } from './collect-installment.command';

export type CollectInstallmentResult = { paymentId: string; created: boolean };

/**
 * CollectInstallment: money into a vault of the user's branch, split over the chosen installments
 * (default: every open one, oldest first), late fees first. More than they owe is refused (400);
 * nothing is written then. Locks: the plan, the customer, the vault — so two registers collecting
 * on one plan queue, and the second sees what the first paid.
 */
@CommandHandler(CollectInstallmentCommand)
export class CollectInstallmentHandler extends TransactionalCommandHandler<
  CollectInstallmentCommand,
  CollectInstallmentResult
> {
  constructor(runner: CommandRunner) {
    super(runner);
  }

  protected async handle(
    { planId, dto, user }: CollectInstallmentCommand,
    tx: CommandTransaction,
  ): Promise<CollectInstallmentResult> {
    const { m } = tx;
    const { plan, hash, replayed } = await lockPlanFor(m, planId, user, {
      id: dto.id,
      body: { planId, ...dto },
      seen: PAYMENT_SEEN,
    });
    if (replayed) return { paymentId: dto.id, created: false };
    const rows = await planInstallments(m, planId);
    const open = openInstallments(rows);
    let targets = open;
    if (dto.installmentIds?.length) {
      const byId = new Map(open.map((i) => [i.id, i]));
      if (dto.installmentIds.some((id) => !byId.has(id)))
        throw new AppException('INSTALLMENT_UNKNOWN', HttpStatus.BAD_REQUEST, {
          number: plan.number,
        });
      targets = dto.installmentIds.map((id) => byId.get(id)!);
    }
    const { allocations, outstanding, rest } = allocateCollection(targets, dto.amount);
    if (rest > 0)
      throw new AppException('INSTALLMENT_OVER_COLLECT', HttpStatus.BAD_REQUEST, {
        amount: formatPiasters(dto.amount),
        outstanding: formatPiasters(outstanding),
      });
    // What is owed comes first (issue 30 item 2); then the one payment's limit.
    if (dto.amount > LIMITS.documentTotal) throw paymentTooLarge('amount');
    const place = dto.vaultId
      ? { vault: await collectionVault(m, dto.vaultId, user), till: null }
      : { vault: null, till: await collectionTill(m, user.id) };
    const branchId = place.vault?.branchId ?? place.till!.branchId;

    const settings = await readStoreSettings(m);
    const today = await storeToday(m, settings.timeZone);
    const number = await branchDocumentNumber(m, 'installment_payment', branchId);
    const note = dto.note?.trim() || null;
    if (place.vault)
      await moveVault(m, {
        vaultId: place.vault.id,
        type: 'installment_in',
        amount: dto.amount,
        sourceType: 'installment_payment',
        sourceId: dto.id,
        sourceNumber: number,
        userId: user.id,
        note: note ?? plan.number,
      });
    // Into the till: the ledger row carries the shift and the cash method, so the shift's expected
    // cash (and its Z report's payments on account) counts it like a customer payment at the till.
    const balanceAfter = await postCustomerLedger(m, {
      customerId: plan.customerId,
      type: 'payment',
      amount: -dto.amount,
      referenceType: 'installment_payment',
      referenceId: dto.id,
      methodId: place.till?.methodId ?? null,
      shiftId: place.till?.shiftId ?? null,
      userId: user.id,
      note: note ?? number,
    });
    const status = await applyPayment(m, {
      id: dto.id,
      number,
      plan,
      kind: 'collect',
      amount: dto.amount,
      discount: 0,
      vaultId: place.vault?.id ?? null,
      branchId,
      balanceAfter,
      requestHash: hash,
      userId: user.id,
      note,
      allocations,
      installments: rows,
      today,
    });
    await tx.raise('installment.money', {
      planId,
      number,
      branchId,
      customerId: plan.customerId,
      kind: 'collect',
      amount: dto.amount,
      discount: 0,
      paymentId: dto.id,
      vaultId: place.vault?.id ?? null,
      vaultAccountId: place.vault?.accountId ?? null,
      shiftId: place.till?.shiftId ?? null,
      userId: user.id,
    });
    await pushDue(tx, [plan.branchId, branchId], today);
    tx.audit({
      action: 'installment.collect',
      entity: 'installment_plan',
      entityId: planId,
      after: {
        paymentId: dto.id,
        number,
        amount: dto.amount,
        vaultId: place.vault?.id ?? null,
        shiftId: place.till?.shiftId ?? null,
        status,
        note,
      },
    });
    return { paymentId: dto.id, created: true };
  }
}

/**
 * The till a collection without a vault goes into: the collector's open shift (cash in its drawer,
 * under the shift's branch) and the store's cash method. No open shift → 400 SHIFT_NOT_OPEN, as a
 * customer payment in cash at the till.
 */
async function collectionTill(
  m: CommandTransaction['m'],
  userId: string,
): Promise<{ shiftId: string; branchId: string; methodId: string }> {
  const [shift] = await m.query(
    `SELECT id, branch_id FROM shifts WHERE cashier_id = $1 AND status = 'open' FOR SHARE`,
    [userId],
  );
  if (!shift)
    throw new AppException('SHIFT_NOT_OPEN', HttpStatus.BAD_REQUEST, {}, [
      { key: 'errors.SHIFT_NOT_OPEN_TILL' },
    ]);
  const [cash] = await m.query(
    `SELECT id FROM payment_methods WHERE type = 'cash' AND active ORDER BY sort_order, id LIMIT 1`,
  );
  if (!cash) throw new AppException('PAYMENT_METHOD_INVALID', HttpStatus.BAD_REQUEST);
  return { shiftId: shift.id, branchId: shift.branch_id, methodId: cash.id };
}
