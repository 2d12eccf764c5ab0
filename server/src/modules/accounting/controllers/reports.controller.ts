import { applyDecorators, Controller, Get, Query, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Request } from 'express';
import { DataSource } from 'typeorm';
import {
  type Locale,
  type PermissionKey,
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

/** A report's workbook (services/report-workbook.ts): the report, the language, the branch's name. */
type ReportWorkbook<R> = (report: R, locale: Locale, branchName: string | null) => Promise<Buffer>;

/**
 * A report as asked: itself, or with `?format=xlsx` its workbook named `name`, in the request's
 * language and headed by the name of the branch `branchId` (null: every branch).
 */
export async function reportOrWorkbook<R>(
  ds: DataSource,
  req: Request,
  format: string | undefined,
  report: R,
  branchId: string | null,
  workbook: ReportWorkbook<R>,
  name: string,
) {
  if (format !== 'xlsx') return report;
  const branch = await branchName(ds, branchId);
  return workbookFile(await workbook(report, requestLocale(req), branch), name);
}

/** GET `path`: a report of the books, for those who see totals (and the `more` permissions). */
export const BooksReport = (path: string, ...more: PermissionKey[]) =>
  applyDecorators(RequirePermissions(['can_see_totals', ...more]), Get(path));

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

  /** The report, or with `?format=xlsx` its workbook named `name`, headed by the report's branch. */
  private answer<R extends { branchId: string | null }>(
    req: Request,
    query: { format?: string },
    report: R,
    workbook: ReportWorkbook<R>,
    name: string,
  ) {
    return reportOrWorkbook(this.ds, req, query.format, report, report.branchId, workbook, name);
  }

  @BooksReport('AccountStatement')
  async statement(
    @Query() query: AccountStatementQueryDto,
    @CurrentUser() user: AuthUser,
    @Req() req: Request,
  ) {
    const report = await this.queries.statement(query, user);
    const name = `account-statement-${report.account.code}`;
    return this.answer(req, query, report, statementWorkbook, name);
  }

  @BooksReport('IncomeStatement', 'can_see_profit')
  async incomeStatement(
    @Query() query: PeriodReportQueryDto,
    @CurrentUser() user: AuthUser,
    @Req() req: Request,
  ) {
    const report = await this.queries.incomeStatement(query, user);
    return this.answer(req, query, report, incomeStatementWorkbook, 'income-statement');
  }

  @BooksReport('BalanceSheet', 'can_see_profit')
  async balanceSheet(
    @Query() query: BalanceSheetQueryDto,
    @CurrentUser() user: AuthUser,
    @Req() req: Request,
  ) {
    const report = await this.queries.balanceSheet(query, user);
    const name = `balance-sheet-${report.at}`;
    return this.answer(req, query, report, balanceSheetWorkbook, name);
  }
}
