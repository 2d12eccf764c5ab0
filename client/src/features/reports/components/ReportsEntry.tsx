import { lazy } from 'react';
import { useLocation, useParams } from 'react-router';

// The reports' one page as the page registry loads it (/Reports, /Reports/:key, /statistics and
// /Performance): this small
// chunk is all the shell names (the sign-in page's JS budget), the hub or the report kit and
// their libraries load from here.
const Hub = lazy(() => import('./ReportsHubPage'));
const Report = lazy(() => import('./ReportPage'));
const Statistics = lazy(() => import('./StatisticsPage'));
const Performance = lazy(() => import('./PerformancePage'));

export default function ReportsEntry() {
  const key = useParams().key;
  const path = useLocation().pathname.toLowerCase();
  // /statistics and /Performance (issue 19 part B) come through the same entry.
  if (path === '/statistics') return <Statistics />;
  if (path === '/performance') return <Performance />;
  return key ? <Report /> : <Hub />;
}
