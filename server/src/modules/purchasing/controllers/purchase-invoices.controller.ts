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
import { sendList } from '../../../core/http/list';
import { UuidPipe } from '../../../core/http/uuid.pipe';
import { PostPurchaseInvoiceCommand } from '../commands/post-purchase-invoice/post-purchase-invoice.command';
import { ReturnPurchaseCommand } from '../commands/return-purchase/return-purchase.command';
import { SavePurchaseInvoiceCommand } from '../commands/save-purchase-invoice/save-purchase-invoice.command';
import { PurchaseInvoicesQueries } from '../queries/purchase-invoices.queries';

/**
 * Purchase invoices and returns (issue 14, the /buy screen): reads need can_buy_products (money
 * only with can_see_buy_price); writing one needs can_see_buy_price too, since the clerk types the costs.
 */
@ApiTags('purchasing')
@Controller('PurchaseInvoices')
export class PurchaseInvoicesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: PurchaseInvoicesQueries,
  ) {}

  @RequirePermissions(['can_buy_products'])
  @Get()
  async list(
    @Query() query: PurchaseInvoiceListQueryDto,
    @CurrentUser() user: AuthUser,
    @Res({ passthrough: true }) res: Response,
  ) {
    const { rows, total } = await this.queries.list(query, user);
    return sendList(res, rows, total);
  }

  @RequirePermissions(['can_buy_products'])
  @Get('options')
  options(@CurrentUser() user: AuthUser) {
    return this.queries.options(user);
  }

  @RequirePermissions(['can_buy_products'])
  @Get('vendors')
  vendors(@Query() query: VendorLookupQueryDto) {
    return this.queries.vendors(query.q);
  }

  @RequirePermissions(['can_buy_products'])
  @Get(':id')
  get(@Param('id', UuidPipe) id: string, @CurrentUser() user: AuthUser) {
    return this.queries.get(id, user);
  }

  @RequirePermissions(['can_buy_products', 'can_see_buy_price'])
  @Idempotent()
  @Post()
  async create(
    @Body() dto: PurchaseInvoiceCreateDto,
    @CurrentUser() user: AuthUser,
    @Meta() meta: RequestMeta,
  ) {
    const { id } = await this.commands.execute<SavePurchaseInvoiceCommand, { id: string }>(
      new SavePurchaseInvoiceCommand(dto, user, meta),
    );
    return this.queries.get(id, user);
  }

  @RequirePermissions(['can_buy_products', 'can_see_buy_price'])
  @Idempotent()
  @Patch(':id')
  async update(
    @Param('id', UuidPipe) id: string,
    @Body() dto: PurchaseInvoiceInputDto,
    @CurrentUser() user: AuthUser,
    @Meta() meta: RequestMeta,
  ) {
    await this.commands.execute(new SavePurchaseInvoiceCommand(dto, user, meta, id));
    return this.queries.get(id, user);
  }

  @RequirePermissions(['can_buy_products', 'can_see_buy_price'])
  @Idempotent()
  @Post(':id/post')
  @HttpCode(HttpStatus.OK)
  async post(
    @Param('id', UuidPipe) id: string,
    @Body() dto: PurchaseInvoicePostDto,
    @CurrentUser() user: AuthUser,
    @Meta() meta: RequestMeta,
  ) {
    await this.commands.execute(new PostPurchaseInvoiceCommand(id, dto, user, meta));
    return this.queries.get(id, user);
  }

  @RequirePermissions(['can_buy_products', 'can_see_buy_price'])
  @Idempotent()
  @Post(':id/returns')
  async createReturn(
    @Param('id', UuidPipe) id: string,
    @Body() dto: PurchaseReturnCreateDto,
    @CurrentUser() user: AuthUser,
    @Meta() meta: RequestMeta,
  ) {
    return this.commands.execute(new ReturnPurchaseCommand(id, dto, user, meta));
  }
}
