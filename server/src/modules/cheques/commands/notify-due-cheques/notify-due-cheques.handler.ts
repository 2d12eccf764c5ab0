import { CommandHandler } from '@nestjs/cqrs';
import { CHEQUE_DUE_DAYS, CHEQUE_OPEN_STATUSES } from '@pos/contracts';
import {
  CommandRunner,
  TransactionalCommandHandler,
  type CommandTransaction,
} from '../../../../core/cqrs';
import { readStoreTimeZone } from '../../../settings';
import { NotifyDueChequesCommand } from './notify-due-cheques.command';

/**
 * NotifyDueCheques (run by the daily job after the store's midnight): a cheque enters the
 * "due within 7 days" window without anyone touching it, so each branch that has such cheques is
 * pushed `cheque.due` with their count. Writes nothing but the outbox.
 */
@CommandHandler(NotifyDueChequesCommand)
export class NotifyDueChequesHandler extends TransactionalCommandHandler<
  NotifyDueChequesCommand,
  { branches: number }
> {
  constructor(runner: CommandRunner) {
    super(runner);
  }

  protected async handle(
    _command: NotifyDueChequesCommand,
    tx: CommandTransaction,
  ): Promise<{ branches: number }> {
    const timeZone = await readStoreTimeZone(tx.m);
    const rows: { branch_id: string; count: number }[] = await tx.m.query(
      `SELECT branch_id, count(*)::int AS count FROM cheques
        WHERE status = ANY($1) AND due_date <= (now() AT TIME ZONE $2)::date + $3::int
        GROUP BY branch_id ORDER BY branch_id`,
      [CHEQUE_OPEN_STATUSES, timeZone, CHEQUE_DUE_DAYS],
    );
    for (const r of rows) tx.push(r.branch_id, 'cheque.due', { count: r.count });
    return { branches: rows.length };
  }
}
