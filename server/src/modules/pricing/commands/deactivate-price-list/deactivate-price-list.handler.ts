import { CommandHandler } from '@nestjs/cqrs';
import {
  CommandRunner,
  TransactionalCommandHandler,
  type CommandTransaction,
} from '../../../../core/cqrs';
import { lockRow } from '../../../../core/database/updates';
import { PriceListEntity } from '../../entities/pricing.entities';
import { assertRuleScope, recordRuleChange } from '../../services/pricing-writes';
import { DeactivatePriceListCommand } from './deactivate-price-list.command';

/** DeactivatePriceList: the row locked, in the caller's branch scope; a no-op on an inactive list. */
@CommandHandler(DeactivatePriceListCommand)
export class DeactivatePriceListHandler extends TransactionalCommandHandler<DeactivatePriceListCommand> {
  constructor(runner: CommandRunner) {
    super(runner);
  }

  protected async handle(
    { id, user }: DeactivatePriceListCommand,
    tx: CommandTransaction,
  ): Promise<void> {
    const before = await lockRow(tx.m, PriceListEntity, id);
    assertRuleScope(user, before.branchIds);
    if (!before.active) return;
    await tx.m.update(PriceListEntity, { id }, { active: false });
    await recordRuleChange(tx, {
      action: 'price-list.deactivate',
      entity: 'price_list',
      entityId: id,
      before: { active: true },
      after: { active: false },
    });
  }
}
