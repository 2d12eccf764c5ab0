import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AuditService } from '../../../../core/audit/audit.service';
import { OutboxService } from '../../../../core/outbox/outbox.service';
import { assertStockTakingStep, lockStockTaking, pushProgress } from '../../services/stocktaking-rules';
import { ReopenStockTakingCommand } from './reopen-stock-taking.command';

@CommandHandler(ReopenStockTakingCommand)
export class ReopenStockTakingHandler implements ICommandHandler<ReopenStockTakingCommand, void> {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly audit: AuditService,
    private readonly outbox: OutboxService,
  ) {}

  async execute({ id, dto, user, meta }: ReopenStockTakingCommand): Promise<void> {
    await this.ds.transaction(async (m) => {
      const st = await lockStockTaking(m, id, user, 'update');
      assertStockTakingStep(st, 'reopen');
      await m.query(`UPDATE stock_takings SET state = 'open', submitted_at = NULL, submitted_by = NULL WHERE id = $1`, [id]);
      await this.audit.record(m, meta, {
        action: 'stocktaking.reopen', entity: 'stock_taking', entityId: id,
        before: { state: st.state }, after: { state: 'open', note: dto.note ?? null },
      });
      await pushProgress(m, this.outbox, st, 'open');
    });
  }
}
