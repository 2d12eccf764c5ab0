import { Body, Controller, Get, Put } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import {
  EReceiptListQueryDto,
  EtaBranchSettingsDto,
  EtaCompanyInfoDto,
  type EInvoiceQueueDto,
  type EReceiptPrintDto,
  type EtaCompanyInfoResponseDto,
} from '@pos/contracts';
import type { AuthUser } from '../../../core/auth/auth.types';
import { Authenticated, CurrentUser, Meta, type RequestMeta } from '../../../core/auth/decorators';
import { DocumentRoutes, IdParam } from '../../../core/http/document-routes';
import { ReissueEReceiptCommand } from '../commands/reissue-e-receipt/reissue-e-receipt.command';
import { RetryEReceiptCommand } from '../commands/retry-e-receipt/retry-e-receipt.command';
import { SaveCompanyInfoCommand } from '../commands/save-company-info/save-company-info.command';
import { SetBranchEReceiptsCommand } from '../commands/set-branch-e-receipts/set-branch-e-receipts.command';
import { EinvoicingQueries } from '../queries/einvoicing.queries';
import { EinvoiceAccess } from './einvoice-access';

/**
 * ETA e-invoicing (issue 17): can_see_einvoice and the Einvoice module on every endpoint; reads in
 * the user's branch scope; secrets are never returned (only whether one is set).
 */
@ApiTags('einvoicing')
@Controller()
@DocumentRoutes({
  prefix: 'E-receipts',
  access: EinvoiceAccess(),
  list: EReceiptListQueryDto,
  get: true,
  steps: {
    retry: { command: RetryEReceiptCommand },
    reissue: { command: ReissueEReceiptCommand, answer: 'result' },
  },
})
export class EinvoicingController {
  constructor(
    readonly commands: CommandBus,
    readonly queries: EinvoicingQueries,
  ) {}

  @EinvoiceAccess()
  @Get('E-invoices/CompanyInfo')
  companyInfo(@CurrentUser() user: AuthUser): Promise<EtaCompanyInfoResponseDto> {
    return this.queries.companyInfo(user);
  }

  @EinvoiceAccess()
  @Put('E-invoices/CompanyInfo')
  async saveCompanyInfo(
    @Body() dto: EtaCompanyInfoDto,
    @CurrentUser() user: AuthUser,
    @Meta() meta: RequestMeta,
  ): Promise<EtaCompanyInfoResponseDto> {
    await this.commands.execute(new SaveCompanyInfoCommand(dto, user, meta));
    return this.queries.companyInfo(user);
  }

  @EinvoiceAccess()
  @Put('E-invoices/CompanyInfo/branches/:branchId')
  async setBranch(
    @IdParam('branchId') branchId: string,
    @Body() dto: EtaBranchSettingsDto,
    @CurrentUser() user: AuthUser,
    @Meta() meta: RequestMeta,
  ) {
    await this.commands.execute(new SetBranchEReceiptsCommand(branchId, dto, user, meta));
    const info = await this.queries.companyInfo(user);
    return info.branches.find((b) => b.branchId === branchId);
  }

  @EinvoiceAccess()
  @Get('E-invoices/queue')
  queue(@CurrentUser() user: AuthUser): Promise<EInvoiceQueueDto> {
    return this.queries.queue(user);
  }

  /** The POS prints the QR: any signed-in user, within the branch read scope. */
  @Authenticated()
  @Get('E-receipts/sale/:saleId')
  ofSale(
    @IdParam('saleId') saleId: string,
    @CurrentUser() user: AuthUser,
  ): Promise<EReceiptPrintDto[]> {
    return this.queries.ofSale(saleId, user);
  }
}
