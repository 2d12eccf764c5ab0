import { CommandHandler } from '@nestjs/cqrs';
import { PromotionEntity } from '../../entities/pricing.entities';
import { DeactivateRuleHandler } from '../deactivate-rule';
import { DeactivatePromotionCommand } from './deactivate-promotion.command';

/** DeactivatePromotion: the row locked, in the caller's branch scope; a no-op when already off. */
@CommandHandler(DeactivatePromotionCommand)
export class DeactivatePromotionHandler extends DeactivateRuleHandler<DeactivatePromotionCommand> {
  protected readonly rule = {
    target: PromotionEntity,
    entity: 'promotion',
    action: 'promotion.deactivate',
  };
}
