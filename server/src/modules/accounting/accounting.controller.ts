import { Controller, Get, Query, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { JournalListQueryDto, TrialBalanceQueryDto } from '@pos/contracts';
import type { AuthUser } from '../../core/auth/auth.types';
import { CurrentUser, RequirePermissions } from '../../core/auth/decorators';
import { sendList } from '../../core/http/list';
import { AccountingQueries } from './queries/accounting.queries';

/**
 * The books' reads. The spec lists no permission for its accounting routes; the figures are the
 * store's totals, so every read needs can_see_totals (docs/decisions.md).
 */
@ApiTags('accounting')
@Controller()
export class AccountingController {
  constructor(private readonly queries: AccountingQueries) {}

  @RequirePermissions(['can_see_totals'])
  @Get('Accounts')
  accounts() {
    return this.queries.accounts();
  }

  @RequirePermissions(['can_see_totals'])
  @Get('JournalEntries')
  async journal(@Query() query: JournalListQueryDto, @CurrentUser() user: AuthUser, @Res({ passthrough: true }) res: Response) {
    const { rows, total } = await this.queries.journal(query, user);
    return sendList(res, rows, total);
  }

  @RequirePermissions(['can_see_totals'])
  @Get('reports/TrialBalance')
  trialBalance(@Query() query: TrialBalanceQueryDto, @CurrentUser() user: AuthUser) {
    return this.queries.trialBalance(query, user);
  }
}
