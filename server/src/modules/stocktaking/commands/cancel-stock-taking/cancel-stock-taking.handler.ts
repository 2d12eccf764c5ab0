import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AuditService } from '../../../../core/audit/audit.service';
import { OutboxService } from '../../../../core/outbox/outbox.service';
import { assertStockTakingStep, lockStockTaking, pushProgress } from '../../services/stocktaking-rules';
import { CancelStockTakingCommand } from './cancel-stock-taking.command';

@CommandHandler(CancelStockTakingCommand)
export class CancelStockTakingHandler implements ICommandHandler<CancelStockTakingCommand, void> {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly audit: AuditService,
    private readonly outbox: OutboxService,
  ) {}

  async execute({ id, dto, user, meta }: CancelStockTakingCommand): Promise<void> {
    await this.ds.transaction(async (m) => {
      const st = await lockStockTaking(m, id, user, 'update');
      assertStockTakingStep(st, 'cancel');
      await m.query(`UPDATE stock_takings SET state = 'cancelled', cancelled_at = now(), cancelled_by = $2 WHERE id = $1`, [id, user.id]);
      await this.audit.record(m, meta, {
        action: 'stocktaking.cancel', entity: 'stock_taking', entityId: id,
        before: { state: st.state }, after: { state: 'cancelled', note: dto.note ?? null },
      });
      await pushProgress(m, this.outbox, st, 'cancelled');
    });
  }
}
