import { CommandHandler } from '@nestjs/cqrs';
import {
  CommandRunner,
  TransactionalCommandHandler,
  type CommandTransaction,
} from '../../../../core/cqrs';
import { StockLedger } from '../../../inventory';
import { assertStep, lockLines, lockTransfer, recordStep } from '../../services/transfer-rules';
import { releaseLines } from '../../services/transfer-stock';
import { CancelTransferCommand } from './cancel-transfer.command';

@CommandHandler(CancelTransferCommand)
export class CancelTransferHandler extends TransactionalCommandHandler<
  CancelTransferCommand,
  void
> {
  constructor(
    runner: CommandRunner,
    private readonly ledger: StockLedger,
  ) {
    super(runner);
  }

  protected async handle(
    { id, dto, user }: CancelTransferCommand,
    tx: CommandTransaction,
  ): Promise<void> {
    const { m } = tx;
    const t = await lockTransfer(m, id, user);
    assertStep(user, t, 'cancel');
    const lines = await lockLines(m, id);
    // Only an approved request holds a reservation at the source.
    if (t.state === 'approved') await releaseLines(tx, this.ledger, t, lines);
    await recordStep(tx, t, { action: 'cancel', to: 'cancelled', user, note: dto.note });
  }
}
