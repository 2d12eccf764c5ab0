// Shifts: a cashier's opening cash, X report while open, counted cash and Z report at close.
// Other contexts import only from here.
export { ShiftsModule } from './shifts.module';
export { ShiftsService } from './queries/shifts.queries';
export { methodFigures, salesFigures } from './queries/sales-figures';
export { ShiftEntity } from './entities/shift.entity';
export { recomputeShiftTalliesSql } from './events/tally-sql';
export { CloseShiftCommand } from './commands/close-shift/close-shift.command';
export { CloseShiftHandler } from './commands/close-shift/close-shift.handler';
export { OpenShiftCommand } from './commands/open-shift/open-shift.command';
export { OpenShiftHandler } from './commands/open-shift/open-shift.handler';
export { TallyShiftSalesHandler } from './events/on-sale-events.tally-shift.handler';
export { ShiftPostJournalHandler } from './events/on-shift-events.post-journal.handler';
