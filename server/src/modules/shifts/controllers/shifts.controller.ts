import { Body, Controller, Get, Param, Post, Query, Res } from '@nestjs/common';
import { Idempotent } from '../../../core/http/idempotency';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { CloseShiftDto, OpenShiftDto, ShiftListQueryDto } from '@pos/contracts';
import type { AuthUser } from '../../../core/auth/auth.types';
import { Authenticated, CurrentUser, Meta, type RequestMeta } from '../../../core/auth/decorators';
import { Errors } from '../../../core/errors/app.exception';
import { sendList } from '../../../core/http/list';
import { UuidPipe } from '../../../core/http/uuid.pipe';
import { CloseShiftCommand } from '../commands/close-shift/close-shift.command';
import { OpenShiftCommand } from '../commands/open-shift/open-shift.command';
import type { OpenShiftResult } from '../commands/open-shift/open-shift.handler';
import { ShiftsService } from '../queries/shifts.queries';

@ApiTags('shifts')
@Controller('Shift')
export class ShiftsController {
  constructor(
    private readonly shifts: ShiftsService,
    private readonly commands: CommandBus,
  ) {}

  @Authenticated()
  @Get()
  async list(
    @Query() query: ShiftListQueryDto,
    @CurrentUser() user: AuthUser,
    @Res({ passthrough: true }) res: Response,
  ) {
    const { rows, total } = await this.shifts.list(query, user);
    return sendList(res, rows, total);
  }

  @Authenticated()
  @Get('current')
  current(@CurrentUser() user: AuthUser) {
    return this.shifts.current(user);
  }

  @Authenticated()
  @Idempotent()
  @Post('open')
  async open(@Body() dto: OpenShiftDto, @CurrentUser() user: AuthUser, @Meta() meta: RequestMeta) {
    const { shiftId } = await this.commands.execute<OpenShiftCommand, OpenShiftResult>(
      new OpenShiftCommand(dto, user, meta),
    );
    return this.shifts.get(shiftId, user);
  }

  /** Spec: /Shift/{id} needs can_see_shift_totals; a cashier still reads their own shift (X report). */
  @Authenticated()
  @Get(':id')
  async get(@Param('id', UuidPipe) id: string, @CurrentUser() user: AuthUser) {
    const shift = await this.shifts.get(id, user);
    if (shift.cashierId !== user.id && !user.permissions.includes('can_see_shift_totals'))
      throw Errors.forbidden();
    return shift;
  }

  @Authenticated()
  @Idempotent()
  @Post(':id/close')
  async close(
    @Param('id', UuidPipe) id: string,
    @Body() dto: CloseShiftDto,
    @CurrentUser() user: AuthUser,
    @Meta() meta: RequestMeta,
  ) {
    await this.commands.execute(new CloseShiftCommand(id, dto, user, meta));
    // The cashier who closes sees the Z report of that shift once; later reads follow the permission.
    return this.shifts.get(id, {
      ...user,
      permissions: [...user.permissions, 'can_see_shift_totals'],
    });
  }
}
