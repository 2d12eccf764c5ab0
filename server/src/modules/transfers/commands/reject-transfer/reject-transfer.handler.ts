import { CommandHandler } from '@nestjs/cqrs';
import { TransferStepHandler } from '../../services/transfer-step';
import { RejectTransferCommand } from './reject-transfer.command';

@CommandHandler(RejectTransferCommand)
export class RejectTransferHandler extends TransferStepHandler<RejectTransferCommand> {
  protected readonly step = { action: 'reject', to: 'rejected', lines: false } as const;
}
