// The sales' public API for other features: the POS sells, returns and prints through it.
export { salesApi, salesKeys } from './api/sales.api';
export { ReturnDialog } from './components/ReturnDialog';
export { ReturnReceipt, SaleReceipt } from './components/receipts';
