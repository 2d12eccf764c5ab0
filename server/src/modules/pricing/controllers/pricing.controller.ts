import { Controller, Get, Param, Post, Put, Query, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import {
  CouponBatchDto,
  CouponCheckQueryDto,
  CouponCreateDto,
  CouponListQueryDto,
  CustomerGroupMemberDto,
  ListQueryDto,
  PriceListCreateDto,
  PriceListListQueryDto,
  PriceListPricesDto,
  PriceListUpdateDto,
  PricingRulesQueryDto,
  PromotionCreateDto,
  PromotionListQueryDto,
  PromotionUpdateDto,
} from '@pos/contracts';
import type { AuthUser } from '../../../core/auth/auth.types';
import { Authenticated, CurrentUser, RequirePermissions } from '../../../core/auth/decorators';
import { DocumentController, DocumentRoutes, IdParam } from '../../../core/http/document-routes';
import { CreatePriceListCommand } from '../commands/create-price-list/create-price-list.command';
import { CreatePromotionCommand } from '../commands/create-promotion/create-promotion.command';
import { DeactivatePriceListCommand } from '../commands/deactivate-price-list/deactivate-price-list.command';
import { DeactivatePromotionCommand } from '../commands/deactivate-promotion/deactivate-promotion.command';
import { SetCustomerGroupCommand } from '../commands/set-customer-group/set-customer-group.command';
import { SetPriceListPricesCommand } from '../commands/set-price-list-prices/set-price-list-prices.command';
import { UpdatePriceListCommand } from '../commands/update-price-list/update-price-list.command';
import { UpdatePromotionCommand } from '../commands/update-promotion/update-promotion.command';
import { CreateCouponCommand } from '../commands/create-coupon/create-coupon.command';
import { DeactivateCouponCommand } from '../commands/deactivate-coupon/deactivate-coupon.command';
import { GenerateCouponsCommand } from '../commands/generate-coupons/generate-coupons.command';
import { CouponQueries } from '../queries/coupon.queries';
import { PricingQueries } from '../queries/pricing.queries';

// Reads need can_see_products (prices are the products' data); writes can_manage_products (the
// key that already guards a product's sell price); branch scope is the rules' (pricing-writes.ts).
const Read = () => RequirePermissions(['can_see_products']);
const Write = () => RequirePermissions(['can_manage_products']);

/** /api/PriceLists: lists, one list, its prices (paged); create, patch, deactivate, set prices. */
@ApiTags('pricing')
@Controller('PriceLists')
@DocumentRoutes({
  access: Read(),
  list: PriceListListQueryDto,
  get: true,
  reads: { list: 'listPriceLists', get: 'getPriceList' },
  pages: { priceListItems: { path: 'items', query: ListQueryDto } },
  create: {
    command: CreatePriceListCommand,
    body: PriceListCreateDto,
    id: 'result',
    access: Write(),
  },
  update: { command: UpdatePriceListCommand, body: PriceListUpdateDto, access: Write() },
  steps: { deactivate: { command: DeactivatePriceListCommand, access: Write() } },
  commands: {
    prices: {
      route: Put(':id/prices'),
      id: true,
      command: SetPriceListPricesCommand,
      body: PriceListPricesDto,
      access: Write(),
    },
  },
})
export class PriceListsController extends DocumentController(PricingQueries) {}

/** /api/Promotions: list, one, create, patch, deactivate. */
@ApiTags('pricing')
@Controller('Promotions')
@DocumentRoutes({
  access: Read(),
  list: PromotionListQueryDto,
  get: true,
  reads: { list: 'listPromotions', get: 'getPromotion' },
  create: {
    command: CreatePromotionCommand,
    body: PromotionCreateDto,
    id: 'result',
    access: Write(),
  },
  update: { command: UpdatePromotionCommand, body: PromotionUpdateDto, access: Write() },
  steps: { deactivate: { command: DeactivatePromotionCommand, access: Write() } },
})
export class PromotionsController extends DocumentController(PricingQueries) {}

/**
 * /api/Coupons (issue 33 item 3): codes of coupon promotions — list, one, create (a typed or a
 * generated code), a generated batch, deactivate. The promotions' permissions.
 */
@ApiTags('pricing')
@Controller('Coupons')
@DocumentRoutes({
  access: Read(),
  list: CouponListQueryDto,
  get: true,
  reads: { list: 'listCoupons', get: 'getCoupon' },
  create: { command: CreateCouponCommand, body: CouponCreateDto, id: 'result', access: Write() },
  steps: { deactivate: { command: DeactivateCouponCommand, access: Write() } },
  commands: {
    batch: {
      route: Post('batch'),
      command: GenerateCouponsCommand,
      body: CouponBatchDto,
      access: Write(),
    },
  },
})
export class CouponsController extends DocumentController(CouponQueries) {}

/**
 * /api/PricingRules: the active rules reaching a branch, as priceCart takes them, with their
 * version. Any signed-in user (the till prices with them); the branch within the read scope.
 */
@ApiTags('pricing')
@Controller('PricingRules')
@DocumentRoutes({
  commands: {
    /** A customer's group set (or cleared); answers the group as the till reads it. */
    setCustomerGroup: {
      route: Put('customers/:id/group'),
      id: true,
      command: SetCustomerGroupCommand,
      body: CustomerGroupMemberDto,
      access: Write(),
      answer: (q: PricingQueries, _: unknown, __: AuthUser, id: string) => q.customerGroup(id),
    },
  },
})
export class PricingRulesController {
  constructor(
    readonly queries: PricingQueries,
    readonly commands: CommandBus,
    private readonly coupons: CouponQueries,
  ) {}

  /**
   * A coupon code as the till checks it when the cashier enters it (any signed-in user: the
   * cashier rings it); the sale checks it again.
   */
  @Authenticated()
  @Get('coupons/:code')
  coupon(
    @Param('code') code: string,
    @Query() query: CouponCheckQueryDto,
    @CurrentUser() user: AuthUser,
  ) {
    return this.coupons.checkCoupon(code, query.customerId, user);
  }

  /**
   * Tagged by version and branch: a till asking again with `If-None-Match` gets a 304 until a
   * pricing write raises the version (Express answers it from the tag).
   */
  @Authenticated()
  @Get()
  async rules(
    @Query() query: PricingRulesQueryDto,
    @CurrentUser() user: AuthUser,
    @Res({ passthrough: true }) res: Response,
  ) {
    const rules = await this.queries.rules(user, query.branchId);
    res.setHeader('ETag', `"pricing-${rules.version}-${rules.branchId ?? 'all'}"`);
    res.setHeader('Cache-Control', 'private, no-cache');
    return rules;
  }

  /** A customer's group (the till prices a customer's cart with it). */
  @Authenticated()
  @Get('customers/:id/group')
  customerGroup(@IdParam() id: string) {
    return this.queries.customerGroup(id);
  }
}
