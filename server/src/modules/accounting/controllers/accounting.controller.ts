import { Controller, Delete, Get, HttpStatus, Patch, Post, Query, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Request } from 'express';
import { DataSource } from 'typeorm';
import {
  CloseBooksDto,
  CreateLedgerAccountDto,
  UpdateLedgerAccountDto,
  JournalListQueryDto,
  PostJournalEntryDto,
  ReverseJournalEntryDto,
  TrialBalanceExportQueryDto,
} from '@pos/contracts';
import type { AuthUser } from '../../../core/auth/auth.types';
import { AdminOnly, CurrentUser, RequirePermissions } from '../../../core/auth/decorators';
import { branchReadScope } from '../../../core/auth/branch-scope';
import { createdOrSeen, DocumentRoutes } from '../../../core/http/document-routes';
import { CloseBooksCommand } from '../commands/close-books/close-books.command';
import { CreateAccountCommand } from '../commands/create-account/create-account.command';
import { DeleteAccountCommand } from '../commands/delete-account/delete-account.command';
import { UpdateAccountCommand } from '../commands/update-account/update-account.command';
import { PostJournalEntryCommand } from '../commands/post-journal-entry/post-journal-entry.command';
import type { PostJournalEntryResult } from '../commands/post-journal-entry/post-journal-entry.handler';
import { ReverseJournalEntryCommand } from '../commands/reverse-journal-entry/reverse-journal-entry.command';
import { AccountingQueries } from '../queries/accounting.queries';
import { BooksReport, reportOrWorkbook } from './reports.controller';
import { trialBalanceWorkbook } from '../services/report-workbook';

const Manage = () => RequirePermissions(['can_manage_accounting']);

/**
 * The books. The spec lists no permission for its accounting routes: reads need can_see_totals
 * (the store's figures), manual entries can_manage_accounting, closing a period an administrator
 * (docs/decisions/).
 */
@ApiTags('accounting')
@Controller()
@DocumentRoutes({
  prefix: 'JournalEntries',
  access: RequirePermissions(['can_see_totals']),
  list: JournalListQueryDto,
  get: true,
  reads: { list: 'journal', get: 'entry' },
  steps: {
    reverse: {
      command: ReverseJournalEntryCommand,
      body: ReverseJournalEntryDto,
      access: Manage(),
      idempotent: true,
      created: true,
      answer: 'result',
    },
  },
  commands: {
    post: {
      route: Post('JournalEntries'),
      command: PostJournalEntryCommand,
      body: PostJournalEntryDto,
      access: Manage(),
      idempotent: true,
      status: createdOrSeen,
      answer: (q: AccountingQueries, r: PostJournalEntryResult, user: AuthUser) =>
        q.entry(r.id, user),
    },
    createAccount: {
      route: Post('Accounts'),
      command: CreateAccountCommand,
      body: CreateLedgerAccountDto,
      access: Manage(),
      answer: (queries: AccountingQueries, { id }: { id: string }) => queries.account(id),
    },
    updateAccount: {
      route: Patch('Accounts/:id'),
      command: UpdateAccountCommand,
      id: true,
      body: UpdateLedgerAccountDto,
      access: Manage(),
      answer: (queries: AccountingQueries, _: unknown, __: AuthUser, id: string) =>
        queries.account(id),
    },
    deleteAccount: {
      route: Delete('Accounts/:id'),
      command: DeleteAccountCommand,
      id: true,
      access: Manage(),
      status: HttpStatus.NO_CONTENT,
    },
    close: {
      route: Post('Accounting/close'),
      command: CloseBooksCommand,
      body: CloseBooksDto,
      access: AdminOnly(),
    },
  },
})
export class AccountingController {
  constructor(
    readonly queries: AccountingQueries,
    readonly commands: CommandBus,
    @InjectDataSource() private readonly ds: DataSource,
  ) {}

  @RequirePermissions(['can_see_totals'])
  @Get('Accounts')
  accounts() {
    return this.queries.accounts();
  }

  @BooksReport('reports/TrialBalance')
  async trialBalance(
    @Query() query: TrialBalanceExportQueryDto,
    @CurrentUser() user: AuthUser,
    @Req() req: Request,
  ) {
    const { format, ...filters } = query;
    const report = await this.queries.trialBalance(filters, user);
    const branchId = branchReadScope(user) ?? filters.branchId ?? null;
    return reportOrWorkbook(
      this.ds,
      req,
      format,
      report,
      branchId,
      trialBalanceWorkbook,
      'trial-balance',
    );
  }
}
