import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AuditService } from '../../../../core/audit/audit.service';
import { OutboxService } from '../../../../core/outbox/outbox.service';
import { StockLedger } from '../../../inventory';
import { assertStep, lockLines, lockTransfer, recordStep } from '../../services/transfer-rules';
import { reserveLines } from '../../services/transfer-stock';
import { ApproveTransferCommand } from './approve-transfer.command';

@CommandHandler(ApproveTransferCommand)
export class ApproveTransferHandler implements ICommandHandler<ApproveTransferCommand, void> {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly ledger: StockLedger,
    private readonly audit: AuditService,
    private readonly outbox: OutboxService,
  ) {}

  async execute({ id, dto, user, meta }: ApproveTransferCommand): Promise<void> {
    await this.ds.transaction(async (m) => {
      const t = await lockTransfer(m, id, user);
      assertStep(user, t, 'approve');
      const lines = await lockLines(m, id);
      await reserveLines(m, this.ledger, this.outbox, t, lines);
      await recordStep(m, { audit: this.audit, outbox: this.outbox }, t, { action: 'approve', to: 'approved', user, meta, note: dto.note });
    });
  }
}
