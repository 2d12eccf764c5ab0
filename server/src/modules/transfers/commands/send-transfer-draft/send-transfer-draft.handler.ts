import { CommandHandler } from '@nestjs/cqrs';
import {
  CommandRunner,
  TransactionalCommandHandler,
  type CommandTransaction,
} from '../../../../core/cqrs';
import { assertStep, lockLines, lockTransfer, recordStep } from '../../services/transfer-rules';

import { SendTransferDraftCommand } from './send-transfer-draft.command';

@CommandHandler(SendTransferDraftCommand)
export class SendTransferDraftHandler extends TransactionalCommandHandler<
  SendTransferDraftCommand,
  void
> {
  constructor(runner: CommandRunner) {
    super(runner);
  }

  protected async handle(
    { id, dto, user }: SendTransferDraftCommand,
    tx: CommandTransaction,
  ): Promise<void> {
    const { m } = tx;
    const t = await lockTransfer(m, id, user);
    assertStep(user, t, 'request');
    await lockLines(m, id);
    await recordStep(tx, t, { action: 'request', to: 'requested', user, note: dto.note });
  }
}
