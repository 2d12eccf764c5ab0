import { Controller, Delete, Get, HttpStatus, Post, Put, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { RegisterDeviceDto, SaleFlagQueryDto, SetDeviceEtaSerialDto } from '@pos/contracts';
import type { AuthUser } from '../../../core/auth/auth.types';
import { Authenticated, CurrentUser, RequirePermissions } from '../../../core/auth/decorators';
import {
  createdOrSeen,
  DocumentController,
  DocumentRoutes,
} from '../../../core/http/document-routes';
import {
  RegisterDeviceCommand,
  type RegisterDeviceResult,
} from '../commands/register-device/register-device.command';
import { ReviewSaleFlagCommand } from '../commands/review-sale-flag/review-sale-flag.command';
import { SetDeviceEtaSerialCommand } from '../commands/set-device-eta-serial/set-device-eta-serial.command';
import { IssueDeviceGrantCommand } from '../commands/issue-device-grant/issue-device-grant.command';
import { RevokeDeviceGrantCommand } from '../commands/revoke-device-grant/revoke-device-grant.command';
import { DevicesQueries } from '../queries/devices.queries';

/** A till's ETA POS serial and the tills' list: as the branch's e-receipt settings. */
const EReceiptAccess = () => RequirePermissions(['can_see_einvoice'], ['Einvoice']);

/**
 * The branch's tills (issue 32): a till registers itself with what selling needs (a signed-in
 * person of the branch, as opening the till does: no API key).
 */
@ApiTags('sales')
@Controller('PosDevices')
@DocumentRoutes({
  access: Authenticated(),
  get: true,
  reads: { get: 'device' },
  commands: {
    /** 201 with the device, or 200 with it when it was registered before. */
    register: {
      route: Post(),
      command: RegisterDeviceCommand,
      body: RegisterDeviceDto,
      status: createdOrSeen,
      answer: (q: DevicesQueries, r: RegisterDeviceResult, user: AuthUser) =>
        q.device(r.deviceId, user),
    },
    /** A till's ETA POS serial (issue 32 item 6). */
    setEtaSerial: {
      route: Put(':id/eta-serial'),
      id: true,
      command: SetDeviceEtaSerialCommand,
      body: SetDeviceEtaSerialDto,
      access: EReceiptAccess(),
      answer: (q: DevicesQueries, _: unknown, user: AuthUser, id: string) => q.device(id, user),
    },
    /**
     * The signed-in cashier's grant for this till (issue 32 item 7): the till sends the sales they
     * ring with it, so each is booked to them after an offline user switch. 201 with the token.
     */
    issueGrant: { route: Post(':id/grant'), id: true, command: IssueDeviceGrantCommand },
    /** The signed-in cashier removes themselves from this till: their grants for it end. */
    revokeGrant: {
      route: Delete(':id/grant'),
      id: true,
      command: RevokeDeviceGrantCommand,
      status: HttpStatus.NO_CONTENT,
    },
  },
})
export class PosDevicesController extends DocumentController(DevicesQueries) {
  /** The branch's tills (the e-receipt settings list them with their ETA POS serial). */
  @EReceiptAccess()
  @Get()
  list(@Query() query: SaleFlagQueryDto, @CurrentUser() user: AuthUser) {
    return this.queries.devices(query, user);
  }
}

/** What offline sales let through (docs/offline.md): the storekeeper's list, and marking one reviewed. */
@ApiTags('sales')
@Controller('SaleFlags')
@DocumentRoutes({
  commands: {
    review: {
      route: Post(':id/review'),
      id: true,
      command: ReviewSaleFlagCommand,
      access: RequirePermissions(['can_adjust_stock']),
      status: HttpStatus.NO_CONTENT,
    },
  },
})
export class SaleFlagsController extends DocumentController(DevicesQueries) {
  @RequirePermissions(['can_see_inventories'])
  @Get()
  list(@Query() query: SaleFlagQueryDto, @CurrentUser() user: AuthUser) {
    return this.queries.openFlags(query, user);
  }
}
