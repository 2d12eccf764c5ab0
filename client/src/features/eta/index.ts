// ETA e-receipts' public API: the dashboard's queue tile and what the printed sale/return receipt
// carries (the QR and the UUID). The pages come from pages.ts.
export { EtaQueueCard } from './components/EtaQueueCard';
export { EReceiptQr } from './components/EReceiptQr';
export { loadEReceiptMark, rememberLocalEReceipt, type EReceiptMark } from './lib/print';
export { EtaErrorList, EtaJson, EtaLastError, EtaSignerMissing } from './components/EtaErrors';
export { formatEtaAmount } from './lib/eta';
