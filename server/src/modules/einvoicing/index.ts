// E-invoicing (issue 17): ETA e-receipts, the submission queue. The ETA simulator lives outside
// the modules, in server/src/eta-sim.
// Other contexts import only from here.
export { EinvoicingModule } from './einvoicing.module';
export { EtaSubmissionService, etaWorkerSettings } from './jobs/eta-submission.service';
export { EtaDocumentService } from './jobs/eta-document.service';
export { sha256Hex } from './eta/sha';
export { cmsMessageDigest } from './eta/signer';
export { EtaDispatcher } from './jobs/eta-submission.processor';
export { IssueEReceiptHandler } from './events/on-sale-events.issue-receipt.handler';
export { deviceEReceiptData } from './services/device-issuer';
