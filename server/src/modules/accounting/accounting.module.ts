import { Module } from '@nestjs/common';
import { AccountingController } from './controllers/accounting.controller';
import { CloseBooksHandler } from './commands/close-books/close-books.handler';
import { CreateAccountHandler } from './commands/create-account/create-account.handler';
import { DeleteAccountHandler } from './commands/delete-account/delete-account.handler';
import { UpdateAccountHandler } from './commands/update-account/update-account.handler';
import { PostJournalEntryHandler } from './commands/post-journal-entry/post-journal-entry.handler';
import { ReverseJournalEntryHandler } from './commands/reverse-journal-entry/reverse-journal-entry.handler';
import { AccountingQueries } from './queries/accounting.queries';
import { AccountingReportQueries } from './queries/reports.queries';
import { AccountingReportsController } from './controllers/reports.controller';

@Module({
  controllers: [AccountingController, AccountingReportsController],
  providers: [
    AccountingQueries,
    AccountingReportQueries,
    PostJournalEntryHandler,
    ReverseJournalEntryHandler,
    CloseBooksHandler,
    CreateAccountHandler,
    UpdateAccountHandler,
    DeleteAccountHandler,
  ],
})
export class AccountingModule {}
