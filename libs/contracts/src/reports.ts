import type { PermissionKey } from './permissions';

// The sales reports' keys and filters (issue 19), free of decorators so that any code (the e2e
// walk, the client's shell-free pages) can read them; the DTOs are in dto/reports.dto.ts.

/** The filters a report can take (each report lists the ones it uses). */
export const REPORT_FILTERS = [
  'period',
  'branch',
  'cashier',
  'category',
  'method',
  'groupBy',
] as const;
export type ReportFilter = (typeof REPORT_FILTERS)[number];

/** What the server and the client both know of a sales report (the server adds its query). */
export type ReportMeta = {
  key: string;
  permissions: PermissionKey[];
  filters: ReportFilter[];
};

export const SALES_REPORTS: ReportMeta[] = [
  { key: 'Sales', permissions: [], filters: ['period', 'branch', 'cashier', 'groupBy'] },
  { key: 'SalesByProduct', permissions: [], filters: ['period', 'branch', 'category'] },
  { key: 'SalesByCategory', permissions: [], filters: ['period', 'branch'] },
  { key: 'SalesByCashier', permissions: [], filters: ['period', 'branch', 'cashier'] },
  { key: 'SalesByPaymentMethod', permissions: [], filters: ['period', 'branch', 'method'] },
  { key: 'Returns', permissions: [], filters: ['period', 'branch'] },
  { key: 'Discounts', permissions: [], filters: ['period', 'branch', 'cashier'] },
  { key: 'HourlyHeatmap', permissions: [], filters: ['period', 'branch', 'cashier'] },
];
