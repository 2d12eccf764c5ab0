import { Controller, Get, Put } from '@nestjs/common';
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
import { Authenticated, CurrentUser } from '../../../core/auth/decorators';
import { DocumentController, DocumentRoutes, IdParam } from '../../../core/http/document-routes';
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
  commands: {
    saveCompanyInfo: {
      route: Put('E-invoices/CompanyInfo'),
      command: SaveCompanyInfoCommand,
      body: EtaCompanyInfoDto,
      answer: (queries: EinvoicingQueries, _: unknown, user: AuthUser) => queries.companyInfo(user),
    },
    setBranch: {
      route: Put('E-invoices/CompanyInfo/branches/:branchId'),
      command: SetBranchEReceiptsCommand,
      id: 'branchId',
      body: EtaBranchSettingsDto,
      answer: async (queries: EinvoicingQueries, _: unknown, user: AuthUser, branchId: string) =>
        (await queries.companyInfo(user)).branches.find((b) => b.branchId === branchId),
    },
  },
})
export class EinvoicingController extends DocumentController(EinvoicingQueries) {
  @EinvoiceAccess()
  @Get('E-invoices/CompanyInfo')
  companyInfo(@CurrentUser() user: AuthUser): Promise<EtaCompanyInfoResponseDto> {
    return this.queries.companyInfo(user);
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
