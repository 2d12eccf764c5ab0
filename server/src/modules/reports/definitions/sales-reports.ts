import { variantRowsSql } from '../aggregates/variant-range';
import type { ReportColumn, ReportContext, ReportDefinition } from '../registry/report-definition';
import { AVG_BASKET, cols, PROFIT_SUM, SUM } from './report-columns';
import { branchIs, categoryTree, localName } from './report-sql';

// The sales reports (issue 19 item 1), each a query over the report aggregates
// (aggregates/aggregate-sql.ts). Revenue figures include VAT (as prices do); "net" is after
// returns; profit = revenue − VAT − cost, net of the returned revenue, VAT and cost.

/** day range, branch and (optionally) cashier over an aggregate aliased `a` */
function where(ctx: ReportContext, opts: { cashier?: boolean } = {}): string {
  const { filters: f, p } = ctx;
  const parts = [`a.day BETWEEN ${p(f.from)}::date AND ${p(f.to)}::date`];
  if (f.branchId) parts.push(`a.branch_id = ${p(f.branchId)}::uuid`);
  if (opts.cashier && f.cashierId) parts.push(`a.cashier_id = ${p(f.cashierId)}::uuid`);
  return parts.join(' AND ');
}

const name = localName;

/** The period a day falls in: the day, its week (from Saturday, the store's week) or month. */
function bucket(ctx: ReportContext, col: string): string {
  const by = ctx.filters.groupBy;
  if (by === 'week') return `(${col} - ((extract(dow FROM ${col})::int + 1) % 7))`;
  if (by === 'month') return `date_trunc('month', ${col})::date`;
  return col;
}

const PROFIT_HOURLY = `sum(a.total - a.vat - a.cost - (a.returned_total - a.returned_vat - a.returned_cost))`;
/** profit over the net sales before VAT */
const MARGIN: ReportColumn = {
  key: 'margin',
  type: 'percent',
  profit: true,
  total: `round(100.0 * sum(profit) / NULLIF(sum(net_sales) - sum(vat), 0), 1)`,
};

/** The variants' figures in the period, summed per variant before any name is joined. */
function variantSums(ctx: ReportContext): string {
  const { filters: f, p } = ctx;
  const category = f.categoryId
    ? ` AND a.variant_id IN (
         SELECT v.id FROM variants v JOIN products pr ON pr.id = v.product_id
          WHERE pr.category_id IN (${categoryTree(ctx, f.categoryId)}))`
    : '';
  const rows = variantRowsSql(
    { from: f.from, to: f.to, today: ctx.today },
    p,
    `${branchIs(ctx, 'a.branch_id')}${category}`,
  );
  return `SELECT a.variant_id, sum(a.quantity - a.returned_quantity) AS quantity, sum(a.revenue) AS revenue,
                 sum(a.returned_amount) AS returns, sum(a.revenue - a.returned_amount) AS net_sales,
                 sum(a.vat - a.returned_vat) AS vat, sum(a.discount) AS discounts, sum(a.cost - a.returned_cost) AS cost,
                 sum(a.revenue - a.vat - a.cost - (a.returned_amount - a.returned_vat - a.returned_cost)) AS profit
            FROM (${rows}) a
           GROUP BY a.variant_id
          -- a month row less the days left out can leave a variant with nothing in the period
          HAVING sum(a.lines) <> 0 OR sum(a.returned_quantity) <> 0`;
}

