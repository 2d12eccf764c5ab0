import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ReissueEReceiptHandler } from './commands/reissue-e-receipt/reissue-e-receipt.handler';
import { RetryEReceiptHandler } from './commands/retry-e-receipt/retry-e-receipt.handler';
import { SaveCompanyInfoHandler } from './commands/save-company-info/save-company-info.handler';
import { SetBranchEReceiptsHandler } from './commands/set-branch-e-receipts/set-branch-e-receipts.handler';
import { EinvoicingController } from './controllers/einvoicing.controller';
import {
  EDocumentEntity,
  EReceiptChainEntity,
  EReceiptEntity,
  EtaCompanyEntity,
} from './entities/einvoicing.entities';
import { IssueEReceiptHandler } from './events/on-sale-events.issue-receipt.handler';
import { ETA_QUEUE, EtaDispatcher, EtaSubmissionProcessor } from './jobs/eta-submission.processor';
import { EtaSubmissionService } from './jobs/eta-submission.service';
import { EinvoicingQueries } from './queries/einvoicing.queries';

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
  controllers: [EinvoicingController],
  providers: [
    EinvoicingQueries,
    SaveCompanyInfoHandler,
    SetBranchEReceiptsHandler,
    RetryEReceiptHandler,
    ReissueEReceiptHandler,
    IssueEReceiptHandler,
    EtaSubmissionService,
    EtaSubmissionProcessor,
    EtaDispatcher,
  ],
  exports: [EtaSubmissionService],
})
export class EinvoicingModule {}
