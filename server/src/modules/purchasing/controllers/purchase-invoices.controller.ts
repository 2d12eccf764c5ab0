import { Body, Controller, Get, Patch, Post, Query } from '@nestjs/common';
import { Idempotent } from '../../../core/http/idempotency';
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
import {
  CurrentUser,
  Meta,
  RequirePermissions,
  type RequestMeta,
} from '../../../core/auth/decorators';
import { DocumentController, DocumentRoutes, IdParam } from '../../../core/http/document-routes';
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

  @Write()
  @Idempotent()
  @Patch(':id')
  async update(
    @IdParam() id: string,
    @Body() dto: PurchaseInvoiceInputDto,
    @CurrentUser() user: AuthUser,
    @Meta() meta: RequestMeta,
  ) {
    await this.commands.execute(new SavePurchaseInvoiceCommand(dto, user, meta, id));
    return this.queries.get(id, user);
  }

  @Write()
  @Idempotent()
  @Post(':id/returns')
  async createReturn(
    @IdParam() id: string,
    @Body() dto: PurchaseReturnCreateDto,
    @CurrentUser() user: AuthUser,
    @Meta() meta: RequestMeta,
  ) {
    return this.commands.execute(new ReturnPurchaseCommand(id, dto, user, meta));
  }
}
