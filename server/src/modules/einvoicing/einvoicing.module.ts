import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { mergeEtaInvoiceMessages, SERVER_MESSAGES } from '@pos/contracts';
import { ChangeEInvoiceStateHandler } from './commands/change-e-invoice-state/change-e-invoice-state.handler';
import { CreateEInvoiceHandler } from './commands/create-e-invoice/create-e-invoice.handler';
import { RetryEInvoiceHandler } from './commands/retry-e-invoice/retry-e-invoice.handler';
import { SaveEtaSignerHandler } from './commands/save-eta-signer/save-eta-signer.handler';
import { ReissueEReceiptHandler } from './commands/reissue-e-receipt/reissue-e-receipt.handler';
import { RetryEReceiptHandler } from './commands/retry-e-receipt/retry-e-receipt.handler';
import { SaveCompanyInfoHandler } from './commands/save-company-info/save-company-info.handler';
import { SetBranchEReceiptsHandler } from './commands/set-branch-e-receipts/set-branch-e-receipts.handler';
import { EinvoicesController } from './controllers/einvoices.controller';
import { EinvoicingController } from './controllers/einvoicing.controller';
import {
  EDocumentEntity,
  EReceiptChainEntity,
  EReceiptEntity,
  EtaCompanyEntity,
} from './entities/einvoicing.entities';
import { IssueEReceiptHandler } from './events/on-sale-events.issue-receipt.handler';
import { ETA_QUEUE, EtaDispatcher, EtaSubmissionProcessor } from './jobs/eta-submission.processor';
import { EtaDocumentService } from './jobs/eta-document.service';
import { EtaSubmissionService } from './jobs/eta-submission.service';
import { EtaMetrics } from './services/eta-metrics';
import { EinvoicesQueries } from './queries/einvoices.queries';
import { EinvoicingQueries } from './queries/einvoicing.queries';

// the e-invoice error texts live outside the client shell's table (libs/contracts eta/invoice.ts)
mergeEtaInvoiceMessages(SERVER_MESSAGES);

/** ETA e-receipts (and later e-invoices): issue 17. */
@Module({
  imports: [
    TypeOrmModule.forFeature([
      EtaCompanyEntity,
      EReceiptChainEntity,
      EReceiptEntity,
      EDocumentEntity,
    ]),
    BullModule.registerQueue({ name: ETA_QUEUE }),
  ],
  controllers: [EinvoicingController, EinvoicesController],
  providers: [
    EinvoicingQueries,
    EinvoicesQueries,
    CreateEInvoiceHandler,
    ChangeEInvoiceStateHandler,
    RetryEInvoiceHandler,
    SaveEtaSignerHandler,
    EtaDocumentService,
    SaveCompanyInfoHandler,
    SetBranchEReceiptsHandler,
    RetryEReceiptHandler,
    ReissueEReceiptHandler,
    IssueEReceiptHandler,
    EtaSubmissionService,
    EtaSubmissionProcessor,
    EtaDispatcher,
    EtaMetrics,
  ],
  exports: [EtaSubmissionService, EtaDocumentService],
})
export class EinvoicingModule {}
