import { HttpStatus } from '@nestjs/common';
import { CommandHandler } from '@nestjs/cqrs';
import {
  CommandRunner,
  TransactionalCommandHandler,
  type CommandTransaction,
} from '../../../../core/cqrs';
import { AppException, Errors } from '../../../../core/errors/app.exception';
import { DeleteAccountCommand } from './delete-account.command';

/** DeleteAccount (can_manage_accounting): only an account nobody posted to, with no sub-accounts. */
@CommandHandler(DeleteAccountCommand)
export class DeleteAccountHandler extends TransactionalCommandHandler<DeleteAccountCommand, void> {
  constructor(runner: CommandRunner) {
    super(runner);
  }

  protected async handle({ id }: DeleteAccountCommand, tx: CommandTransaction): Promise<void> {
    const { m } = tx;
    const [row] = await m.query(
      `SELECT id, code, name_ar, system_key,
              EXISTS (SELECT 1 FROM accounts c WHERE c.parent_id = a.id) AS has_children,
              EXISTS (SELECT 1 FROM journal_lines l WHERE l.account_id = a.id) AS has_lines
         FROM accounts a WHERE a.id = $1 FOR UPDATE`,
      [id],
    );
    if (!row) throw Errors.notFound();
    if (row.system_key) throw new AppException('ACCOUNT_SYSTEM', HttpStatus.BAD_REQUEST);
    if (row.has_children || row.has_lines)
      throw new AppException('ACCOUNT_IN_USE', HttpStatus.CONFLICT);
    await m.query(`DELETE FROM accounts WHERE id = $1`, [id]);
    tx.audit({
      action: 'account.delete',
      entity: 'account',
      entityId: id,
      before: { code: row.code, nameAr: row.name_ar },
    });
  }
}
