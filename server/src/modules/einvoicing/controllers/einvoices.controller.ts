import { Controller, Get, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  CreateEInvoiceDto,
  EInvoiceListQueryDto,
  EInvoiceStateDto,
  EtaSignerDto,
  type EtaSignerResponseDto,
} from '@pos/contracts';
import { DocumentController, DocumentRoutes } from '../../../core/http/document-routes';
import { ChangeEInvoiceStateCommand } from '../commands/change-e-invoice-state/change-e-invoice-state.command';
import { CreateEInvoiceCommand } from '../commands/create-e-invoice/create-e-invoice.command';
import { RetryEInvoiceCommand } from '../commands/retry-e-invoice/retry-e-invoice.command';
import { SaveEtaSignerCommand } from '../commands/save-eta-signer/save-eta-signer.command';
import { EinvoicesQueries } from '../queries/einvoices.queries';
import { EinvoiceAccess } from './einvoice-access';

/**
 * ETA e-invoices (issue 17 item 4): can_see_einvoice and the Einvoice module on every endpoint;
 * reads in the user's branch read scope, changes in its write scope; secrets never returned.
 */
@ApiTags('einvoicing')
@Controller()
@DocumentRoutes({
  prefix: 'E-invoices/documents',
  access: EinvoiceAccess(),
  list: EInvoiceListQueryDto,
  get: true,
  create: { command: CreateEInvoiceCommand, body: CreateEInvoiceDto, id: 'result' },
  steps: {
    state: { command: ChangeEInvoiceStateCommand, body: EInvoiceStateDto },
    retry: { command: RetryEInvoiceCommand },
  },
  commands: {
    saveSigner: {
      route: Put('E-invoices/CompanyInfo/signer'),
      command: SaveEtaSignerCommand,
      body: EtaSignerDto,
      answer: (queries: EinvoicesQueries) => queries.signer(),
    },
  },
})
export class EinvoicesController extends DocumentController(EinvoicesQueries) {
  @EinvoiceAccess()
  @Get('E-invoices/CompanyInfo/signer')
  signer(): Promise<EtaSignerResponseDto> {
    return this.queries.signer();
  }
}
