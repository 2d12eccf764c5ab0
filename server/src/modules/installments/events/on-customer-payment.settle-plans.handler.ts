import { Injectable, type OnModuleInit } from '@nestjs/common';
import { uuidv7 } from '../../../core/database/ids';
import { allocateCollection, type CustomerPaymentReceivedEvent } from '@pos/contracts';
import { DomainEventSubscribers, type CommandTransaction } from '../../../core/cqrs';
import { branchDocumentNumber } from '../../../core/numbering';
import { readStoreSettings } from '../../settings';
import { applyPayment } from '../payment-writer';
import {
  lockCustomerPlans,
  openInstallments,
  planInstallments,
  pushDue,
  storeToday,
} from '../plan-rules';

/**
 * A customer payment on account settles the customer's installment plans too (issue 30 item 13):
 * what it left after the open invoices (`toPlans`) pays the plans oldest first, each plan's late
 * fees then its installments oldest first, as a payment of kind 'account' with no vault (the
 * customer payment moved and posted the money; nothing is posted here). A customer who paid
 * everything has no plan outstanding and is not chased on due-today. Runs in the payment's
 * transaction, after the customer's lock; the plans are locked here.
 */
@Injectable()
export class SettlePlansOnCustomerPaymentHandler implements OnModuleInit {
  constructor(private readonly subscribers: DomainEventSubscribers) {}

  onModuleInit(): void {
    this.subscribers.on('customer.payment.received', ({ payload }, tx) => this.settle(tx, payload));
    // A customer's cheque settles the plans too, after the open invoices (issue 30 item 13).
    this.subscribers.on('cheque.recorded', ({ payload: c }, tx) =>
      c.partyType === 'customer' && c.ledgerId && c.toPlans
        ? this.settle(tx, {
            paymentId: c.ledgerId,
            customerId: c.partyId,
            balanceAfter: c.balanceAfter ?? 0,
            toPlans: c.toPlans,
          })
        : undefined,
    );
  }

  async settle(
    tx: CommandTransaction,
    p: Pick<CustomerPaymentReceivedEvent, 'paymentId' | 'customerId' | 'balanceAfter' | 'toPlans'>,
  ): Promise<void> {
    let left = p.toPlans ?? 0;
    if (left <= 0) return;
    const { m } = tx;
    const plans = await lockCustomerPlans(m, p.customerId);
    if (!plans.length) return;
    const settings = await readStoreSettings(m);
    const today = await storeToday(m, settings.timeZone);
    const branches = new Set<string>();
    for (const plan of plans) {
      if (left <= 0) break;
      const rows = await planInstallments(m, plan.id);
      const { allocations, rest } = allocateCollection(openInstallments(rows), left);
      const amount = left - rest;
      if (amount <= 0) continue;
      const id = uuidv7();
      const number = await branchDocumentNumber(m, 'installment_payment', plan.branchId);
      const status = await applyPayment(m, {
        id,
        number,
        plan,
        kind: 'account',
        amount,
        discount: 0,
        vaultId: null,
        branchId: plan.branchId,
        balanceAfter: p.balanceAfter,
        requestHash: `customer_payment:${p.paymentId}`,
        userId: tx.meta.userId ?? null,
        note: null,
        allocations,
        installments: rows,
        today,
        customerPaymentId: p.paymentId,
      });
      branches.add(plan.branchId);
      tx.audit({
        action: 'installment.account',
        entity: 'installment_plan',
        entityId: plan.id,
        after: { paymentId: id, number, amount, customerPaymentId: p.paymentId, status },
      });
      left = rest;
    }
    if (branches.size) await pushDue(tx, [...branches], today);
  }
}
