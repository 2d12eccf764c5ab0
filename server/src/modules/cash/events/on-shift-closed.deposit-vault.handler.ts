import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { ShiftClosedEvent } from '@pos/contracts';
import { DomainEventSubscribers, type CommandTransaction } from '../../../core/cqrs';
import { branchMainVault, moveVault } from '../vault-ledger';

/**
 * A closed shift's cash goes into the branch's main vault, in the close's transaction: the counted
 * cash less the float the drawer opened with (that float was already the vault's or stays in the
 * drawer; moving it again would count it twice, docs/decisions/). The over/short stays in the
 * drawer account's posting. A count below the float moves nothing: the drawer is short of its float.
 */
@Injectable()
export class DepositShiftCashHandler implements OnModuleInit {
  constructor(private readonly subscribers: DomainEventSubscribers) {}

  onModuleInit(): void {
    this.subscribers.on('shift.closed', ({ payload }, tx) => this.deposit(tx, payload));
  }

  async deposit(tx: CommandTransaction, c: ShiftClosedEvent): Promise<void> {
    const amount = c.countedCash - c.openingCash;
    if (amount <= 0) return;
    const main = await branchMainVault(tx.m, c.branchId);
    const userId = tx.meta.userId ?? c.cashierId;
    await moveVault(tx.m, {
      vaultId: main.id,
      type: 'shift_close',
      amount,
      sourceType: 'shift',
      sourceId: c.shiftId,
      userId,
      note: c.cashierName,
    });
    await tx.raise('shift.cash.deposited', {
      shiftId: c.shiftId,
      branchId: c.branchId,
      vaultId: main.id,
      accountId: main.accountId,
      amount,
      userId,
    });
  }
}
