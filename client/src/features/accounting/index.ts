// Accounting's public API for other features (its pages are in pages.ts).
export { accountingKeys, useAccounts, accountName } from './api/accounting.api';
