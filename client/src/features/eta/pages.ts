// ETA e-receipts (issue 17): company info, the receipts list and one receipt. The e-invoice pages
// (/E-invoices, /E-invoices/New, /E-invoices/{id}) live in features/einvoices. One chunk for the
// three: one dynamic import in the shell, whose /login budget has no room for three.
import { lazy } from 'react';

const load = () => import('./components/routes');

export const pages = {
  'E-invoices-CompanyInfo': lazy(() => load().then((m) => ({ default: m.CompanyInfoPage }))),
  'E-receipts': lazy(() => load().then((m) => ({ default: m.EReceiptsPage }))),
  'E-receipts-id': lazy(() => load().then((m) => ({ default: m.EReceiptPage }))),
};
