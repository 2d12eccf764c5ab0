import { Controller, Get, Patch, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  PurchaseInvoiceCreateDto,
  PurchaseInvoiceInputDto,
  PurchaseInvoiceListQueryDto,
  PurchaseInvoicePostDto,
  PurchaseReturnCreateDto,
  VendorLookupQueryDto,
} from '@pos/contracts';
import type { AuthUser } from '../../../core/auth/auth.types';
import { CurrentUser, RequirePermissions } from '../../../core/auth/decorators';
import { DocumentController, DocumentRoutes } from '../../../core/http/document-routes';
import { PostPurchaseInvoiceCommand } from '../commands/post-purchase-invoice/post-purchase-invoice.command';
import { ReturnPurchaseCommand } from '../commands/return-purchase/return-purchase.command';
import { SavePurchaseInvoiceCommand } from '../commands/save-purchase-invoice/save-purchase-invoice.command';
import { PurchaseInvoicesQueries } from '../queries/purchase-invoices.queries';

const Access = () => RequirePermissions(['can_buy_products']);
const Write = () => RequirePermissions(['can_buy_products', 'can_see_buy_price']);

/**
 * Purchase invoices and returns (issue 14, the /buy screen): reads need can_buy_products (money
 * only with can_see_buy_price); writing one needs can_see_buy_price too, since the clerk types the costs.
 */
@ApiTags('purchasing')
@Controller('PurchaseInvoices')
@DocumentRoutes({
  access: Access(),
  list: PurchaseInvoiceListQueryDto,
  get: true,
  create: {
    command: SavePurchaseInvoiceCommand,
    body: PurchaseInvoiceCreateDto,
    access: Write(),
    idempotent: true,
    id: 'result',
  },
  steps: {
    post: {
      command: PostPurchaseInvoiceCommand,
      body: PurchaseInvoicePostDto,
      access: Write(),
      idempotent: true,
    },
  },
  commands: {
    update: {
      route: Patch(':id'),
      command: SavePurchaseInvoiceCommand,
      id: true,
      body: PurchaseInvoiceInputDto,
      order: ([id, dto, user, meta]) => [dto, user, meta, id],
      access: Write(),
      idempotent: true,
      answer: (q: PurchaseInvoicesQueries, _: unknown, user: AuthUser, id: string) =>
        q.get(id, user),
    },
    createReturn: {
      route: Post(':id/returns'),
      command: ReturnPurchaseCommand,
      id: true,
      body: PurchaseReturnCreateDto,
      access: Write(),
      idempotent: true,
    },
  },
})
export class PurchaseInvoicesController extends DocumentController(PurchaseInvoicesQueries) {
  @Access()
  @Get('options')
  options(@CurrentUser() user: AuthUser) {
    return this.queries.options(user);
  }

  @Access()
  @Get('vendors')
  vendors(@Query() query: VendorLookupQueryDto) {
    return this.queries.vendors(query.q);
  }
}
