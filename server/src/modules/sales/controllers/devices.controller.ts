import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  HttpStatus,
  Post,
  Put,
  Query,
  Res,
} from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { RegisterDeviceDto, SaleFlagQueryDto, SetDeviceEtaSerialDto } from '@pos/contracts';
import type { AuthUser } from '../../../core/auth/auth.types';
import {
  Authenticated,
  CurrentUser,
  Meta,
  RequirePermissions,
  type RequestMeta,
} from '../../../core/auth/decorators';
import { IdParam } from '../../../core/http/document-routes';
import {
  RegisterDeviceCommand,
  type RegisterDeviceResult,
} from '../commands/register-device/register-device.command';
import { ReviewSaleFlagCommand } from '../commands/review-sale-flag/review-sale-flag.command';
import { SetDeviceEtaSerialCommand } from '../commands/set-device-eta-serial/set-device-eta-serial.command';
import {
  IssueDeviceGrantCommand,
  type IssueDeviceGrantResult,
} from '../commands/issue-device-grant/issue-device-grant.command';
import { RevokeDeviceGrantCommand } from '../commands/revoke-device-grant/revoke-device-grant.command';
import { DevicesQueries } from '../queries/devices.queries';

/**
 * The branch's tills (issue 32): a till registers itself with what selling needs (a signed-in
 * person of the branch, as opening the till does: no API key).
 */
@ApiTags('sales')
@Controller('PosDevices')
export class PosDevicesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: DevicesQueries,
  ) {}

  /** 201 with the device, or 200 with it when it was registered before. */
  @Authenticated()
  @Post()
  async register(
    @Body() dto: RegisterDeviceDto,
    @CurrentUser() user: AuthUser,
    @Meta() meta: RequestMeta,
    @Res({ passthrough: true }) res: Response,
  ) {
    const result: RegisterDeviceResult = await this.commands.execute(
      new RegisterDeviceCommand(dto, user, meta),
    );
    res.status(result.created ? HttpStatus.CREATED : HttpStatus.OK);
    return this.queries.device(result.deviceId, user);
  }

  /** The branch's tills (the e-receipt settings list them with their ETA POS serial). */
  @RequirePermissions(['can_see_einvoice'], ['Einvoice'])
  @Get()
  list(@Query() query: SaleFlagQueryDto, @CurrentUser() user: AuthUser) {
    return this.queries.devices(query, user);
  }

  /** A till's ETA POS serial (issue 32 item 6): as the branch's e-receipt settings. */
  @RequirePermissions(['can_see_einvoice'], ['Einvoice'])
  @Put(':id/eta-serial')
  async setEtaSerial(
    @IdParam() id: string,
    @Body() dto: SetDeviceEtaSerialDto,
    @CurrentUser() user: AuthUser,
    @Meta() meta: RequestMeta,
  ) {
    await this.commands.execute(new SetDeviceEtaSerialCommand(id, dto, user, meta));
    return this.queries.device(id, user);
  }

  /**
   * The signed-in cashier's grant for this till (issue 32 item 7): the till sends the sales they
   * ring with it, so each is booked to them after an offline user switch. 201 with the token.
   */
  @Authenticated()
  @Post(':id/grant')
  issueGrant(
    @IdParam() id: string,
    @CurrentUser() user: AuthUser,
    @Meta() meta: RequestMeta,
  ): Promise<IssueDeviceGrantResult> {
    return this.commands.execute(new IssueDeviceGrantCommand(id, user, meta));
  }

  /** The signed-in cashier removes themselves from this till: their grants for it end. */
  @Authenticated()
  @HttpCode(HttpStatus.NO_CONTENT)
  @Delete(':id/grant')
  async revokeGrant(
    @IdParam() id: string,
    @CurrentUser() user: AuthUser,
    @Meta() meta: RequestMeta,
  ) {
    await this.commands.execute(new RevokeDeviceGrantCommand(id, user, meta));
  }

  @Authenticated()
  @Get(':id')
  get(@IdParam() id: string, @CurrentUser() user: AuthUser) {
    return this.queries.device(id, user);
  }
}

/** What offline sales let through (docs/offline.md): the storekeeper's list, and marking one reviewed. */
@ApiTags('sales')
@Controller('SaleFlags')
export class SaleFlagsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: DevicesQueries,
  ) {}

  @RequirePermissions(['can_see_inventories'])
  @Get()
  list(@Query() query: SaleFlagQueryDto, @CurrentUser() user: AuthUser) {
    return this.queries.openFlags(query, user);
  }

  @RequirePermissions(['can_adjust_stock'])
  @HttpCode(HttpStatus.NO_CONTENT)
  @Post(':id/review')
  async review(@IdParam() id: string, @CurrentUser() user: AuthUser, @Meta() meta: RequestMeta) {
    await this.commands.execute(new ReviewSaleFlagCommand(id, user, meta));
  }
}
