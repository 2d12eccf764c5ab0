import {
  Body,
  Controller,
  Get,
  HttpCode,
  HttpStatus,
  Param,
  Post,
  Put,
  Query,
  Res,
} from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import {
  CreateEInvoiceDto,
  EInvoiceListQueryDto,
  EInvoiceStateDto,
  EtaSignerDto,
  type EInvoiceDetailDto,
  type EtaSignerResponseDto,
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
import { ChangeEInvoiceStateCommand } from '../commands/change-e-invoice-state/change-e-invoice-state.command';
import { CreateEInvoiceCommand } from '../commands/create-e-invoice/create-e-invoice.command';
import { RetryEInvoiceCommand } from '../commands/retry-e-invoice/retry-e-invoice.command';
import { SaveEtaSignerCommand } from '../commands/save-eta-signer/save-eta-signer.command';
import { EinvoicesQueries } from '../queries/einvoices.queries';

/**
 * ETA e-invoices (issue 17 item 4): can_see_einvoice and the Einvoice module on every endpoint;
 * reads in the user's branch read scope, changes in its write scope; secrets never returned.
 */
@ApiTags('einvoicing')
@Controller()
export class EinvoicesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: EinvoicesQueries,
  ) {}

  @RequirePermissions(['can_see_einvoice'], ['Einvoice'])
  @Get('E-invoices/CompanyInfo/signer')
  signer(): Promise<EtaSignerResponseDto> {
    return this.queries.signer();
  }

  @RequirePermissions(['can_see_einvoice'], ['Einvoice'])
  @Put('E-invoices/CompanyInfo/signer')
  async saveSigner(
    @Body() dto: EtaSignerDto,
    @CurrentUser() user: AuthUser,
    @Meta() meta: RequestMeta,
  ): Promise<EtaSignerResponseDto> {
    await this.commands.execute(new SaveEtaSignerCommand(dto, user, meta));
    return this.queries.signer();
  }

  @RequirePermissions(['can_see_einvoice'], ['Einvoice'])
  @Get('E-invoices/documents')
  async list(
    @Query() query: EInvoiceListQueryDto,
    @CurrentUser() user: AuthUser,
    @Res({ passthrough: true }) res: Response,
  ) {
    const { rows, total } = await this.queries.list(query, user);
    return sendList(res, rows, total);
  }

  @RequirePermissions(['can_see_einvoice'], ['Einvoice'])
  @Post('E-invoices/documents')
  async create(
    @Body() dto: CreateEInvoiceDto,
    @CurrentUser() user: AuthUser,
    @Meta() meta: RequestMeta,
  ): Promise<EInvoiceDetailDto> {
    const { id } = await this.commands.execute<CreateEInvoiceCommand, { id: string }>(
      new CreateEInvoiceCommand(dto, user, meta),
    );
    return this.queries.get(id, user);
  }

  @RequirePermissions(['can_see_einvoice'], ['Einvoice'])
  @Get('E-invoices/documents/:id')
  get(
    @Param('id', UuidPipe) id: string,
    @CurrentUser() user: AuthUser,
  ): Promise<EInvoiceDetailDto> {
    return this.queries.get(id, user);
  }

  @RequirePermissions(['can_see_einvoice'], ['Einvoice'])
  @Post('E-invoices/documents/:id/state')
  @HttpCode(HttpStatus.OK)
  async state(
    @Param('id', UuidPipe) id: string,
    @Body() dto: EInvoiceStateDto,
    @CurrentUser() user: AuthUser,
    @Meta() meta: RequestMeta,
  ): Promise<EInvoiceDetailDto> {
    await this.commands.execute(new ChangeEInvoiceStateCommand(id, dto, user, meta));
    return this.queries.get(id, user);
  }

  @RequirePermissions(['can_see_einvoice'], ['Einvoice'])
  @Post('E-invoices/documents/:id/retry')
  @HttpCode(HttpStatus.OK)
  async retry(
    @Param('id', UuidPipe) id: string,
    @CurrentUser() user: AuthUser,
    @Meta() meta: RequestMeta,
  ): Promise<EInvoiceDetailDto> {
    await this.commands.execute(new RetryEInvoiceCommand(id, user, meta));
    return this.queries.get(id, user);
  }
}
