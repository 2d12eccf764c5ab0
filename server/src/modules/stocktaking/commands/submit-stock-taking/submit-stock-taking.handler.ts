import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AuditService } from '../../../../core/audit/audit.service';
import { OutboxService } from '../../../../core/outbox/outbox.service';
import { assertStockTakingStep, lockStockTaking, pushProgress } from '../../services/stocktaking-rules';
import { SubmitStockTakingCommand } from './submit-stock-taking.command';

@CommandHandler(SubmitStockTakingCommand)
export class SubmitStockTakingHandler implements ICommandHandler<SubmitStockTakingCommand, void> {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly audit: AuditService,
    private readonly outbox: OutboxService,
  ) {}

  async execute({ id, dto, user, meta }: SubmitStockTakingCommand): Promise<void> {
    await this.ds.transaction(async (m) => {
      const st = await lockStockTaking(m, id, user, 'update');
      assertStockTakingStep(st, 'submit');
      await m.query(`UPDATE stock_takings SET state = 'review', submitted_at = now(), submitted_by = $2 WHERE id = $1`, [id, user.id]);
      await this.audit.record(m, meta, {
        action: 'stocktaking.submit', entity: 'stock_taking', entityId: id,
        before: { state: st.state }, after: { state: 'review', note: dto.note ?? null },
      });
      await pushProgress(m, this.outbox, st, 'review');
    });
  }
}
