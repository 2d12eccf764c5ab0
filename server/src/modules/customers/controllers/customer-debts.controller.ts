import { Controller, Get, Query, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Request, Response } from 'express';
import { DataSource } from 'typeorm';
import { CustomerDebtsQueryDto } from '@pos/contracts';
import type { AuthUser } from '../../../core/auth/auth.types';
import { CurrentUser, RequirePermissions } from '../../../core/auth/decorators';
import { sendList } from '../../../core/http/list';
import { workbookFile } from '../../../core/excel/workbook';
import { requestLocale } from '../../../core/i18n/locale';
import { readStoreTimeZone } from '../../settings';
import { customerDebtsWorkbook } from '../queries/customer-debts-workbook';
import { CustomerDebtsQueries, DEBTS_EXPORT_LIMIT } from '../queries/customer-debts.queries';

const mayTotal = (user: AuthUser) => user.isAdmin || user.permissions.includes('can_see_totals');

/**
 * /Customers/Debts (issue 16 item 1): the owing customers with their debts aged. The route's own
 * key can_see_customer_depts is about debts, so it opens every customer's figures; the totals row
 * (the store's or a branch's whole receivables) also needs can_see_totals. Registered before the
 * customers' controller so its literal segments are not read as `:id`.
 */
@ApiTags('customers')
@Controller('Customers')
export class CustomerDebtsController {
  constructor(
    private readonly queries: CustomerDebtsQueries,
    @InjectDataSource() private readonly ds: DataSource,
  ) {}

  @RequirePermissions(['can_see_customer_depts'])
  @Get('Debts/filters')
  filters(@CurrentUser() user: AuthUser) {
    return this.queries.filters(user);
  }

  @RequirePermissions(['can_see_customer_depts', 'can_see_totals'])
  @Get('Debts/totals')
  totals(@Query() query: CustomerDebtsQueryDto, @CurrentUser() user: AuthUser) {
    return this.queries.totals(query, user);
  }

  /** `?format=xlsx`: the filtered list (up to DEBTS_EXPORT_LIMIT rows) as a workbook. */
  @RequirePermissions(['can_see_customer_depts'])
  @Get('Debts')
  async list(
    @Query() query: CustomerDebtsQueryDto,
    @CurrentUser() user: AuthUser,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    if (query.format === 'xlsx') {
      const { rows } = await this.queries.list(query, user, DEBTS_EXPORT_LIMIT);
      const totals = mayTotal(user) ? await this.queries.totals(query, user) : null;
      const file = await customerDebtsWorkbook(
        rows,
        totals,
        requestLocale(req),
        await readStoreTimeZone(this.ds),
      );
      return workbookFile(file, 'customer-debts');
    }
    const { rows, total } = await this.queries.list(query, user);
    return sendList(res, rows, total);
  }

  /**
   * The vaults a customer payment may go into (no balances). Collecting into a vault needs
   * can_see_totals besides can_see_customers, as paying a vendor from one does.
   */
  @RequirePermissions(['can_see_customers', 'can_see_totals'])
  @Get('payment-vaults')
  paymentVaults(@CurrentUser() user: AuthUser) {
    return this.queries.paymentVaults(user);
  }
}
