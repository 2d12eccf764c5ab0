import { CommandHandler } from '@nestjs/cqrs';
import {
  CommandRunner,
  TransactionalCommandHandler,
  type CommandTransaction,
} from '../../../../core/cqrs';
import { lockRow } from '../../../../core/database/updates';
import { PromotionEntity } from '../../entities/pricing.entities';
import { assertRuleScope, recordRuleChange } from '../../services/pricing-writes';
import { DeactivatePromotionCommand } from './deactivate-promotion.command';

/** DeactivatePromotion: the row locked, in the caller's branch scope; a no-op when already off. */
@CommandHandler(DeactivatePromotionCommand)
export class DeactivatePromotionHandler extends TransactionalCommandHandler<DeactivatePromotionCommand> {
  constructor(runner: CommandRunner) {
    super(runner);
  }

  protected async handle(
    { id, user }: DeactivatePromotionCommand,
    tx: CommandTransaction,
  ): Promise<void> {
    const before = await lockRow(tx.m, PromotionEntity, id);
    assertRuleScope(user, before.branchIds);
    if (!before.active) return;
    await tx.m.update(PromotionEntity, { id }, { active: false });
    await recordRuleChange(tx, {
      action: 'promotion.deactivate',
      entity: 'promotion',
      entityId: id,
      before: { active: true },
      after: { active: false },
    });
  }
}
