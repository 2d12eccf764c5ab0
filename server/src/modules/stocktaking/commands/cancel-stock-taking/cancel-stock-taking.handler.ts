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
import { CancelStockTakingCommand } from './cancel-stock-taking.command';

@CommandHandler(CancelStockTakingCommand)
export class CancelStockTakingHandler extends TransactionalCommandHandler<
  CancelStockTakingCommand,
  void
> {
  constructor(runner: CommandRunner) {
    super(runner);
  }

  protected async handle(
    { id, dto, user }: CancelStockTakingCommand,
    tx: CommandTransaction,
  ): Promise<void> {
    const { m } = tx;
    const st = await lockStockTaking(m, id, user, 'update');
    assertStockTakingStep(st, 'cancel');
    await m.query(
      `UPDATE stock_takings SET state = 'cancelled', cancelled_at = now(), cancelled_by = $2 WHERE id = $1`,
      [id, user.id],
    );
    tx.audit({
      action: 'stocktaking.cancel',
      entity: 'stock_taking',
      entityId: id,
      before: { state: st.state },
      after: { state: 'cancelled', note: dto.note ?? null },
    });
    await pushProgress(tx, st, 'cancelled');
  }
}