export const SALES_REPORT_DEFINITIONS: ReportDefinition[] = [
  {
    key: 'Sales',
    permissions: [],
    filters: ['period', 'branch', 'cashier', 'groupBy'],
    sort: 'period',
    columns: [
      ...cols('date', 'period'),
      ...cols('count', 'invoices', SUM),
      ...cols('quantity', 'items', SUM),
      ...cols('money', 'sales returns net_sales vat', SUM),
      AVG_BASKET,
      ...cols('money', 'profit', PROFIT_SUM),
      MARGIN,
    ],
    chart: { kind: 'line', x: 'period', series: ['net_sales', 'profit'] },
    query: (ctx) => {
      const b = bucket(ctx, 'a.day');
      return `SELECT to_char(${b}, 'YYYY-MM-DD') AS period, sum(a.invoices)::int AS invoices, sum(a.items - a.returned_items) AS items,
                     sum(a.total) AS sales, sum(a.returned_total) AS returns, sum(a.total - a.returned_total) AS net_sales,
                     sum(a.vat - a.returned_vat) AS vat, round(sum(a.total) / NULLIF(sum(a.invoices), 0))::bigint AS avg_basket,
                     ${PROFIT_HOURLY} AS profit,
                     round(100.0 * ${PROFIT_HOURLY} / NULLIF(sum(a.total - a.vat - a.returned_total + a.returned_vat), 0), 1) AS margin
                FROM report_sales_hourly a WHERE ${where(ctx, { cashier: true })}
               GROUP BY ${b}`;
    },
  },
  {
    key: 'SalesByProduct',
    permissions: [],
    filters: ['period', 'branch', 'category'],
    sort: '-net_sales',
    columns: [
      ...cols('id', 'id'),
      ...cols('text', 'product sku category'),
      ...cols('quantity', 'quantity', SUM),
      ...cols('money', 'sales returns net_sales discounts', SUM),
      ...cols('money', 'cost profit', PROFIT_SUM),
      MARGIN,
    ],
    chart: { kind: 'bar', x: 'product', series: ['net_sales'] },
    query: (ctx) =>
      `SELECT s.variant_id AS id,
              ${name(ctx, 'pr.name_ar', 'pr.name_en')} ||
                COALESCE(' — ' || (SELECT string_agg(value, ' / ' ORDER BY key) FROM jsonb_each_text(v.properties)), '') AS product,
              v.sku, ${name(ctx, 'c.name', 'c.name_en')} AS category,
              s.quantity, s.revenue AS sales, s.returns, s.net_sales, s.vat, s.discounts, s.cost, s.profit,
              round(100.0 * s.profit / NULLIF(s.net_sales - s.vat, 0), 1) AS margin
         FROM (${variantSums(ctx)}) s
         JOIN variants v ON v.id = s.variant_id JOIN products pr ON pr.id = v.product_id
         LEFT JOIN categories c ON c.id = pr.category_id`,
  },
  {
    key: 'SalesByCategory',
    permissions: [],
    filters: ['period', 'branch'],
    sort: '-net_sales',
    columns: [
      ...cols('id', 'id'),
      ...cols('text', 'category'),
      ...cols('count', 'products'),
      ...cols('quantity', 'quantity', SUM),
      ...cols('money', 'sales returns net_sales', SUM),
      ...cols('percent', 'share'),
      ...cols('money', 'profit', PROFIT_SUM),
      MARGIN,
    ],
    chart: { kind: 'pie', x: 'category', series: ['net_sales'] },
    query: (ctx) =>
      `SELECT x.*, round(100.0 * x.net_sales / NULLIF(sum(x.net_sales) OVER (), 0), 1) AS share,
              round(100.0 * x.profit / NULLIF(x.net_sales - x.vat, 0), 1) AS margin
         FROM (SELECT pr.category_id AS id, COALESCE(max(${name(ctx, 'c.name', 'c.name_en')}), '') AS category,
                      count(DISTINCT pr.id)::int AS products, sum(s.quantity) AS quantity, sum(s.revenue) AS sales,
                      sum(s.returns) AS returns, sum(s.net_sales) AS net_sales, sum(s.vat) AS vat, sum(s.profit) AS profit
                 FROM (${variantSums(ctx)}) s
                 JOIN variants v ON v.id = s.variant_id JOIN products pr ON pr.id = v.product_id
                 LEFT JOIN categories c ON c.id = pr.category_id
                GROUP BY pr.category_id) x`,
  },
  {
    key: 'SalesByCashier',
    permissions: ['can_see_performance'],
    filters: ['period', 'branch', 'cashier'],
    sort: '-net_sales',
    columns: [
      ...cols('id', 'id'),
      ...cols('text', 'cashier branch'),
      ...cols('count', 'invoices', SUM),
      ...cols('quantity', 'items', SUM),
      ...cols('money', 'sales returns net_sales discounts', SUM),
      AVG_BASKET,
      ...cols('money', 'profit', PROFIT_SUM),
    ],
    chart: { kind: 'bar', x: 'cashier', series: ['net_sales'] },
    query: (ctx) =>
      `SELECT s.cashier_id AS id, u.display_name AS cashier, b.name AS branch, s.invoices, s.items, s.sales, s.returns,
              s.net_sales, s.discounts, s.avg_basket, s.profit
         FROM (SELECT a.cashier_id, a.branch_id, sum(a.invoices)::int AS invoices, sum(a.items - a.returned_items) AS items,
                      sum(a.total) AS sales, sum(a.returned_total) AS returns, sum(a.total - a.returned_total) AS net_sales,
                      sum(a.line_discounts + a.invoice_discounts) AS discounts,
                      round(sum(a.total) / NULLIF(sum(a.invoices), 0))::bigint AS avg_basket, ${PROFIT_HOURLY} AS profit
                 FROM report_sales_hourly a WHERE ${where(ctx, { cashier: true })}
                GROUP BY a.cashier_id, a.branch_id) s
         JOIN users u ON u.id = s.cashier_id JOIN branches b ON b.id = s.branch_id`,
  },
  {
    key: 'SalesByPaymentMethod',
    permissions: [],
    filters: ['period', 'branch', 'method'],
    sort: '-net',
    columns: [
      ...cols('id', 'id'),
      ...cols('text', 'method'),
      ...cols('count', 'payments', SUM),
      ...cols('money', 'paid', SUM),
      ...cols('count', 'refunds', SUM),
      ...cols('money', 'refunded net', SUM),
      ...cols('percent', 'share'),
    ],
    chart: { kind: 'pie', x: 'method', series: ['net'] },
    query: (ctx) => {
      const m = ctx.filters.methodId
        ? ` AND a.method_id = ${ctx.p(ctx.filters.methodId)}::uuid`
        : '';
      return `SELECT s.method_id AS id, ${name(ctx, 'pm.name_ar', 'pm.name_en')} AS method, s.payments, s.paid, s.refunds, s.refunded,
                     s.paid - s.refunded AS net, round(100.0 * (s.paid - s.refunded) / NULLIF(sum(s.paid - s.refunded) OVER (), 0), 1) AS share
                FROM (SELECT a.method_id, sum(a.payments)::int AS payments, sum(a.paid) AS paid, sum(a.refunds)::int AS refunds,
                             sum(a.refunded) AS refunded
                        FROM report_payments_daily_live a WHERE ${where(ctx)}${m} GROUP BY a.method_id) s
                JOIN payment_methods pm ON pm.id = s.method_id`;
    },
  },
  {
    key: 'Returns',
    permissions: [],
    filters: ['period', 'branch'],
    sort: '-amount',
    columns: [
      ...cols('text', 'reason'),
      ...cols('count', 'returns lines', SUM),
      ...cols('quantity', 'quantity', SUM),
      ...cols('money', 'amount', SUM),
      ...cols('percent', 'share'),
      ...cols('money', 'cost', PROFIT_SUM),
    ],
    chart: { kind: 'pie', x: 'reason', series: ['amount'] },
    query: (ctx) =>
      `SELECT s.*, round(100.0 * s.amount / NULLIF(sum(s.amount) OVER (), 0), 1) AS share
         FROM (SELECT a.reason, sum(a.returns)::int AS returns, sum(a.lines)::int AS lines, sum(a.quantity) AS quantity,
                      sum(a.amount) AS amount, sum(a.cost) AS cost
                 FROM report_returns_daily a WHERE ${where(ctx)} GROUP BY a.reason) s`,
  },
  {
    key: 'Discounts',
    permissions: ['can_see_performance'],
    filters: ['period', 'branch', 'cashier'],
    sort: '-discounts',
    columns: [
      ...cols('id', 'id'),
      ...cols('text', 'cashier branch'),
      ...cols('count', 'invoices discounted_invoices', SUM),
      ...cols('money', 'line_discounts invoice_discounts discounts', SUM),
      {
        key: 'discount_rate',
        type: 'percent',
        total: 'round(100.0 * sum(discounts) / NULLIF(sum(subtotal), 0), 2)',
      },
    ],
    chart: { kind: 'bar', x: 'cashier', series: ['discounts'] },
    query: (ctx) =>
      `SELECT s.cashier_id AS id, u.display_name AS cashier, b.name AS branch, s.invoices, s.discounted_invoices,
              s.line_discounts, s.invoice_discounts, s.discounts, s.subtotal,
              round(100.0 * s.discounts / NULLIF(s.subtotal, 0), 2) AS discount_rate
         FROM (SELECT a.cashier_id, a.branch_id, sum(a.invoices)::int AS invoices, sum(a.discounted_invoices)::int AS discounted_invoices,
                      sum(a.line_discounts) AS line_discounts, sum(a.invoice_discounts) AS invoice_discounts,
                      sum(a.line_discounts + a.invoice_discounts) AS discounts, sum(a.subtotal) AS subtotal
                 FROM report_sales_hourly a WHERE ${where(ctx, { cashier: true })}
                GROUP BY a.cashier_id, a.branch_id) s
         JOIN users u ON u.id = s.cashier_id JOIN branches b ON b.id = s.branch_id
        WHERE s.invoices > 0`,
  },
  {
    key: 'HourlyHeatmap',
    permissions: [],
    filters: ['period', 'branch', 'cashier'],
    sort: 'weekday',
    columns: [
      // 0 = Saturday … 6 = Friday (the store's week)
      ...cols('count', 'weekday'),
      ...cols('hour', 'hour'),
      ...cols('count', 'invoices', SUM),
      ...cols('money', 'net_sales', SUM),
      AVG_BASKET,
    ],
    chart: { kind: 'heatmap', x: 'hour', y: 'weekday', series: ['net_sales'] },
    query: (ctx) =>
      `SELECT ((extract(dow FROM a.day)::int + 1) % 7) AS weekday, a.hour::int AS hour, sum(a.invoices)::int AS invoices,
              sum(a.total) AS sales, sum(a.total - a.returned_total) AS net_sales,
              round(sum(a.total) / NULLIF(sum(a.invoices), 0))::bigint AS avg_basket
         FROM report_sales_hourly a WHERE ${where(ctx, { cashier: true })}
        GROUP BY 1, 2`,
  },
];
