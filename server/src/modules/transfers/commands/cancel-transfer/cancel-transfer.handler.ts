import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AuditService } from '../../../../core/audit/audit.service';
import { OutboxService } from '../../../../core/outbox/outbox.service';
import { StockLedger } from '../../../inventory';
import { assertStep, lockLines, lockTransfer, recordStep } from '../../services/transfer-rules';
import { releaseLines } from '../../services/transfer-stock';
import { CancelTransferCommand } from './cancel-transfer.command';

@CommandHandler(CancelTransferCommand)
export class CancelTransferHandler implements ICommandHandler<CancelTransferCommand, void> {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly ledger: StockLedger,
    private readonly audit: AuditService,
    private readonly outbox: OutboxService,
  ) {}

  async execute({ id, dto, user, meta }: CancelTransferCommand): Promise<void> {
    await this.ds.transaction(async (m) => {
      const t = await lockTransfer(m, id, user);
      assertStep(user, t, 'cancel');
      const lines = await lockLines(m, id);
      // Only an approved request holds a reservation at the source.
      if (t.state === 'approved') await releaseLines(m, this.ledger, this.outbox, t, lines);
      await recordStep(m, { audit: this.audit, outbox: this.outbox }, t, { action: 'cancel', to: 'cancelled', user, meta, note: dto.note });
    });
  }
}
