// Purchases' public API for other features (none yet); its pages are registered in ./pages.ts.
export { purchasesApi, purchaseKeys } from './api/purchases.api';
