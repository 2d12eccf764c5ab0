// Reports (issue 19): the /Reports hub and the sales reports (/Reports/Sales, …), each the
// report-page kit (components/ReportPage.tsx) over /api/Reports/{key}.
import { lazy } from 'react';

const sales = (key: string) =>
  lazy(() =>
    import('./components/SalesReportPages').then((m) => ({ default: m.salesReportPage(key) })),
  );

export const pages = {
  Reports: lazy(() => import('./components/ReportsHubPage')),
  Sales: sales('Sales'),
  SalesByProduct: sales('SalesByProduct'),
  SalesByCategory: sales('SalesByCategory'),
  SalesByCashier: sales('SalesByCashier'),
  SalesByPaymentMethod: sales('SalesByPaymentMethod'),
  Returns: sales('Returns'),
  Discounts: sales('Discounts'),
  HourlyHeatmap: sales('HourlyHeatmap'),
};
