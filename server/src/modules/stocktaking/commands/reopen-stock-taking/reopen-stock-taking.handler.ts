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
import { ReopenStockTakingCommand } from './reopen-stock-taking.command';

@CommandHandler(ReopenStockTakingCommand)
export class ReopenStockTakingHandler extends TransactionalCommandHandler<
  ReopenStockTakingCommand,
  void
> {
  constructor(runner: CommandRunner) {
    super(runner);
  }

  protected async handle(
    { id, dto, user }: ReopenStockTakingCommand,
    tx: CommandTransaction,
  ): Promise<void> {
    const { m } = tx;
    const st = await lockStockTaking(m, id, user, 'update');
    assertStockTakingStep(st, 'reopen');
    await m.query(
      `UPDATE stock_takings SET state = 'open', submitted_at = NULL, submitted_by = NULL WHERE id = $1`,
      [id],
    );
    tx.audit({
      action: 'stocktaking.reopen',
      entity: 'stock_taking',
      entityId: id,
      before: { state: st.state },
      after: { state: 'open', note: dto.note ?? null },
    });
    await pushProgress(tx, st, 'open');
  }
}
