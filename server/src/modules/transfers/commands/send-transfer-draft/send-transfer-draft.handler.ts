import { CommandHandler } from '@nestjs/cqrs';
import { TransferStepHandler } from '../../services/transfer-step';
import { SendTransferDraftCommand } from './send-transfer-draft.command';

@CommandHandler(SendTransferDraftCommand)
export class SendTransferDraftHandler extends TransferStepHandler<SendTransferDraftCommand> {
  protected readonly step = { action: 'request', to: 'requested' } as const;
}
