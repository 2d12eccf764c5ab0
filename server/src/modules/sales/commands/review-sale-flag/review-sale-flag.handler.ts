import { HttpStatus } from '@nestjs/common';
import { CommandHandler } from '@nestjs/cqrs';
import {
  CommandRunner,
  TransactionalCommandHandler,
  type CommandTransaction,
} from '../../../../core/cqrs';
import { branchWriteScope } from '../../../../core/auth/branch-scope';
import { AppException, Errors } from '../../../../core/errors/app.exception';
import { ReviewSaleFlagCommand } from './review-sale-flag.command';

/** ReviewSaleFlag: a flag of the user's branch (any, for an administrator), once. */
@CommandHandler(ReviewSaleFlagCommand)
export class ReviewSaleFlagHandler extends TransactionalCommandHandler<ReviewSaleFlagCommand> {
  constructor(runner: CommandRunner) {
    super(runner);
  }

  protected async handle({ id, user }: ReviewSaleFlagCommand, tx: CommandTransaction) {
    const { m } = tx;
    const [flag] = await m.query(
      'SELECT id, branch_id, kind, resolved_at FROM sale_flags WHERE id = $1 FOR UPDATE',
      [id],
    );
    const scope = branchWriteScope(user);
    if (!flag || (scope && flag.branch_id !== scope)) throw Errors.notFound();
    if (flag.resolved_at) throw new AppException('CONFLICT', HttpStatus.CONFLICT);
    await m.query('UPDATE sale_flags SET resolved_at = now(), resolved_by = $2 WHERE id = $1', [
      id,
      user.id,
    ]);
    tx.audit({
      action: 'sale_flag.review',
      entity: 'sale_flag',
      entityId: id,
      after: { kind: flag.kind },
    });
  }
}
