import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AuditService } from '../../../../core/audit/audit.service';
import { OutboxService } from '../../../../core/outbox/outbox.service';
import { assertStep, lockTransfer, recordStep } from '../../services/transfer-rules';

import { RejectTransferCommand } from './reject-transfer.command';

@CommandHandler(RejectTransferCommand)
export class RejectTransferHandler implements ICommandHandler<RejectTransferCommand, void> {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly audit: AuditService,
    private readonly outbox: OutboxService,
  ) {}

  async execute({ id, dto, user, meta }: RejectTransferCommand): Promise<void> {
    await this.ds.transaction(async (m) => {
      const t = await lockTransfer(m, id, user);
      assertStep(user, t, 'reject');
      await recordStep(m, { audit: this.audit, outbox: this.outbox }, t, { action: 'reject', to: 'rejected', user, meta, note: dto.note });
    });
  }
}
