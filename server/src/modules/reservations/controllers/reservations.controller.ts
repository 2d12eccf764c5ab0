import {
  Body,
  Controller,
  Get,
  HttpCode,
  HttpStatus,
  Param,
  Post,
  Query,
  Res,
} from '@nestjs/common';
import { Idempotent } from '../../../core/http/idempotency';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import {
  ReservationCancelDto,
  ReservationConvertDto,
  ReservationCreateDto,
  ReservationListQueryDto,
  type ReservationDto,
} from '@pos/contracts';
import type { AuthUser } from '../../../core/auth/auth.types';
import { Authenticated, CurrentUser, Meta, type RequestMeta } from '../../../core/auth/decorators';
import { sendList } from '../../../core/http/list';
import { UuidPipe } from '../../../core/http/uuid.pipe';
import { CancelReservationCommand } from '../commands/cancel-reservation/cancel-reservation.command';
import { ConvertReservationCommand } from '../commands/convert-reservation/convert-reservation.command';
import { CreateReservationCommand } from '../commands/create-reservation/create-reservation.command';
import { ReservationsQueries } from '../queries/reservations.queries';

/**
 * /Reservations' API. A reservation is the POS's work (the route lists no permission): every
 * signed-in user of the branch may read, reserve, convert and cancel, like making a sale, within
 * the branch scope of core/auth/branch-scope.ts (docs/decisions/).
 */
@ApiTags('reservations')
@Controller('Reservations')
export class ReservationsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: ReservationsQueries,
  ) {}

  @Authenticated()
  @Get()
  async list(
    @Query() query: ReservationListQueryDto,
    @CurrentUser() user: AuthUser,
    @Res({ passthrough: true }) res: Response,
  ) {
    const { rows, total } = await this.queries.list(query, user);
    return sendList(res, rows, total);
  }

  @Authenticated()
  @Get(':id')
  get(@Param('id', UuidPipe) id: string, @CurrentUser() user: AuthUser): Promise<ReservationDto> {
    return this.queries.get(id, user);
  }

  @Authenticated()
  @Idempotent()
  @Post()
  async create(
    @Body() dto: ReservationCreateDto,
    @CurrentUser() user: AuthUser,
    @Meta() meta: RequestMeta,
  ): Promise<ReservationDto> {
    await this.commands.execute(new CreateReservationCommand(dto, user, meta));
    return this.queries.get(dto.id, user);
  }

  @Authenticated()
  @Idempotent()
  @Post(':id/convert')
  @HttpCode(HttpStatus.OK)
  async convert(
    @Param('id', UuidPipe) id: string,
    @Body() dto: ReservationConvertDto,
    @CurrentUser() user: AuthUser,
    @Meta() meta: RequestMeta,
  ): Promise<ReservationDto> {
    await this.commands.execute(new ConvertReservationCommand(id, dto, user, meta));
    return this.queries.get(id, user);
  }

  @Authenticated()
  @Idempotent()
  @Post(':id/cancel')
  @HttpCode(HttpStatus.OK)
  async cancel(
    @Param('id', UuidPipe) id: string,
    @Body() dto: ReservationCancelDto,
    @CurrentUser() user: AuthUser,
    @Meta() meta: RequestMeta,
  ): Promise<ReservationDto> {
    await this.commands.execute(new CancelReservationCommand(id, dto, user, meta));
    return this.queries.get(id, user);
  }
}
