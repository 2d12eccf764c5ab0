import { Module } from '@nestjs/common';
import { CloseShiftHandler } from './commands/close-shift/close-shift.handler';
import { OpenShiftHandler } from './commands/open-shift/open-shift.handler';
import { TallyShiftSalesHandler } from './events/on-sale-events.tally-shift.handler';
import { ShiftsController } from './shifts.controller';
import { ShiftsService } from './shifts.service';

@Module({
  controllers: [ShiftsController],
  providers: [ShiftsService, OpenShiftHandler, CloseShiftHandler, TallyShiftSalesHandler],
  exports: [ShiftsService],
})
export class ShiftsModule {}
