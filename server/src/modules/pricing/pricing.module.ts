import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CUSTOMER_GROUPS } from '@pos/contracts';
import { defineServerResource, resourceController } from '../../core/resource';
import { CreatePriceListHandler } from './commands/create-price-list/create-price-list.handler';
import { CreatePromotionHandler } from './commands/create-promotion/create-promotion.handler';
import { DeactivatePriceListHandler } from './commands/deactivate-price-list/deactivate-price-list.handler';
import { DeactivatePromotionHandler } from './commands/deactivate-promotion/deactivate-promotion.handler';
import { SetCustomerGroupHandler } from './commands/set-customer-group/set-customer-group.handler';
import { SetPriceListPricesHandler } from './commands/set-price-list-prices/set-price-list-prices.handler';
import { UpdatePriceListHandler } from './commands/update-price-list/update-price-list.handler';
import { UpdatePromotionHandler } from './commands/update-promotion/update-promotion.handler';
import { CreateCouponHandler } from './commands/create-coupon/create-coupon.handler';
import { DeactivateCouponHandler } from './commands/deactivate-coupon/deactivate-coupon.handler';
import { GenerateCouponsHandler } from './commands/generate-coupons/generate-coupons.handler';
import { CouponQueries } from './queries/coupon.queries';
import {
  CouponsController,
  PriceListsController,
  PricingRulesController,
  PromotionsController,
} from './controllers/pricing.controller';
import { CustomerGroupEntity, PRICING_ENTITIES } from './entities/pricing.entities';
import { PricingQueries } from './queries/pricing.queries';
import { SaleCoupons } from './services/sale-coupons';

/**
 * /CustomerGroups (reference data on the resource kit): a group in use by a customer, a price
 * list or a promotion cannot be deleted (deactivate it instead).
 */
export const customerGroups = defineServerResource({
  descriptor: CUSTOMER_GROUPS,
  entity: CustomerGroupEntity,
  table: 'customer_groups',
  columns: `t.id, t.name, t.active,
    (SELECT count(*)::int FROM customer_group_members g WHERE g.group_id = t.id) AS members`,
  audit: { action: 'customer-group', entity: 'customer_group' },
  search: ['t.name'],
  sort: { name: 't.name', active: 't.active', members: 'members' },
  filters: { active: (value, bind) => `t.active = ${bind(value === 'true')}` },
  inUse: `EXISTS (SELECT 1 FROM customer_group_members WHERE group_id = $1)
    OR EXISTS (SELECT 1 FROM price_lists WHERE $1 = ANY(customer_group_ids))
    OR EXISTS (SELECT 1 FROM promotions WHERE $1 = ANY(customer_group_ids))`,
});

@Module({
  imports: [TypeOrmModule.forFeature(PRICING_ENTITIES)],
  controllers: [
    PriceListsController,
    PromotionsController,
    PricingRulesController,
    CouponsController,
    resourceController(customerGroups),
  ],
  providers: [
    PricingQueries,
    CreatePriceListHandler,
    UpdatePriceListHandler,
    DeactivatePriceListHandler,
    SetPriceListPricesHandler,
    CreatePromotionHandler,
    UpdatePromotionHandler,
    DeactivatePromotionHandler,
    SetCustomerGroupHandler,
    SaleCoupons,
    CouponQueries,
    CreateCouponHandler,
    GenerateCouponsHandler,
    DeactivateCouponHandler,
  ],
  exports: [PricingQueries, SaleCoupons],
})
export class PricingModule {}
