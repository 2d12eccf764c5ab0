import { CommandHandler } from '@nestjs/cqrs';
import { claimUnits, reserveLines } from '../../services/transfer-stock';
import { TransferStepHandler } from '../../services/transfer-step';
import type { CommandTransaction } from '../../../../core/cqrs';
import type { TransferLineRow, TransferRow } from '../../services/transfer-rules';
import { ApproveTransferCommand } from './approve-transfer.command';

@CommandHandler(ApproveTransferCommand)
export class ApproveTransferHandler extends TransferStepHandler<ApproveTransferCommand> {
  protected readonly step = { action: 'approve', to: 'approved' } as const;

  protected async work(tx: CommandTransaction, t: TransferRow, lines: TransferLineRow[]) {
    await claimUnits(tx.m, t, lines);
    await reserveLines(tx, this.ledger, t, lines);
  }
}
