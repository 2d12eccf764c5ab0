// Shifts: a cashier's opening cash, X report while open, counted cash and Z report at close.
// Other contexts import only from here.
export { ShiftsModule } from './shifts.module';
export { ShiftsService } from './shifts.service';
export { ShiftEntity } from './entities/shift.entity';
export { recomputeShiftTalliesSql } from './events/tally-sql';
