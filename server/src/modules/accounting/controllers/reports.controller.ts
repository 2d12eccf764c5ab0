import { Controller, Get, Query, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Request } from 'express';
import { DataSource } from 'typeorm';
import {
  AccountStatementQueryDto,
  BalanceSheetQueryDto,
  PeriodReportQueryDto,
} from '@pos/contracts';
import type { AuthUser } from '../../../core/auth/auth.types';
import { CurrentUser, RequirePermissions } from '../../../core/auth/decorators';
import { requestLocale } from '../../../core/i18n/locale';
import { AccountingReportQueries } from '../queries/reports.queries';
import { workbookFile } from '../../../core/excel/workbook';
import {
  balanceSheetWorkbook,
  incomeStatementWorkbook,
  statementWorkbook,
} from '../services/report-workbook';

/** The branch's name for a report's heading (null: every branch). */
export async function branchName(ds: DataSource, id: string | null): Promise<string | null> {
  if (!id) return null;
  const [row] = await ds.query(`SELECT name FROM branches WHERE id = $1`, [id]);
  return row?.name ?? null;
}

/**
 * The books' reports (issue 13 item 6; docs/decisions/): every figure needs can_see_totals; the
 * income statement and the balance sheet (which carries the period's profit) also can_see_profit.
 * `?format=xlsx` answers an Excel workbook in the request's language.
 */
@ApiTags('accounting')
@Controller('reports')
export class AccountingReportsController {
  constructor(
    private readonly queries: AccountingReportQueries,
    @InjectDataSource() private readonly ds: DataSource,
  ) {}

  @RequirePermissions(['can_see_totals'])
  @Get('AccountStatement')
  async statement(
    @Query() query: AccountStatementQueryDto,
    @CurrentUser() user: AuthUser,
    @Req() req: Request,
  ) {
    const report = await this.queries.statement(query, user);
    if (query.format !== 'xlsx') return report;
    const file = await statementWorkbook(
      report,
      requestLocale(req),
      await branchName(this.ds, report.branchId),
    );
    return workbookFile(file, `account-statement-${report.account.code}`);
  }

  @RequirePermissions(['can_see_totals', 'can_see_profit'])
  @Get('IncomeStatement')
  async incomeStatement(
    @Query() query: PeriodReportQueryDto,
    @CurrentUser() user: AuthUser,
    @Req() req: Request,
  ) {
    const report = await this.queries.incomeStatement(query, user);
    if (query.format !== 'xlsx') return report;
    const file = await incomeStatementWorkbook(
      report,
      requestLocale(req),
      await branchName(this.ds, report.branchId),
    );
    return workbookFile(file, 'income-statement');
  }

  @RequirePermissions(['can_see_totals', 'can_see_profit'])
  @Get('BalanceSheet')
  async balanceSheet(
    @Query() query: BalanceSheetQueryDto,
    @CurrentUser() user: AuthUser,
    @Req() req: Request,
  ) {
    const report = await this.queries.balanceSheet(query, user);
    if (query.format !== 'xlsx') return report;
    const file = await balanceSheetWorkbook(
      report,
      requestLocale(req),
      await branchName(this.ds, report.branchId),
    );
    return workbookFile(file, `balance-sheet-${report.at}`);
  }
}
