import { CommandHandler } from '@nestjs/cqrs';
import { releaseLines } from '../../services/transfer-stock';
import { TransferStepHandler } from '../../services/transfer-step';
import type { CommandTransaction } from '../../../../core/cqrs';
import type { TransferLineRow, TransferRow } from '../../services/transfer-rules';
import { CancelTransferCommand } from './cancel-transfer.command';

@CommandHandler(CancelTransferCommand)
export class CancelTransferHandler extends TransferStepHandler<CancelTransferCommand> {
  protected readonly step = { action: 'cancel', to: 'cancelled' } as const;

  protected async work(tx: CommandTransaction, t: TransferRow, lines: TransferLineRow[]) {
    // Only an approved request holds a reservation at the source.
    if (t.state === 'approved') await releaseLines(tx, this.ledger, t, lines);
  }
}
