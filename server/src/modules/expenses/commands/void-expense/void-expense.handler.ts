import { HttpStatus } from '@nestjs/common';
import { CommandHandler } from '@nestjs/cqrs';
import { branchWriteScope } from '../../../../core/auth/branch-scope';
import {
  CommandRunner,
  TransactionalCommandHandler,
  type CommandTransaction,
} from '../../../../core/cqrs';
import { AppException, Errors } from '../../../../core/errors/app.exception';
import { bookDates } from '../../../accounting';
import { moveVault } from '../../../cash';
import { pushDueCount } from '../../services/due';
import { VoidExpenseCommand } from './void-expense.command';

/**
 * VoidExpense: an expense is never edited or deleted. Voiding puts its total back into the vault it
 * was paid from (a movement), marks it void with the reason, and `expense.voided` reverses its
 * journal entry. A template's expense voided makes the template due again this month.
 * Lock order: the expense, then the vault.
 */
@CommandHandler(VoidExpenseCommand)
export class VoidExpenseHandler extends TransactionalCommandHandler<VoidExpenseCommand, void> {
  constructor(runner: CommandRunner) {
    super(runner);
  }

  protected async handle(
    { id, dto, user }: VoidExpenseCommand,
    tx: CommandTransaction,
  ): Promise<void> {
    const { m } = tx;
    const [e] = await m.query(
      `SELECT id, number, status, branch_id, vault_id, total, recurring_id FROM expenses WHERE id = $1 FOR UPDATE`,
      [id],
    );
    const scope = branchWriteScope(user);
    if (!e || (scope && e.branch_id !== scope)) throw Errors.notFound();
    if (e.status !== 'recorded')
      throw new AppException('EXPENSE_ALREADY_VOID', HttpStatus.CONFLICT);
    const total = Number(e.total);
    const reason = dto.reason.trim();
    await moveVault(m, {
      vaultId: e.vault_id,
      type: 'expense_void',
      amount: total,
      sourceType: 'expense',
      sourceId: e.id,
      sourceNumber: e.number,
      userId: user.id,
      note: reason,
    });
    await m.query(
      `UPDATE expenses SET status = 'void', voided_by = $2, voided_at = now(), void_reason = $3 WHERE id = $1`,
      [e.id, user.id, reason],
    );
    tx.audit({
      action: 'expense.void',
      entity: 'expense',
      entityId: e.id,
      before: { status: 'recorded' },
      after: { status: 'void', reason, total },
    });
    await tx.raise('expense.voided', {
      expenseId: e.id,
      number: e.number,
      branchId: e.branch_id,
      vaultId: e.vault_id,
      total,
      reason,
      userId: user.id,
    });
    if (e.recurring_id) await pushDueCount(tx, (await bookDates(m)).timeZone, e.branch_id);
  }
}
