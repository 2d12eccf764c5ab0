import { Module } from '@nestjs/common';
import { AccountingController } from './accounting.controller';
import { PostJournalHandler } from './events/on-money-events.post-journal.handler';
import { AccountingQueries } from './queries/accounting.queries';

@Module({
  controllers: [AccountingController],
  providers: [AccountingQueries, PostJournalHandler],
})
export class AccountingModule {}
