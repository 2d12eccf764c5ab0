import { CommandHandler } from '@nestjs/cqrs';
import {
  CommandRunner,
  TransactionalCommandHandler,
  type CommandTransaction,
} from '../../../../core/cqrs';
import { assertStep, lockTransfer, recordStep } from '../../services/transfer-rules';

import { RejectTransferCommand } from './reject-transfer.command';

@CommandHandler(RejectTransferCommand)
export class RejectTransferHandler extends TransactionalCommandHandler<
  RejectTransferCommand,
  void
> {
  constructor(runner: CommandRunner) {
    super(runner);
  }

  protected async handle(
    { id, dto, user }: RejectTransferCommand,
    tx: CommandTransaction,
  ): Promise<void> {
    const { m } = tx;
    const t = await lockTransfer(m, id, user);
    assertStep(user, t, 'reject');
    await recordStep(tx, t, { action: 'reject', to: 'rejected', user, note: dto.note });
  }
}
