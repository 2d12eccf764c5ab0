// Transfers: requests to move stock between inventories (list with counts, request page with its
// steps, printable note) and the live toasts/sidebar badge. Owns /Inventories/TransferRequests(/{id}).
import { lazy } from 'react';

export const pages = {
  'Inventories-TransferRequests': lazy(() => import('./components/TransferRequestsPage')),
  'Inventories-TransferRequests-id': lazy(() => import('./components/TransferRequestPage')),
};
