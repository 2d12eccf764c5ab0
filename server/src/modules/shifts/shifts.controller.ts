import { Body, Controller, Get, Param, Post, Query, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { CloseShiftDto, OpenShiftDto, ShiftListQueryDto } from '@pos/contracts';
import type { AuthUser } from '../../core/auth/auth.types';
import { Authenticated, CurrentUser, Meta, type RequestMeta } from '../../core/auth/decorators';
import { Errors } from '../../core/errors/app.exception';
import { sendList } from '../../core/http/list';
import { UuidPipe } from '../../core/http/uuid.pipe';
import { ShiftsService } from './shifts.service';

@ApiTags('shifts')
@Controller('Shift')
export class ShiftsController {
  constructor(private readonly shifts: ShiftsService) {}

  @Authenticated()
  @Get()
  async list(@Query() query: ShiftListQueryDto, @CurrentUser() user: AuthUser, @Res({ passthrough: true }) res: Response) {
    const { rows, total } = await this.shifts.list(query, user);
    return sendList(res, rows, total);
  }

  @Authenticated()
  @Get('current')
  current(@CurrentUser() user: AuthUser) {
    return this.shifts.current(user);
  }

  @Authenticated()
  @Post('open')
  open(@Body() dto: OpenShiftDto, @CurrentUser() user: AuthUser, @Meta() meta: RequestMeta) {
    return this.shifts.open(dto, user, meta);
  }

  /** Spec: /Shift/{id} needs can_see_shift_totals; a cashier still reads their own shift (X report). */
  @Authenticated()
  @Get(':id')
  async get(@Param('id', UuidPipe) id: string, @CurrentUser() user: AuthUser) {
    const shift = await this.shifts.get(id, user);
    if (shift.cashierId !== user.id && !user.permissions.includes('can_see_shift_totals')) throw Errors.forbidden();
    return shift;
  }

  @Authenticated()
  @Post(':id/close')
  close(@Param('id', UuidPipe) id: string, @Body() dto: CloseShiftDto, @CurrentUser() user: AuthUser, @Meta() meta: RequestMeta) {
    return this.shifts.close(id, dto, user, meta);
  }
}
