import { CommandHandler } from '@nestjs/cqrs';
import {
  CommandRunner,
  TransactionalCommandHandler,
  type CommandTransaction,
} from '../../../../core/cqrs';
import {
  assertStockTakingStep,
  lockStockTaking,
  pushProgress,
} from '../../services/stocktaking-rules';
import { SubmitStockTakingCommand } from './submit-stock-taking.command';

@CommandHandler(SubmitStockTakingCommand)
export class SubmitStockTakingHandler extends TransactionalCommandHandler<
  SubmitStockTakingCommand,
  void
> {
  constructor(runner: CommandRunner) {
    super(runner);
  }

  protected async handle(
    { id, dto, user }: SubmitStockTakingCommand,
    tx: CommandTransaction,
  ): Promise<void> {
    const { m } = tx;
    const st = await lockStockTaking(m, id, user, 'update');
    assertStockTakingStep(st, 'submit');
    await m.query(
      `UPDATE stock_takings SET state = 'review', submitted_at = now(), submitted_by = $2 WHERE id = $1`,
      [id, user.id],
    );
    tx.audit({
      action: 'stocktaking.submit',
      entity: 'stock_taking',
      entityId: id,
      before: { state: st.state },
      after: { state: 'review', note: dto.note ?? null },
    });
    await pushProgress(tx, st, 'review');
  }
}
