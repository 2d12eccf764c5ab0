import { Module } from '@nestjs/common';
import { ShiftsController } from './shifts.controller';
import { ShiftsService } from './shifts.service';

@Module({ controllers: [ShiftsController], providers: [ShiftsService], exports: [ShiftsService] })
export class ShiftsModule {}
