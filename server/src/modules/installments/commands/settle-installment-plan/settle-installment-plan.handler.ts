import { CommandHandler } from '@nestjs/cqrs';
import {
  CommandRunner,
  TransactionalCommandHandler,
  type CommandTransaction,
} from '../../../../core/cqrs';
import { branchDocumentNumber } from '../../../../core/numbering';
import { moveVault } from '../../../cash';
import { postCustomerLedger } from '../../../customers';
import { readStoreSettings } from '../../../settings';
import { applyPayment } from '../../payment-writer';
import {
  collectionVault,
  openInstallments,
  planInstallments,
  pushDue,
  settlementQuote,
  storeToday,
} from '../../plan-rules';
import { lockPlanFor, PAYMENT_SEEN } from '../locked-plan';
import { SettleInstallmentPlanCommand } from './settle-installment-plan.command';

export type SettleInstallmentPlanResult = { paymentId: string; created: boolean };

/**
 * SettleInstallmentPlan: today's quote (everything owed, late fees in, less the store's share of
 * the interest not yet due) is paid into a vault; the discount comes off the customer's balance
 * (ledger 'installment_discount', posted against installment income); every installment is paid
 * and the plan is settled.
 */
@CommandHandler(SettleInstallmentPlanCommand)
export class SettleInstallmentPlanHandler extends TransactionalCommandHandler<
  SettleInstallmentPlanCommand,
  SettleInstallmentPlanResult
> {
  constructor(runner: CommandRunner) {
    super(runner);
  }

  protected async handle(
    { planId, dto, user }: SettleInstallmentPlanCommand,
    tx: CommandTransaction,
  ): Promise<SettleInstallmentPlanResult> {
    const { m } = tx;
    const { plan, hash, replayed } = await lockPlanFor(m, planId, user, {
      id: dto.id,
      body: { planId, settle: dto },
      seen: PAYMENT_SEEN,
    });
    if (replayed) return { paymentId: dto.id, created: false };
    const vault = await collectionVault(m, dto.vaultId, user);
    const settings = await readStoreSettings(m);
    const today = await storeToday(m, settings.timeZone);
    const rows = await planInstallments(m, planId);
    const quote = settlementQuote(rows, today, settings.installments.earlySettlementDiscountBp);
    const number = await branchDocumentNumber(m, 'installment_payment', vault.branchId);
    const note = dto.note?.trim() || null;
    if (quote.toPay > 0)
      await moveVault(m, {
        vaultId: vault.id,
        type: 'installment_in',
        amount: quote.toPay,
        sourceType: 'installment_payment',
        sourceId: dto.id,
        sourceNumber: number,
        userId: user.id,
        note: note ?? plan.number,
      });
    const reference = {
      customerId: plan.customerId,
      referenceType: 'installment_payment',
      referenceId: dto.id,
      userId: user.id,
      note: note ?? number,
    };
    let balanceAfter = 0;
    if (quote.toPay > 0)
      balanceAfter = await postCustomerLedger(m, {
        ...reference,
        type: 'payment',
        amount: -quote.toPay,
      });
    if (quote.discount > 0)
      balanceAfter = await postCustomerLedger(m, {
        ...reference,
        type: 'installment_discount',
        amount: -quote.discount,
      });
    if (quote.toPay <= 0 && quote.discount <= 0) {
      const [c] = await m.query('SELECT balance FROM customers WHERE id = $1', [plan.customerId]);
      balanceAfter = Number(c.balance);
    }
    const allocations = openInstallments(rows).map((i) => ({
      installmentId: i.id,
      seq: i.seq,
      amount: i.amount - i.paid,
      lateFee: i.lateFee - i.lateFeePaid,
    }));
    await applyPayment(m, {
      id: dto.id,
      number,
      plan,
      kind: 'settle',
      amount: quote.toPay,
      discount: quote.discount,
      vaultId: vault.id,
      branchId: vault.branchId,
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
      branchId: vault.branchId,
      customerId: plan.customerId,
      kind: 'settle',
      amount: quote.toPay,
      discount: quote.discount,
      paymentId: dto.id,
      vaultId: vault.id,
      vaultAccountId: vault.accountId,
      userId: user.id,
    });
    await pushDue(tx, [plan.branchId, vault.branchId], today);
    tx.audit({
      action: 'installment.settle',
      entity: 'installment_plan',
      entityId: planId,
      after: { paymentId: dto.id, number, ...quote, vaultId: vault.id, note },
    });
    return { paymentId: dto.id, created: true };
  }
}
