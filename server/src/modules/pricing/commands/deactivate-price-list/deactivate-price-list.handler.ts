import { CommandHandler } from '@nestjs/cqrs';
import { PriceListEntity } from '../../entities/pricing.entities';
import { DeactivateRuleHandler } from '../deactivate-rule';
import { DeactivatePriceListCommand } from './deactivate-price-list.command';

/** DeactivatePriceList: the row locked, in the caller's branch scope; a no-op on an inactive list. */
@CommandHandler(DeactivatePriceListCommand)
export class DeactivatePriceListHandler extends DeactivateRuleHandler<DeactivatePriceListCommand> {
  protected readonly rule = {
    target: PriceListEntity,
    entity: 'price_list',
    action: 'price-list.deactivate',
  };
}
