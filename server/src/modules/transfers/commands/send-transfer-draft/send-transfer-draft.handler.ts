import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AuditService } from '../../../../core/audit/audit.service';
import { OutboxService } from '../../../../core/outbox/outbox.service';
import { assertStep, lockLines, lockTransfer, recordStep } from '../../services/transfer-rules';

import { SendTransferDraftCommand } from './send-transfer-draft.command';

@CommandHandler(SendTransferDraftCommand)
export class SendTransferDraftHandler implements ICommandHandler<SendTransferDraftCommand, void> {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly audit: AuditService,
    private readonly outbox: OutboxService,
  ) {}

  async execute({ id, dto, user, meta }: SendTransferDraftCommand): Promise<void> {
    await this.ds.transaction(async (m) => {
      const t = await lockTransfer(m, id, user);
      assertStep(user, t, 'request');
      await lockLines(m, id);
      await recordStep(m, { audit: this.audit, outbox: this.outbox }, t, { action: 'request', to: 'requested', user, meta, note: dto.note });
    });
  }
}
