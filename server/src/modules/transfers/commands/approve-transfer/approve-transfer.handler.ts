import { CommandHandler } from '@nestjs/cqrs';
import {
  CommandRunner,
  TransactionalCommandHandler,
  type CommandTransaction,
} from '../../../../core/cqrs';
import { StockLedger } from '../../../inventory';
import { assertStep, lockLines, lockTransfer, recordStep } from '../../services/transfer-rules';
import { reserveLines } from '../../services/transfer-stock';
import { ApproveTransferCommand } from './approve-transfer.command';

@CommandHandler(ApproveTransferCommand)
export class ApproveTransferHandler extends TransactionalCommandHandler<
  ApproveTransferCommand,
  void
> {
  constructor(
    runner: CommandRunner,
    private readonly ledger: StockLedger,
  ) {
    super(runner);
  }

  protected async handle(
    { id, dto, user }: ApproveTransferCommand,
    tx: CommandTransaction,
  ): Promise<void> {
    const { m } = tx;
    const t = await lockTransfer(m, id, user);
    assertStep(user, t, 'approve');
    const lines = await lockLines(m, id);
    await reserveLines(tx, this.ledger, t, lines);
    await recordStep(tx, t, { action: 'approve', to: 'approved', user, note: dto.note });
  }
}
