// Statistics: the owner's visual page (/statistics) and staff performance (/Performance), both
// reading the server's aggregates through GET /api/Statistics and /api/Performance.
import { lazy } from 'react';

export const pages = {
  statistics: lazy(() => import('./components/StatisticsPage')),
  Performance: lazy(() => import('./components/PerformancePage')),
};
