import { Controller, Get, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
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
import { CurrentUser, RequirePermissions } from '../../../core/auth/decorators';
import { DocumentController, DocumentRoutes } from '../../../core/http/document-routes';
import { CancelPurchaseOrderCommand } from '../commands/cancel-purchase-order/cancel-purchase-order.command';
import { ClosePurchaseOrderCommand } from '../commands/close-purchase-order/close-purchase-order.command';
import { CreatePurchaseOrderCommand } from '../commands/create-purchase-order/create-purchase-order.command';
import { CreateReorderPurchaseOrdersCommand } from '../commands/create-reorder-purchase-orders/create-reorder-purchase-orders.command';
import { ReceivePurchaseOrderCommand } from '../commands/receive-purchase-order/receive-purchase-order.command';
import { UpdatePurchaseOrderCommand } from '../commands/update-purchase-order/update-purchase-order.command';
import { PurchaseOrdersQueries } from '../queries/purchase-orders.queries';

const Access = () => RequirePermissions(['can_buy_products']);

/**
 * Purchase orders and the reorder suggestion: every read and step needs can_buy_products (the
 * /buy route's key); branch rules and cost privacy live in the handlers and the queries.
 */
@ApiTags('purchasing')
@Controller('PurchaseOrders')
@DocumentRoutes({
  access: Access(),
  list: PurchaseOrderListQueryDto,
  get: true,
  update: { command: UpdatePurchaseOrderCommand, body: PurchaseOrderUpdateDto },
  create: { command: CreatePurchaseOrderCommand, body: PurchaseOrderCreateDto, id: 'result' },
  steps: {
    receive: {
      command: ReceivePurchaseOrderCommand,
      body: PurchaseOrderReceiveDto,
      idempotent: true,
    },
    close: { command: ClosePurchaseOrderCommand, body: PurchaseOrderActionDto },
    cancel: { command: CancelPurchaseOrderCommand, body: PurchaseOrderActionDto },
  },
  commands: {
    /** One order per vendor from the chosen suggestion lines; answers the orders created. */
    reorder: {
      route: Post('reorder'),
      command: CreateReorderPurchaseOrdersCommand,
      body: ReorderCreateDto,
      answer: (queries: PurchaseOrdersQueries, created: { id: string }[], user: AuthUser) =>
        Promise.all(created.map(({ id }) => queries.get(id, user))),
    },
  },
})
export class PurchaseOrdersController extends DocumentController(PurchaseOrdersQueries) {
  /** The low-stock variants of one inventory with what to order and from whom. */
  @Access()
  @Get('reorder-suggestion')
  suggestion(@Query() query: ReorderSuggestionQueryDto, @CurrentUser() user: AuthUser) {
    return this.queries.reorderSuggestion(query.inventoryId, user);
  }

  /** Active vendors for the order form (ordering needs the buy key, not can_see_vendors). */
  @Access()
  @Get('vendor-options')
  vendorOptions(@Query() query: VendorOptionsQueryDto) {
    return this.queries.vendorOptions(query.q);
  }
}
