import { Module } from '@nestjs/common';
import { SetLoyaltyProgramHandler } from './commands/set-loyalty-program/set-loyalty-program.handler';
import { LoyaltyController } from './controllers/loyalty.controller';
import { LoyaltyPostJournalHandler } from './events/on-loyalty-events.post-journal.handler';
import { LoyaltyQueries } from './queries/loyalty.queries';

/** Loyalty points (issue 33 item 4): its tables are in tables.ts (no entities). */
@Module({
  controllers: [LoyaltyController],
  providers: [LoyaltyPostJournalHandler, SetLoyaltyProgramHandler, LoyaltyQueries],
})
export class LoyaltyModule {}
