import { Injectable, type OnModuleInit } from '@nestjs/common';
import type {
  MaintenanceMoneyEvent,
  MaintenancePartsReturnedEvent,
  MaintenancePartsUsedEvent,
} from '@pos/contracts';
import { DomainEventSubscribers, type CommandTransaction } from '../../../core/cqrs';
import { paymentAccount, queuePosting, type PostingLine } from '../../accounting';

/**
 * The books of a repair ticket (docs/decisions/ "Maintenance"):
 * - deposit at intake: Dr the vault's account / Cr customer deposits (a liability until the bill);
 * - deposit given back (cancelled, returned unrepaired): Dr customer deposits / Cr the vault;
 * - the bill at delivery: Dr the vault, or at the POS the payment method's account like a sale
 *   (what was paid; Cr when change was given back), Dr customer deposits (the deposit applied) /
 *   Cr repair revenue (parts + labour net of VAT) and VAT output (the VAT included);
 * - parts used: Dr cost of repair parts / Cr inventory at the stock ledger's average cost; a part
 *   taken off the ticket reverses it (a changed average cost is the inventory's revaluation).
 */
@Injectable()
export class MaintenancePostJournalHandler implements OnModuleInit {
  constructor(private readonly subscribers: DomainEventSubscribers) {}

  onModuleInit(): void {
    this.subscribers.on('maintenance.money', ({ payload }, tx) => this.money(tx, payload));
    this.subscribers.on('maintenance.parts.used', ({ payload }, tx) => this.parts(tx, payload));
    this.subscribers.on('maintenance.parts.returned', ({ payload }, tx) =>
      this.partsBack(tx, payload),
    );
  }

  private money(tx: CommandTransaction, e: MaintenanceMoneyEvent): void {
    queuePosting(tx, {
      branchId: e.branchId,
      source: { type: 'maintenance', id: e.ticketId, number: e.number },
      description: e.kind,
      createdBy: e.userId,
      lines: maintenanceMoneyLines(e),
    });
  }

  /**
   * A part taken off the ticket: the repair costs it was charged at come back (Cr repair costs),
   * the stock it rose by (Dr inventory, today's average cost), any difference the inventory's
   * revaluation.
   */
  private partsBack(tx: CommandTransaction, e: MaintenancePartsReturnedEvent): void {
    const stock = e.values.reduce((sum, v) => sum + v.increase - v.decrease, 0);
    const revalued = stock - e.cost;
    queuePosting(tx, {
      branchId: e.branchId,
      source: { type: 'maintenance', id: e.ticketId, number: e.number },
      description: 'parts removed',
      createdBy: e.userId,
      lines: [
        { account: 'inventory', debit: stock },
        { account: 'repair_costs', credit: e.cost },
        ...(revalued > 0 ? [{ account: 'inventory_revaluation' as const, credit: revalued }] : []),
        ...(revalued < 0 ? [{ account: 'inventory_revaluation' as const, debit: -revalued }] : []),
      ],
    });
  }

  private parts(tx: CommandTransaction, e: MaintenancePartsUsedEvent): void {
    queuePosting(tx, {
      branchId: e.branchId,
      source: { type: 'maintenance', id: e.ticketId, number: e.number },
      description: 'parts',
      createdBy: e.userId,
      lines: e.values.flatMap((v): PostingLine[] => [
        { account: 'repair_costs', debit: v.decrease, branchId: v.branchId },
        { account: 'inventory', credit: v.decrease, branchId: v.branchId },
        { account: 'inventory', debit: v.increase, branchId: v.branchId },
        { account: 'repair_costs', credit: v.increase, branchId: v.branchId },
      ]),
    });
  }
}

/** The lines of one money step of a ticket (debits first); zero lines are dropped by queuePosting. */
export function maintenanceMoneyLines(e: MaintenanceMoneyEvent): PostingLine[] {
  const vault = (): PostingLine['account'] => {
    if (e.methodType) return paymentAccount(e.methodType);
    if (!e.vaultAccountId) throw new Error(`ticket ${e.ticketId} moved money without a vault`);
    return { id: e.vaultAccountId };
  };
  switch (e.kind) {
    case 'deposit':
      return [
        { account: vault(), debit: e.amount },
        { account: 'customer_deposits', credit: e.amount },
      ];
    case 'refund':
      return [
        { account: 'customer_deposits', debit: -e.amount },
        { account: vault(), credit: -e.amount },
      ];
    case 'settle':
      return [
        ...(e.amount > 0 ? [{ account: vault(), debit: e.amount }] : []),
        { account: 'customer_deposits', debit: e.deposit },
        { account: 'repair_revenue', credit: e.revenue - e.vat },
        ...(e.vat > 0 ? [{ account: 'vat_output' as const, credit: e.vat }] : []),
        ...(e.amount < 0 ? [{ account: vault(), credit: -e.amount }] : []),
      ];
  }
}
