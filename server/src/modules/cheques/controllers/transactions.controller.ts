import { Controller, Get, Query, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Request, Response } from 'express';
import { DataSource } from 'typeorm';
import { TransactionListQueryDto } from '@pos/contracts';
import type { AuthUser } from '../../../core/auth/auth.types';
import { CurrentUser, RequirePermissions } from '../../../core/auth/decorators';
import { sendList } from '../../../core/http/list';
import { workbookFile } from '../../../core/excel/workbook';
import { requestLocale } from '../../../core/i18n/locale';
import { readStoreTimeZone } from '../../settings';
import { transactionsWorkbook } from '../queries/transactions-workbook';
import { EXPORT_LIMIT, TransactionsQueries } from '../queries/transactions.queries';

/**
 * /Transactions: every money movement, read-only. Amounts of every vault and drawer: needs
 * can_see_vault_totals (docs/decisions/). `?format=xlsx` answers the filtered list (up to
 * EXPORT_LIMIT rows, newest first) as a workbook in the request's language.
 */
@ApiTags('transactions')
@Controller('Transactions')
export class TransactionsController {
  constructor(
    private readonly queries: TransactionsQueries,
    @InjectDataSource() private readonly ds: DataSource,
  ) {}

  @RequirePermissions(['can_see_vault_totals'])
  @Get('filters')
  filters(@CurrentUser() user: AuthUser) {
    return this.queries.filterOptions(user);
  }

  @RequirePermissions(['can_see_vault_totals'])
  @Get()
  async list(
    @Query() query: TransactionListQueryDto,
    @CurrentUser() user: AuthUser,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    if (query.format === 'xlsx') {
      const { rows } = await this.queries.list(query, user, EXPORT_LIMIT);
      const file = await transactionsWorkbook(
        rows,
        requestLocale(req),
        await readStoreTimeZone(this.ds),
      );
      return workbookFile(file, 'transactions');
    }
    const { rows, total } = await this.queries.list(query, user);
    return sendList(res, rows, total);
  }
}
