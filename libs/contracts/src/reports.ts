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
  /** one variant (the stock movement report) */
  'variant',
  /** a number of days (dead stock: no sale in N days) */
  'days',
  /** customers, vendors or both (balances) */
  'party',
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
  {
    key: 'SalesByCashier',
    permissions: ['can_see_performance'],
    filters: ['period', 'branch', 'cashier'],
  },
  { key: 'SalesByPaymentMethod', permissions: [], filters: ['period', 'branch', 'method'] },
  { key: 'Returns', permissions: [], filters: ['period', 'branch'] },
  {
    key: 'Discounts',
    permissions: ['can_see_performance'],
    filters: ['period', 'branch', 'cashier'],
  },
  { key: 'HourlyHeatmap', permissions: [], filters: ['period', 'branch', 'cashier'] },
  /** per promotion and coupon code: sales, units, discount given, net sales (issue 33 item 7) */
  { key: 'PromotionEffect', permissions: [], filters: ['period', 'branch'] },
];

/**
 * The stock, tax, expense and balance reports (issue 19, part B): behind the same /Reports/:key
 * route as the sales reports; the permission keys open each one (the server enforces them).
 */
export const STATS_REPORTS: ReportMeta[] = [
  {
    key: 'InventoryValuation',
    permissions: ['can_see_inventories'],
    filters: ['branch', 'category'],
  },
  {
    key: 'StockMovement',
    permissions: ['can_see_inventories'],
    filters: ['period', 'branch', 'variant'],
  },
  { key: 'DeadStock', permissions: ['can_see_products'], filters: ['branch', 'category', 'days'] },
  /** per inventory and lot: expiry and on hand, value at cost with can_see_buy_price (issue 34) */
  { key: 'StockByBatch', permissions: ['can_see_inventories'], filters: ['branch', 'category'] },
  { key: 'Vat', permissions: ['can_see_totals'], filters: ['period', 'branch'] },
  { key: 'ExpensesByCategory', permissions: ['can_see_expenses'], filters: ['period', 'branch'] },
  { key: 'Balances', permissions: ['can_see_customer_depts'], filters: ['party'] },
  /** gift cards, store credit and loyalty points outstanding now (issue 33 item 7) */
  { key: 'Liabilities', permissions: ['can_see_totals'], filters: [] },
];
