// E-invoicing (issue 17): ETA e-receipts, the submission queue, the simulator.
// Other contexts import only from here.
export { EinvoicingModule } from './einvoicing.module';
export { EtaSubmissionService, etaWorkerSettings } from './jobs/eta-submission.service';
export { EtaDocumentService } from './jobs/eta-document.service';
export { EtaSimulator, type SimFailure } from './sim/eta-simulator';
export { EtaDispatcher } from './jobs/eta-submission.processor';
