import { Controller, Get, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  DeliveryCreateDto,
  DeliveryListQueryDto,
  DeliverySettleDto,
  DeliveryStepDto,
} from '@pos/contracts';
import type { AuthUser } from '../../../core/auth/auth.types';
import { Authenticated, CurrentUser, RequirePermissions } from '../../../core/auth/decorators';
import { DocumentController, DocumentRoutes } from '../../../core/http/document-routes';
import { CreateDeliveryCommand } from '../commands/create-delivery/create-delivery.command';
import { SettleDriverCommand } from '../commands/settle-driver/settle-driver.command';
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
@DocumentRoutes({
  access: Authenticated(),
  list: DeliveryListQueryDto,
  get: true,
  create: { command: CreateDeliveryCommand, body: DeliveryCreateDto, id: 'body' },
  steps: { step: { command: StepDeliveryCommand, body: DeliveryStepDto, idempotent: true } },
  commands: {
    settle: {
      route: Post('settlements'),
      command: SettleDriverCommand,
      body: DeliverySettleDto,
      access: RequirePermissions(['can_see_vault_totals']),
      idempotent: true,
    },
  },
})
export class DeliveryController extends DocumentController(DeliveryQueries) {
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
}
