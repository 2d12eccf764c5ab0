// Maintenance (issue 18 item 1): repair tickets, their flow, parts, bill and printed receipts.
import { lazy } from 'react';

export const pages = {
  Maintenance: lazy(() => import('./components/MaintenancePage')),
  'Maintenance-id': lazy(() => import('./components/TicketPage')),
};
