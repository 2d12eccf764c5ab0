// The pages of features/eta, loaded together (pages.ts).
export { default as CompanyInfoPage } from './CompanyInfoPage';
export { default as EReceiptPage } from './EReceiptPage';
export { default as EReceiptsPage } from './EReceiptsPage';
