// Sales back office: invoices (list, detail, reprint, return, edit with history), shifts (X/Z
// reports, closing with a cash count), payment methods and the daily report. The selling screen
// itself is features/pos.
import { lazy } from 'react';

export const pages = {
  invoices: lazy(() => import('./components/InvoicesPage')),
  'invoices-id': lazy(() => import('./components/InvoicePage')),
  Shift: lazy(() => import('./components/ShiftsPage')),
  'Shift-id': lazy(() => import('./components/ShiftPage')),
  PaymentMethods: lazy(() => import('./components/PaymentMethodsPage')),
  DailyReport: lazy(() => import('./components/DailyReportPage')),
};
