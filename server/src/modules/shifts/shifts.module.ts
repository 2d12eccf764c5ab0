import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CloseShiftHandler } from './commands/close-shift/close-shift.handler';
import { OpenShiftHandler } from './commands/open-shift/open-shift.handler';
import { TallyShiftSalesHandler } from './events/on-sale-events.tally-shift.handler';
import { ShiftPostJournalHandler } from './events/on-shift-events.post-journal.handler';
import { ShiftsController } from './controllers/shifts.controller';
import { ShiftsService } from './queries/shifts.queries';
import { ShiftEntity } from './entities/shift.entity';

@Module({
  imports: [TypeOrmModule.forFeature([ShiftEntity])],
  controllers: [ShiftsController],
  providers: [
    ShiftsService,
    OpenShiftHandler,
    CloseShiftHandler,
    TallyShiftSalesHandler,
    ShiftPostJournalHandler,
  ],
  exports: [ShiftsService],
})
export class ShiftsModule {}
