import {
  Body,
  Controller,
  Get,
  HttpCode,
  HttpStatus,
  Param,
  Patch,
  Post,
  Query,
  Res,
} from '@nestjs/common';
import { Idempotent } from '../../../core/http/idempotency';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import {
  PurchaseOrderActionDto,
  PurchaseOrderCreateDto,
  PurchaseOrderListQueryDto,
  PurchaseOrderReceiveDto,
  PurchaseOrderUpdateDto,
  ReorderCreateDto,
  ReorderSuggestionQueryDto,
  VendorOptionsQueryDto,
} from '@pos/contracts';
import type { AuthUser } from '../../../core/auth/auth.types';
import {
  CurrentUser,
  Meta,
  RequirePermissions,
  type RequestMeta,
} from '../../../core/auth/decorators';
import { sendList } from '../../../core/http/list';
import { UuidPipe } from '../../../core/http/uuid.pipe';
import { CancelPurchaseOrderCommand } from '../commands/cancel-purchase-order/cancel-purchase-order.command';
import { ClosePurchaseOrderCommand } from '../commands/close-purchase-order/close-purchase-order.command';
import { CreatePurchaseOrderCommand } from '../commands/create-purchase-order/create-purchase-order.command';
import { CreateReorderPurchaseOrdersCommand } from '../commands/create-reorder-purchase-orders/create-reorder-purchase-orders.command';
import { ReceivePurchaseOrderCommand } from '../commands/receive-purchase-order/receive-purchase-order.command';
import { UpdatePurchaseOrderCommand } from '../commands/update-purchase-order/update-purchase-order.command';
import { PurchaseOrdersQueries } from '../queries/purchase-orders.queries';

/**
 * Purchase orders and the reorder suggestion: every read and step needs can_buy_products (the
 * /buy route's key); branch rules and cost privacy live in the handlers and the queries.
 */
@ApiTags('purchasing')
@Controller('PurchaseOrders')
export class PurchaseOrdersController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: PurchaseOrdersQueries,
  ) {}

  @RequirePermissions(['can_buy_products'])
  @Get()
  async list(
    @Query() query: PurchaseOrderListQueryDto,
    @CurrentUser() user: AuthUser,
    @Res({ passthrough: true }) res: Response,
  ) {
    const { rows, total } = await this.queries.list(query, user);
    return sendList(res, rows, total);
  }

  /** The low-stock variants of one inventory with what to order and from whom. */
  @RequirePermissions(['can_buy_products'])
  @Get('reorder-suggestion')
  suggestion(@Query() query: ReorderSuggestionQueryDto, @CurrentUser() user: AuthUser) {
    return this.queries.reorderSuggestion(query.inventoryId, user);
  }

  /** Active vendors for the order form (ordering needs the buy key, not can_see_vendors). */
  @RequirePermissions(['can_buy_products'])
  @Get('vendor-options')
  vendorOptions(@Query() query: VendorOptionsQueryDto) {
    return this.queries.vendorOptions(query.q);
  }

  @RequirePermissions(['can_buy_products'])
  @Get(':id')
  get(@Param('id', UuidPipe) id: string, @CurrentUser() user: AuthUser) {
    return this.queries.get(id, user);
  }

  @RequirePermissions(['can_buy_products'])
  @Post()
  async create(
    @Body() dto: PurchaseOrderCreateDto,
    @CurrentUser() user: AuthUser,
    @Meta() meta: RequestMeta,
  ) {
    const { id } = await this.commands.execute<CreatePurchaseOrderCommand, { id: string }>(
      new CreatePurchaseOrderCommand(dto, user, meta),
    );
    return this.queries.get(id, user);
  }

  /** One order per vendor from the chosen suggestion lines; answers the orders created. */
  @RequirePermissions(['can_buy_products'])
  @Post('reorder')
  async reorder(
    @Body() dto: ReorderCreateDto,
    @CurrentUser() user: AuthUser,
    @Meta() meta: RequestMeta,
  ) {
    const created = await this.commands.execute<
      CreateReorderPurchaseOrdersCommand,
      { id: string }[]
    >(new CreateReorderPurchaseOrdersCommand(dto, user, meta));
    return Promise.all(created.map(({ id }) => this.queries.get(id, user)));
  }

  @RequirePermissions(['can_buy_products'])
  @Patch(':id')
  async update(
    @Param('id', UuidPipe) id: string,
    @Body() dto: PurchaseOrderUpdateDto,
    @CurrentUser() user: AuthUser,
    @Meta() meta: RequestMeta,
  ) {
    await this.commands.execute(new UpdatePurchaseOrderCommand(id, dto, user, meta));
    return this.queries.get(id, user);
  }

  @RequirePermissions(['can_buy_products'])
  @Idempotent()
  @Post(':id/receive')
  @HttpCode(HttpStatus.OK)
  async receive(
    @Param('id', UuidPipe) id: string,
    @Body() dto: PurchaseOrderReceiveDto,
    @CurrentUser() user: AuthUser,
    @Meta() meta: RequestMeta,
  ) {
    await this.commands.execute(new ReceivePurchaseOrderCommand(id, dto, user, meta));
    return this.queries.get(id, user);
  }

  @RequirePermissions(['can_buy_products'])
  @Post(':id/close')
  @HttpCode(HttpStatus.OK)
  async close(
    @Param('id', UuidPipe) id: string,
    @Body() dto: PurchaseOrderActionDto,
    @CurrentUser() user: AuthUser,
    @Meta() meta: RequestMeta,
  ) {
    await this.commands.execute(new ClosePurchaseOrderCommand(id, dto, user, meta));
    return this.queries.get(id, user);
  }

  @RequirePermissions(['can_buy_products'])
  @Post(':id/cancel')
  @HttpCode(HttpStatus.OK)
  async cancel(
    @Param('id', UuidPipe) id: string,
    @Body() dto: PurchaseOrderActionDto,
    @CurrentUser() user: AuthUser,
    @Meta() meta: RequestMeta,
  ) {
    await this.commands.execute(new CancelPurchaseOrderCommand(id, dto, user, meta));
    return this.queries.get(id, user);
  }
}
