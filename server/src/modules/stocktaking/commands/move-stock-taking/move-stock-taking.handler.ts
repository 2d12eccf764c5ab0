import { CommandHandler } from '@nestjs/cqrs';
import type { StockTakingState } from '@pos/contracts';
import {
  CommandRunner,
  TransactionalCommandHandler,
  type CommandTransaction,
} from '../../../../core/cqrs';
import { lockForStep, pushProgress } from '../../services/stocktaking-rules';
import { MoveStockTakingCommand, type StockTakingMove } from './move-stock-taking.command';

/** Each move's new state and its statement ($1 the session, $2 the user). */
const MOVES: Record<StockTakingMove, { to: StockTakingState; sql: string; byUser: boolean }> = {
  submit: {
    to: 'review',
    sql: `UPDATE stock_takings SET state = 'review', submitted_at = now(), submitted_by = $2 WHERE id = $1`,
    byUser: true,
  },
  reopen: {
    to: 'open',
    sql: `UPDATE stock_takings SET state = 'open', submitted_at = NULL, submitted_by = NULL WHERE id = $1`,
    byUser: false,
  },
  cancel: {
    to: 'cancelled',
    sql: `UPDATE stock_takings SET state = 'cancelled', cancelled_at = now(), cancelled_by = $2 WHERE id = $1`,
    byUser: true,
  },
};

@CommandHandler(MoveStockTakingCommand)
export class MoveStockTakingHandler extends TransactionalCommandHandler<
  MoveStockTakingCommand,
  void
> {
  constructor(runner: CommandRunner) {
    super(runner);
  }

  protected async handle(
    { id, move, dto, user }: MoveStockTakingCommand,
    tx: CommandTransaction,
  ): Promise<void> {
    const { m } = tx;
    const { to, sql, byUser } = MOVES[move];
    const st = await lockForStep(m, id, user, move);
    await m.query(sql, byUser ? [id, user.id] : [id]);
    tx.audit({
      action: `stocktaking.${move}`,
      entity: 'stock_taking',
      entityId: id,
      before: { state: st.state },
      after: { state: to, note: dto.note ?? null },
    });
    await pushProgress(tx, st, to);
  }
}
