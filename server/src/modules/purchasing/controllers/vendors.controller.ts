import { Controller, Get, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { VendorPaymentDto, VendorStatementQueryDto } from '@pos/contracts';
import type { AuthUser } from '../../../core/auth/auth.types';
import { CurrentUser, RequirePermissions } from '../../../core/auth/decorators';
import { DocumentController, DocumentRoutes, IdParam } from '../../../core/http/document-routes';
import { PayVendorCommand } from '../commands/pay-vendor/pay-vendor.command';
import type { PayVendorResult } from '../commands/pay-vendor/pay-vendor.handler';
import { VendorQueries } from '../queries/vendor.queries';

const Access = () => RequirePermissions(['can_see_vendors', 'can_see_totals']);

/**
 * A vendor's account beyond the resource kit's list and form (issue 14): the statement, open
 * invoices with aging, payments and their receipts. Every figure here is an amount owed, so each
 * route needs can_see_vendors and can_see_totals. Listed before the kit's controller so its
 * literal segments are not read as the kit's `:id`.
 */
@ApiTags('vendors')
@Controller('Vendors')
@DocumentRoutes({
  commands: {
    pay: {
      route: Post(':id/payments'),
      command: PayVendorCommand,
      id: true,
      body: VendorPaymentDto,
      access: Access(),
      idempotent: true,
      answer: (queries: VendorQueries, result: PayVendorResult) => queries.receipt(result.id),
    },
  },
})
export class VendorsController extends DocumentController(VendorQueries) {
  /** The vaults the user may pay from (no balances: those are the vault screen's). */
  @Access()
  @Get('payment-vaults')
  paymentVaults(@CurrentUser() user: AuthUser) {
    return this.queries.paymentVaults(user);
  }

  @Access()
  @Get('payments/:paymentId')
  receipt(@IdParam('paymentId') paymentId: string) {
    return this.queries.receipt(paymentId);
  }

  @Access()
  @Get(':id/statement')
  statement(
    @IdParam() id: string,
    @Query() query: VendorStatementQueryDto,
    @CurrentUser() user: AuthUser,
  ) {
    return this.queries.statement(id, query, user);
  }

  @Access()
  @Get(':id/open-invoices')
  openInvoices(@IdParam() id: string) {
    return this.queries.openInvoices(id);
  }
}
