// Reports (issue 19): the /Reports hub and the sales reports (/Reports/Sales, …: the one route
// /Reports/:key), each the report-page kit (components/ReportPage.tsx) over /api/Reports/{key}.
// /statistics and /Performance (the owner's charts and staff performance) come with them.
// The routes share one small entry chunk (components/ReportsEntry.tsx): the sign-in page's budget.
import { lazy } from 'react';

const Reports = lazy(() => import('./components/ReportsEntry'));

export const pages = { Reports, Report: Reports, statistics: Reports, Performance: Reports };
