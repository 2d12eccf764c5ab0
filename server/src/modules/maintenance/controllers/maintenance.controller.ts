import { Controller, Delete, Get, Param, Post, Query, Res, UploadedFile } from '@nestjs/common';
import { Idempotent } from '../../../core/http/idempotency';
import { FileUpload } from '../../../core/http/file-upload';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import {
  EXPENSE_ATTACHMENT_MAX_BYTES,
  MaintenanceCreateDto,
  MaintenanceListQueryDto,
  MaintenancePartsDto,
  MaintenanceTransitionDto,
  MaintenanceUpdateDto,
  type MaintenanceSerialDto,
  type MaintenanceTicketDto,
} from '@pos/contracts';
import type { AuthUser } from '../../../core/auth/auth.types';
import {
  CurrentUser,
  Meta,
  RequirePermissions,
  type RequestMeta,
} from '../../../core/auth/decorators';
import {
  DocumentController,
  DocumentRoutes,
  IdParam,
  sendFile,
} from '../../../core/http/document-routes';
import type { UploadedReceipt } from '../../expenses';
import { AddPartsCommand } from '../commands/add-parts/add-parts.command';
import { AddPhotoCommand } from '../commands/add-photo/add-photo.command';
import { CreateTicketCommand } from '../commands/create-ticket/create-ticket.command';
import { MoveTicketCommand } from '../commands/move-ticket/move-ticket.command';
import { RemovePartCommand } from '../commands/remove-part/remove-part.command';
import { UpdateTicketCommand } from '../commands/update-ticket/update-ticket.command';
import { MaintenanceQueries } from '../queries/maintenance.queries';

/**
 * /Maintenance's API. The route table lists no permission: the Maintenance module gates every
 * endpoint, and any signed-in user of the branch may read and work its tickets (the front desk
 * takes devices in and hands them back, technicians move them along; docs/decisions/
 * "Maintenance"). Branch scope: core/auth/branch-scope.ts (reads: own branch unless
 * can_see_branches; changes: own branch unless admin).
 */
@ApiTags('maintenance')
@Controller('Maintenance')
@RequirePermissions([], ['Maintenance'])
@DocumentRoutes({
  list: MaintenanceListQueryDto,
  get: true,
  update: { command: UpdateTicketCommand, body: MaintenanceUpdateDto },
  create: {
    command: CreateTicketCommand,
    body: MaintenanceCreateDto,
    idempotent: true,
    id: 'result',
  },
  steps: {
    move: {
      command: MoveTicketCommand,
      body: MaintenanceTransitionDto,
      idempotent: true,
      path: ':id/status',
    },
    parts: { command: AddPartsCommand, body: MaintenancePartsDto, idempotent: true },
  },
})
export class MaintenanceController extends DocumentController(MaintenanceQueries) {
  @Get('counts')
  counts(@CurrentUser() user: AuthUser, @Query() query: MaintenanceListQueryDto) {
    return this.queries.counts(user, query.branchId);
  }

  @Get('technicians')
  technicians(@CurrentUser() user: AuthUser) {
    return this.queries.technicians(user);
  }

  @Get('vaults')
  vaults(@CurrentUser() user: AuthUser, @Query() query: MaintenanceListQueryDto) {
    return this.queries.vaults(user, query.branchId);
  }

  /** The device a serial or an IMEI names and its last sale (docs/decisions/0128). */
  @Get('serial/:code')
  serial(
    @Param('code') code: string,
    @CurrentUser() user: AuthUser,
  ): Promise<MaintenanceSerialDto> {
    // a serial is at most 50 characters: a longer code names no unit
    return this.queries.serial(code.slice(0, 60), user);
  }

  @Get('by-number/:number')
  byNumber(
    @Param('number') number: string,
    @CurrentUser() user: AuthUser,
  ): Promise<MaintenanceTicketDto> {
    return this.queries.byNumber(number.slice(0, 40), user);
  }

  @Idempotent()
  @Delete(':id/parts/:partId')
  async removePart(
    @IdParam() id: string,
    @IdParam('partId') partId: string,
    @CurrentUser() user: AuthUser,
    @Meta() meta: RequestMeta,
  ): Promise<MaintenanceTicketDto> {
    await this.commands.execute(new RemovePartCommand(id, partId, user, meta));
    return this.queries.get(id, user);
  }

  @Post(':id/photos')
  @FileUpload(EXPENSE_ATTACHMENT_MAX_BYTES)
  async addPhoto(
    @IdParam() id: string,
    @UploadedFile() file: UploadedReceipt | undefined,
    @CurrentUser() user: AuthUser,
    @Meta() meta: RequestMeta,
  ): Promise<MaintenanceTicketDto> {
    await this.commands.execute(new AddPhotoCommand(id, file, user, meta));
    return this.queries.get(id, user);
  }

  /** A photo of the device, to those who may read the ticket. */
  @Get(':id/photos/:photoId')
  async photo(
    @IdParam() id: string,
    @IdParam('photoId') photoId: string,
    @CurrentUser() user: AuthUser,
    @Res() res: Response,
  ) {
    const file = await this.queries.photo(id, photoId, user);
    sendFile(res, file, 'private, max-age=3600');
  }
}
