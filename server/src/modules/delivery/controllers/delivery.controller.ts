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
  DeliveryCreateDto,
  DeliveryListQueryDto,
  DeliverySettleDto,
  DeliveryStepDto,
  type DeliveryOrderDto,
} from '@pos/contracts';
import type { AuthUser } from '../../../core/auth/auth.types';
import {
  Authenticated,
  CurrentUser,
  Meta,
  RequirePermissions,
  type RequestMeta,
} from '../../../core/auth/decorators';
import { sendList } from '../../../core/http/list';
import { UuidPipe } from '../../../core/http/uuid.pipe';
import { CreateDeliveryCommand } from '../commands/create-delivery/create-delivery.command';
import { SettleDriverCommand } from '../commands/settle-driver/settle-driver.command';
import type { SettleDriverResult } from '../commands/settle-driver/settle-driver.handler';
import { StepDeliveryCommand } from '../commands/step-delivery/step-delivery.command';
import { DeliveryQueries } from '../queries/delivery.queries';

/**
 * /Delivery's API (the routes list no permission; docs/decisions/): orders are the POS's work —
 * any signed-in user of the branch reads them, creates one from an invoice and moves it along;
 * a driver reads and moves the orders assigned to them; failing or returning an order returns the
 * sale (can_return_products, checked by the command); handing a driver's cash into a vault and
 * reading what drivers owe is the vault keeper's (can_see_vault_totals).
 */
@ApiTags('delivery')
@Controller('Delivery')
export class DeliveryController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: DeliveryQueries,
  ) {}

  @Authenticated()
  @Get()
  async list(
    @Query() query: DeliveryListQueryDto,
    @CurrentUser() user: AuthUser,
    @Res({ passthrough: true }) res: Response,
  ) {
    const { rows, total } = await this.queries.list(query, user);
    return sendList(res, rows, total);
  }

  @Authenticated()
  @Get('drivers')
  drivers(@CurrentUser() user: AuthUser) {
    return this.queries.drivers(user);
  }

  @RequirePermissions(['can_see_vault_totals'])
  @Get('balances')
  balances(@CurrentUser() user: AuthUser) {
    return this.queries.balances(user);
  }

  @RequirePermissions(['can_see_vault_totals'])
  @Idempotent()
  @Post('settlements')
  settle(
    @Body() dto: DeliverySettleDto,
    @CurrentUser() user: AuthUser,
    @Meta() meta: RequestMeta,
  ): Promise<SettleDriverResult> {
    return this.commands.execute(new SettleDriverCommand(dto, user, meta));
  }

  @Authenticated()
  @Get(':id')
  get(@Param('id', UuidPipe) id: string, @CurrentUser() user: AuthUser): Promise<DeliveryOrderDto> {
    return this.queries.get(id, user);
  }

  @Authenticated()
  @Post()
  async create(
    @Body() dto: DeliveryCreateDto,
    @CurrentUser() user: AuthUser,
    @Meta() meta: RequestMeta,
  ): Promise<DeliveryOrderDto> {
    await this.commands.execute(new CreateDeliveryCommand(dto, user, meta));
    return this.queries.get(dto.id, user);
  }

  @Authenticated()
  @Idempotent()
  @Post(':id/step')
  @HttpCode(HttpStatus.OK)
  async step(
    @Param('id', UuidPipe) id: string,
    @Body() dto: DeliveryStepDto,
    @CurrentUser() user: AuthUser,
    @Meta() meta: RequestMeta,
  ): Promise<DeliveryOrderDto> {
    await this.commands.execute(new StepDeliveryCommand(id, dto, user, meta));
    return this.queries.get(id, user);
  }
}
