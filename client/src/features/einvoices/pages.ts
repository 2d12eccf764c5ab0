// E-invoices (issue 17 item 4): B2B invoices and credit/debit notes signed and sent to ETA.
import { lazy } from 'react';

export const pages = {
  'E-invoices': lazy(() => import('./components/EInvoicesPage')),
  'E-invoices-New': lazy(() => import('./components/NewEInvoicePage')),
  'E-invoices-id': lazy(() => import('./components/EInvoicePage')),
};
