// Vendors (issue 14): the list and form on the resource kit, and each vendor's account page
// (statement, open invoices with aging, payments with a printed receipt).
import { lazy } from 'react';

export const pages = {
  Vendors: lazy(() => import('./components/VendorsPage')),
  'Vendors-id': lazy(() => import('./components/VendorPage')),
};
