import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  HttpStatus,
  Param,
  Post,
  Put,
  Query,
} from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  PrintJobDto,
  RegisterDeviceDto,
  SaleFlagQueryDto,
  SetDeviceEtaSerialDto,
  SetDevicePrinterDto,
} from '@pos/contracts';
import type { AuthUser } from '../../../core/auth/auth.types';
import {
  AdminOnly,
  Authenticated,
  CurrentUser,
  RequirePermissions,
} from '../../../core/auth/decorators';
import { UuidPipe } from '../../../core/http/uuid.pipe';
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
import { SetDevicePrinterCommand } from '../commands/set-device-printer/set-device-printer.command';
import { OpenDrawerCommand } from '../commands/open-drawer/open-drawer.command';
import { DevicesQueries } from '../queries/devices.queries';
import { DevicePrinting } from '../services/device-printing';

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
    /** A till's receipt printer (issue 35 item 1): administrators. 200 with the printer. */
    setPrinter: {
      route: Put(':id/printer'),
      id: true,
      command: SetDevicePrinterCommand,
      body: SetDevicePrinterDto,
      access: AdminOnly(),
      answer: (q: DevicesQueries, _: unknown, user: AuthUser, id: string) => q.printer(id, user),
    },
    /**
     * "Open drawer" without a sale (issue 35 item 2): can_open_cash_drawer, audited. 201 with who
     * sends the pulse: the server (a network printer) or the till (USB, serial, the LAN bridge).
     */
    openDrawer: {
      route: Post(':id/drawer'),
      id: true,
      command: OpenDrawerCommand,
      access: RequirePermissions(['can_open_cash_drawer']),
    },
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

/**
 * A till's printer (issue 35, docs/decisions/0113): what it is (any signed-in person of the
 * branch: the till reads it to print), and the relay of a print job to a network printer.
 */
@ApiTags('sales')
@Controller('PosDevices')
export class PosDevicePrintController {
  constructor(
    private readonly printing: DevicePrinting,
    private readonly queries: DevicesQueries,
  ) {}

  /** Every till the administrator's scope holds, with its printer (the printers' settings). */
  @AdminOnly()
  @Get('printers')
  printers(@Query() query: SaleFlagQueryDto, @CurrentUser() user: AuthUser) {
    return this.queries.printers(query, user);
  }

  @Authenticated()
  @Get(':id/printer')
  printer(@Param('id', UuidPipe) id: string, @CurrentUser() user: AuthUser) {
    return this.queries.printer(id, user);
  }

  /**
   * ESC/POS bytes (base64, ≤ PRINT_JOB_MAX_BYTES) relayed on raw TCP to the till's network
   * printer; 204 once the printer took the last byte, 502 when it did not answer, 409 when the till
   * has no network printer. `target: 'label'`: ZPL/TSPL labels to its label printer (issue 35
   * item 4).
   */
  @Authenticated()
  @Post(':id/print')
  @HttpCode(HttpStatus.NO_CONTENT)
  async print(
    @Param('id', UuidPipe) id: string,
    @Body() dto: PrintJobDto,
    @CurrentUser() user: AuthUser,
  ): Promise<void> {
    const bytes = Buffer.from(dto.data, 'base64');
    if (dto.target === 'label') await this.printing.printLabels(id, bytes, user);
    else await this.printing.print(id, bytes, user);
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
