import {
  Body,
  Controller,
  Get,
  HttpCode,
  HttpStatus,
  Param,
  Patch,
  Post,
  Query,
  Res,
} from '@nestjs/common';
import { Idempotent } from '../../../core/http/idempotency';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import {
  TransferActionDto,
  TransferCreateDto,
  TransferListQueryDto,
  TransferReceiveDto,
  TransferUpdateDto,
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
import { ApproveTransferCommand } from '../commands/approve-transfer/approve-transfer.command';
import { CancelTransferCommand } from '../commands/cancel-transfer/cancel-transfer.command';
import { ReceiveTransferCommand } from '../commands/receive-transfer/receive-transfer.command';
import { RejectTransferCommand } from '../commands/reject-transfer/reject-transfer.command';
import { RequestTransferCommand } from '../commands/request-transfer/request-transfer.command';
import { SendTransferDraftCommand } from '../commands/send-transfer-draft/send-transfer-draft.command';
import { ShipTransferCommand } from '../commands/ship-transfer/ship-transfer.command';
import { UpdateTransferDraftCommand } from '../commands/update-transfer-draft/update-transfer-draft.command';
import { TransfersQueries } from '../queries/transfers.queries';

/**
 * Transfer requests: every read and step needs can_transfer_products (the route itself lists no
 * permission; the live pushes use the same key). Branch rules live in the handlers.
 */
@ApiTags('transfers')
@Controller('TransferRequests')
export class TransfersController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: TransfersQueries,
  ) {}

  @RequirePermissions(['can_transfer_products'])
  @Get()
  async list(
    @Query() query: TransferListQueryDto,
    @CurrentUser() user: AuthUser,
    @Res({ passthrough: true }) res: Response,
  ) {
    const { rows, total } = await this.queries.list(query, user);
    return sendList(res, rows, total);
  }

  @RequirePermissions(['can_transfer_products'])
  @Get('counts')
  counts(@CurrentUser() user: AuthUser) {
    return this.queries.counts(user);
  }

  @RequirePermissions(['can_transfer_products'])
  @Get(':id')
  get(@Param('id', UuidPipe) id: string, @CurrentUser() user: AuthUser) {
    return this.queries.get(id, user);
  }

  @RequirePermissions(['can_transfer_products'])
  @Post()
  async create(
    @Body() dto: TransferCreateDto,
    @CurrentUser() user: AuthUser,
    @Meta() meta: RequestMeta,
  ) {
    const { id } = await this.commands.execute<RequestTransferCommand, { id: string }>(
      new RequestTransferCommand(dto, user, meta),
    );
    return this.queries.get(id, user);
  }

  @RequirePermissions(['can_transfer_products'])
  @Patch(':id')
  async update(
    @Param('id', UuidPipe) id: string,
    @Body() dto: TransferUpdateDto,
    @CurrentUser() user: AuthUser,
    @Meta() meta: RequestMeta,
  ) {
    await this.commands.execute(new UpdateTransferDraftCommand(id, dto, user, meta));
    return this.queries.get(id, user);
  }

  @RequirePermissions(['can_transfer_products'])
  @Post(':id/request')
  @HttpCode(HttpStatus.OK)
  async request(
    @Param('id', UuidPipe) id: string,
    @Body() dto: TransferActionDto,
    @CurrentUser() user: AuthUser,
    @Meta() meta: RequestMeta,
  ) {
    await this.commands.execute(new SendTransferDraftCommand(id, dto, user, meta));
    return this.queries.get(id, user);
  }

  @RequirePermissions(['can_transfer_products'])
  @Post(':id/approve')
  @HttpCode(HttpStatus.OK)
  async approve(
    @Param('id', UuidPipe) id: string,
    @Body() dto: TransferActionDto,
    @CurrentUser() user: AuthUser,
    @Meta() meta: RequestMeta,
  ) {
    await this.commands.execute(new ApproveTransferCommand(id, dto, user, meta));
    return this.queries.get(id, user);
  }

  @RequirePermissions(['can_transfer_products'])
  @Post(':id/reject')
  @HttpCode(HttpStatus.OK)
  async reject(
    @Param('id', UuidPipe) id: string,
    @Body() dto: TransferActionDto,
    @CurrentUser() user: AuthUser,
    @Meta() meta: RequestMeta,
  ) {
    await this.commands.execute(new RejectTransferCommand(id, dto, user, meta));
    return this.queries.get(id, user);
  }

  @RequirePermissions(['can_transfer_products'])
  @Idempotent()
  @Post(':id/ship')
  @HttpCode(HttpStatus.OK)
  async ship(
    @Param('id', UuidPipe) id: string,
    @Body() dto: TransferActionDto,
    @CurrentUser() user: AuthUser,
    @Meta() meta: RequestMeta,
  ) {
    await this.commands.execute(new ShipTransferCommand(id, dto, user, meta));
    return this.queries.get(id, user);
  }

  @RequirePermissions(['can_transfer_products'])
  @Idempotent()
  @Post(':id/receive')
  @HttpCode(HttpStatus.OK)
  async receive(
    @Param('id', UuidPipe) id: string,
    @Body() dto: TransferReceiveDto,
    @CurrentUser() user: AuthUser,
    @Meta() meta: RequestMeta,
  ) {
    await this.commands.execute(new ReceiveTransferCommand(id, dto, user, meta));
    return this.queries.get(id, user);
  }

  @RequirePermissions(['can_transfer_products'])
  @Idempotent()
  @Post(':id/cancel')
  @HttpCode(HttpStatus.OK)
  async cancel(
    @Param('id', UuidPipe) id: string,
    @Body() dto: TransferActionDto,
    @CurrentUser() user: AuthUser,
    @Meta() meta: RequestMeta,
  ) {
    await this.commands.execute(new CancelTransferCommand(id, dto, user, meta));
    return this.queries.get(id, user);
  }
}
