import { Body, Controller, Get, Param, Post, Query } from '@nestjs/common';
import { Idempotent } from '../../../core/http/idempotency';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { VendorPaymentDto, VendorStatementQueryDto } from '@pos/contracts';
import type { AuthUser } from '../../../core/auth/auth.types';
import {
  CurrentUser,
  Meta,
  RequirePermissions,
  type RequestMeta,
} from '../../../core/auth/decorators';
import { UuidPipe } from '../../../core/http/uuid.pipe';
import { PayVendorCommand } from '../commands/pay-vendor/pay-vendor.command';
import type { PayVendorResult } from '../commands/pay-vendor/pay-vendor.handler';
import { VendorQueries } from '../queries/vendor.queries';

/**
 * A vendor's account beyond the resource kit's list and form (issue 14): the statement, open
 * invoices with aging, payments and their receipts. Every figure here is an amount owed, so each
 * route needs can_see_vendors and can_see_totals. Listed before the kit's controller so its
 * literal segments are not read as the kit's `:id`.
 */
@ApiTags('vendors')
@Controller('Vendors')
export class VendorsController {
  constructor(
    private readonly queries: VendorQueries,
    private readonly commands: CommandBus,
  ) {}

  /** The vaults the user may pay from (no balances: those are the vault screen's). */
  @RequirePermissions(['can_see_vendors', 'can_see_totals'])
  @Get('payment-vaults')
  paymentVaults(@CurrentUser() user: AuthUser) {
    return this.queries.paymentVaults(user);
  }

  @RequirePermissions(['can_see_vendors', 'can_see_totals'])
  @Get('payments/:paymentId')
  receipt(@Param('paymentId', UuidPipe) paymentId: string) {
    return this.queries.receipt(paymentId);
  }

  @RequirePermissions(['can_see_vendors', 'can_see_totals'])
  @Get(':id/statement')
  statement(
    @Param('id', UuidPipe) id: string,
    @Query() query: VendorStatementQueryDto,
    @CurrentUser() user: AuthUser,
  ) {
    return this.queries.statement(id, query, user);
  }

  @RequirePermissions(['can_see_vendors', 'can_see_totals'])
  @Get(':id/open-invoices')
  openInvoices(@Param('id', UuidPipe) id: string) {
    return this.queries.openInvoices(id);
  }

  @RequirePermissions(['can_see_vendors', 'can_see_totals'])
  @Idempotent()
  @Post(':id/payments')
  async pay(
    @Param('id', UuidPipe) id: string,
    @Body() dto: VendorPaymentDto,
    @CurrentUser() user: AuthUser,
    @Meta() meta: RequestMeta,
  ) {
    const result: PayVendorResult = await this.commands.execute(
      new PayVendorCommand(id, dto, user, meta),
    );
    return this.queries.receipt(result.id);
  }
}
