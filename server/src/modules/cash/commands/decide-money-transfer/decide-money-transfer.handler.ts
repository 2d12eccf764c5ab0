import { HttpStatus } from '@nestjs/common';
import { CommandHandler } from '@nestjs/cqrs';
import type { MoneyTransactionPostedEvent } from '@pos/contracts';
import { branchWriteScope } from '../../../../core/auth/branch-scope';
import {
  CommandRunner,
  TransactionalCommandHandler,
  type CommandTransaction,
} from '../../../../core/cqrs';
import { AppException, Errors } from '../../../../core/errors/app.exception';
import { lockVaults, pushTransfer } from '../../money-rules';
import { moveVault } from '../../vault-ledger';
import { DecideMoneyTransferCommand } from './decide-money-transfer.command';

/**
 * The receiving branch decides a transfer from another branch: pending → confirmed (the money
 * enters the receiving vault from transit) or → rejected (it goes back into the sending vault).
 * Only a user of the receiving branch (or an administrator) decides; a decided transfer answers
 * 409 and nothing is written.
 */
@CommandHandler(DecideMoneyTransferCommand)
export class DecideMoneyTransferHandler extends TransactionalCommandHandler<
  DecideMoneyTransferCommand,
  void
> {
  constructor(runner: CommandRunner) {
    super(runner);
  }

  protected async handle(
    { id, decision, reason, user }: DecideMoneyTransferCommand,
    tx: CommandTransaction,
  ): Promise<void> {
    const { m } = tx;
    const [t] = await m.query(
      `SELECT id, number, type, status, amount, from_vault_id, to_vault_id, branch_id, to_branch_id
         FROM money_transactions WHERE id = $1 FOR UPDATE`,
      [id],
    );
    const scope = branchWriteScope(user);
    if (
      !t ||
      t.type !== 'transfer' ||
      !t.to_branch_id ||
      (scope !== null && scope !== t.to_branch_id)
    )
      throw Errors.notFound();
    if (t.status !== 'pending')
      throw new AppException('MONEY_TRANSFER_NOT_PENDING', HttpStatus.CONFLICT, {
        status: t.status,
      });
    const amount = Number(t.amount);
    const vaults = await lockVaults(tx, [t.from_vault_id, t.to_vault_id]);
    const from = vaults.get(t.from_vault_id)!;
    const to = vaults.get(t.to_vault_id)!;
    const confirm = decision === 'confirm';
    const status = confirm ? 'confirmed' : 'rejected';
    const note = confirm ? null : reason?.trim() || null;
    await moveVault(m, {
      vaultId: confirm ? to.id : from.id,
      type: confirm ? 'transfer_in' : 'transfer_returned',
      amount,
      sourceType: 'money_transaction',
      sourceId: id,
      sourceNumber: t.number,
      counterVaultId: confirm ? from.id : to.id,
      userId: user.id,
      note,
    });
    await m.query(
      `UPDATE money_transactions SET status = $2, reject_reason = $3, decided_by = $4, decided_at = now()
        WHERE id = $1`,
      [id, status, note, user.id],
    );
    tx.audit({
      action: `money.transfer.${decision}`,
      entity: 'money_transaction',
      entityId: id,
      before: { status: t.status },
      after: { status, rejectReason: note },
    });
    const event: MoneyTransactionPostedEvent = {
      transactionId: id,
      number: t.number,
      type: 'transfer',
      phase: confirm ? 'received' : 'returned',
      amount,
      fromBranchId: t.branch_id,
      toBranchId: t.to_branch_id,
      fromAccountId: from.accountId,
      toAccountId: to.accountId,
      methodType: null,
      reason: note ?? '',
      userId: user.id,
    };
    await tx.raise('money.transaction.posted', event);
    pushTransfer(tx, { ...event, toBranchId: t.to_branch_id, status });
  }
}
