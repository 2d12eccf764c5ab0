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
  EReceiptListQueryDto,
  EtaBranchSettingsDto,
  EtaCompanyInfoDto,
  type EInvoiceQueueDto,
  type EReceiptDetailDto,
  type EReceiptPrintDto,
  type EtaCompanyInfoResponseDto,
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
import { ReissueEReceiptCommand } from '../commands/reissue-e-receipt/reissue-e-receipt.command';
import { RetryEReceiptCommand } from '../commands/retry-e-receipt/retry-e-receipt.command';
import { SaveCompanyInfoCommand } from '../commands/save-company-info/save-company-info.command';
import { SetBranchEReceiptsCommand } from '../commands/set-branch-e-receipts/set-branch-e-receipts.command';
import { EinvoicingQueries } from '../queries/einvoicing.queries';

/**
 * ETA e-invoicing (issue 17): can_see_einvoice and the Einvoice module on every endpoint; reads in
 * the user's branch scope; secrets are never returned (only whether one is set).
 */
@ApiTags('einvoicing')
@Controller()
export class EinvoicingController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: EinvoicingQueries,
  ) {}

  @RequirePermissions(['can_see_einvoice'], ['Einvoice'])
  @Get('E-invoices/CompanyInfo')
  companyInfo(@CurrentUser() user: AuthUser): Promise<EtaCompanyInfoResponseDto> {
    return this.queries.companyInfo(user);
  }

  @RequirePermissions(['can_see_einvoice'], ['Einvoice'])
  @Put('E-invoices/CompanyInfo')
  async saveCompanyInfo(
    @Body() dto: EtaCompanyInfoDto,
    @CurrentUser() user: AuthUser,
    @Meta() meta: RequestMeta,
  ): Promise<EtaCompanyInfoResponseDto> {
    await this.commands.execute(new SaveCompanyInfoCommand(dto, user, meta));
    return this.queries.companyInfo(user);
  }

  @RequirePermissions(['can_see_einvoice'], ['Einvoice'])
  @Put('E-invoices/CompanyInfo/branches/:branchId')
  async setBranch(
    @Param('branchId', UuidPipe) branchId: string,
    @Body() dto: EtaBranchSettingsDto,
    @CurrentUser() user: AuthUser,
    @Meta() meta: RequestMeta,
  ) {
    await this.commands.execute(new SetBranchEReceiptsCommand(branchId, dto, user, meta));
    const info = await this.queries.companyInfo(user);
    return info.branches.find((b) => b.branchId === branchId);
  }

  @RequirePermissions(['can_see_einvoice'], ['Einvoice'])
  @Get('E-invoices/queue')
  queue(@CurrentUser() user: AuthUser): Promise<EInvoiceQueueDto> {
    return this.queries.queue(user);
  }

  @RequirePermissions(['can_see_einvoice'], ['Einvoice'])
  @Get('E-receipts')
  async list(
    @Query() query: EReceiptListQueryDto,
    @CurrentUser() user: AuthUser,
    @Res({ passthrough: true }) res: Response,
  ) {
    const { rows, total } = await this.queries.list(query, user);
    return sendList(res, rows, total);
  }

  /** The POS prints the QR: any signed-in user, within the branch read scope. */
  @Authenticated()
  @Get('E-receipts/sale/:saleId')
  ofSale(
    @Param('saleId', UuidPipe) saleId: string,
    @CurrentUser() user: AuthUser,
  ): Promise<EReceiptPrintDto[]> {
    return this.queries.ofSale(saleId, user);
  }

  @RequirePermissions(['can_see_einvoice'], ['Einvoice'])
  @Get('E-receipts/:id')
  get(
    @Param('id', UuidPipe) id: string,
    @CurrentUser() user: AuthUser,
  ): Promise<EReceiptDetailDto> {
    return this.queries.get(id, user);
  }

  @RequirePermissions(['can_see_einvoice'], ['Einvoice'])
  @Post('E-receipts/:id/retry')
  @HttpCode(HttpStatus.OK)
  async retry(
    @Param('id', UuidPipe) id: string,
    @CurrentUser() user: AuthUser,
    @Meta() meta: RequestMeta,
  ): Promise<EReceiptDetailDto> {
    await this.commands.execute(new RetryEReceiptCommand(id, user, meta));
    return this.queries.get(id, user);
  }

  @RequirePermissions(['can_see_einvoice'], ['Einvoice'])
  @Post('E-receipts/:id/reissue')
  @HttpCode(HttpStatus.OK)
  async reissue(
    @Param('id', UuidPipe) id: string,
    @CurrentUser() user: AuthUser,
    @Meta() meta: RequestMeta,
  ): Promise<EReceiptDetailDto> {
    const { id: newId } = await this.commands.execute<ReissueEReceiptCommand, { id: string }>(
      new ReissueEReceiptCommand(id, user, meta),
    );
    return this.queries.get(newId, user);
  }
}
