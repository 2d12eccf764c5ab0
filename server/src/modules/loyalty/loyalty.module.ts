import { Module } from '@nestjs/common';
import { SetLoyaltyProgramHandler } from './commands/set-loyalty-program';
import { LoyaltyController } from './controllers/loyalty.controller';
import { LoyaltyPostJournalHandler } from './events/on-loyalty-events.post-journal.handler';

/** Loyalty points (issue 33 item 4): its tables are in tables.ts (no entities). */
@Module({
  controllers: [LoyaltyController],
  providers: [LoyaltyPostJournalHandler, SetLoyaltyProgramHandler],
})
export class LoyaltyModule {}
