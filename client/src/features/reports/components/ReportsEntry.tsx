import { lazy } from 'react';
import { useParams } from 'react-router';

// The reports' one page as the page registry loads it (/Reports and /Reports/:key): this small
// chunk is all the shell names (the sign-in page's JS budget), the hub or the report kit and
// their libraries load from here.
const Hub = lazy(() => import('./ReportsHubPage'));
const Report = lazy(() => import('./SalesReportPage'));

export default function ReportsEntry() {
  return useParams().key ? <Report /> : <Hub />;
}
