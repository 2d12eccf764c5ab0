// E-invoices (issue 17 item 4): B2B invoices and credit/debit notes signed and sent to ETA.
// One lazy entry for the three routes (the chunk picks the page by its route): the shell carries
// one import instead of three (the sign-in budget counts every byte of the shell).
import { lazy } from 'react';

const EInvoices = lazy(() => import('./components/Routes'));

export const pages = {
  'E-invoices': EInvoices,
  'E-invoices-New': EInvoices,
  'E-invoices-id': EInvoices,
};
