// Stock-taking: the counting screen /StockTaking/{id} (scan-first, live progress, review, post) and
// the per-inventory list shown on /Inventories/{id}.
import { lazy } from 'react';

export const pages = {
  'StockTaking-id': lazy(() => import('./components/StockTakingPage')),
};
