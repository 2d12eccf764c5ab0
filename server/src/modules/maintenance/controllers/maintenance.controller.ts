import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  HttpStatus,
  Param,
  Patch,
  Post,
  Query,
  Res,
  UploadedFile,
  UseInterceptors,
} from '@nestjs/common';
import { Idempotent } from '../../../core/http/idempotency';
import { FileInterceptor } from '@nestjs/platform-express';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import {
  EXPENSE_ATTACHMENT_MAX_BYTES,
  MaintenanceCreateDto,
  MaintenanceListQueryDto,
  MaintenancePartsDto,
  MaintenanceTransitionDto,
  MaintenanceUpdateDto,
  type MaintenanceTicketDto,
} from '@pos/contracts';
import type { AuthUser } from '../../../core/auth/auth.types';
import {
  CurrentUser,
  Meta,
  RequirePermissions,
  type RequestMeta,
} from '../../../core/auth/decorators';
import { sendList } from '../../../core/http/list';
import { UuidPipe } from '../../../core/http/uuid.pipe';
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
export class MaintenanceController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: MaintenanceQueries,
  ) {}

  @Get()
  async list(
    @Query() query: MaintenanceListQueryDto,
    @CurrentUser() user: AuthUser,
    @Res({ passthrough: true }) res: Response,
  ) {
    const { rows, total } = await this.queries.list(query, user);
    return sendList(res, rows, total);
  }

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

  @Get('by-number/:number')
  byNumber(
    @Param('number') number: string,
    @CurrentUser() user: AuthUser,
  ): Promise<MaintenanceTicketDto> {
    return this.queries.byNumber(number.slice(0, 40), user);
  }

  @Get(':id')
  get(@Param('id', UuidPipe) id: string, @CurrentUser() user: AuthUser) {
    return this.queries.get(id, user);
  }

  @Idempotent()
  @Post()
  async create(
    @Body() dto: MaintenanceCreateDto,
    @CurrentUser() user: AuthUser,
    @Meta() meta: RequestMeta,
  ): Promise<MaintenanceTicketDto> {
    const { id } = await this.commands.execute<CreateTicketCommand, { id: string }>(
      new CreateTicketCommand(dto, user, meta),
    );
    return this.queries.get(id, user);
  }

  @Patch(':id')
  async update(
    @Param('id', UuidPipe) id: string,
    @Body() dto: MaintenanceUpdateDto,
    @CurrentUser() user: AuthUser,
    @Meta() meta: RequestMeta,
  ): Promise<MaintenanceTicketDto> {
    await this.commands.execute(new UpdateTicketCommand(id, dto, user, meta));
    return this.queries.get(id, user);
  }

  @Idempotent()
  @Post(':id/status')
  @HttpCode(HttpStatus.OK)
  async move(
    @Param('id', UuidPipe) id: string,
    @Body() dto: MaintenanceTransitionDto,
    @CurrentUser() user: AuthUser,
    @Meta() meta: RequestMeta,
  ): Promise<MaintenanceTicketDto> {
    await this.commands.execute(new MoveTicketCommand(id, dto, user, meta));
    return this.queries.get(id, user);
  }

  @Idempotent()
  @Post(':id/parts')
  @HttpCode(HttpStatus.OK)
  async parts(
    @Param('id', UuidPipe) id: string,
    @Body() dto: MaintenancePartsDto,
    @CurrentUser() user: AuthUser,
    @Meta() meta: RequestMeta,
  ): Promise<MaintenanceTicketDto> {
    await this.commands.execute(new AddPartsCommand(id, dto, user, meta));
    return this.queries.get(id, user);
  }

  @Idempotent()
  @Delete(':id/parts/:partId')
  async removePart(
    @Param('id', UuidPipe) id: string,
    @Param('partId', UuidPipe) partId: string,
    @CurrentUser() user: AuthUser,
    @Meta() meta: RequestMeta,
  ): Promise<MaintenanceTicketDto> {
    await this.commands.execute(new RemovePartCommand(id, partId, user, meta));
    return this.queries.get(id, user);
  }

  @Post(':id/photos')
  @UseInterceptors(
    FileInterceptor('file', { limits: { fileSize: EXPENSE_ATTACHMENT_MAX_BYTES, files: 1 } }),
  )
  async addPhoto(
    @Param('id', UuidPipe) id: string,
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
    @Param('id', UuidPipe) id: string,
    @Param('photoId', UuidPipe) photoId: string,
    @CurrentUser() user: AuthUser,
    @Res() res: Response,
  ) {
    const file = await this.queries.photo(id, photoId, user);
    res.setHeader('Content-Type', file.contentType);
    res.setHeader('Cache-Control', 'private, max-age=3600');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Content-Security-Policy', "default-src 'none'");
    res.end(file.data);
  }
}
