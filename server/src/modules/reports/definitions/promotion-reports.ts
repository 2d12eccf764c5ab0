import type { ReportDefinition } from '../registry/report-definition';
import { cols } from './report-columns';
import { branchIs, inDays } from './report-sql';

// The promotions' effect (issue 33 item 7, docs/decisions/0090): per promotion, and per coupon
// code for a coupon promotion, the sales it priced in the period and branch, the units and the
// net sales (VAT included, after every discount) of the lines it was on, and what it gave
// (its shares of the lines' discounts, sale_lines.pricing). Figures as sold: returns are the
// Returns report's. A sale or a line with two promotions counts for each, so only the discount
// has a total.

export const PROMOTION_REPORT_DEFINITIONS: ReportDefinition[] = [
  {
    key: 'PromotionEffect',
    permissions: [],
    filters: ['period', 'branch'],
    sort: '-discounts',
    columns: [
      ...cols('id', 'id'),
      ...cols('text', 'promotion code'),
      ...cols('count', 'invoices'),
      ...cols('quantity', 'quantity'),
      ...cols('money', 'discounts', { total: 'sum' }),
      ...cols('money', 'net_sales'),
    ],
    chart: { kind: 'bar', x: 'promotion', series: ['discounts'] },
    query: (ctx) =>
      `SELECT s.promotion_id || COALESCE(':' || NULLIF(s.code, ''), '') AS id,
              COALESCE(pr.name, s.name) AS promotion, s.code, s.invoices, s.quantity, s.discounts, s.net_sales
         FROM (SELECT e->>'promotionId' AS promotion_id, COALESCE(e->>'code', '') AS code, max(e->>'name') AS name,
                      count(DISTINCT i.id)::int AS invoices, sum(l.quantity) AS quantity,
                      sum((e->>'amount')::bigint) AS discounts, sum(l.line_total) AS net_sales
                 FROM sales_invoices i JOIN sale_lines l ON l.invoice_id = i.id
                 CROSS JOIN LATERAL jsonb_array_elements(l.pricing->'promotions') e
                WHERE ${inDays(ctx, 'i.created_at')} AND ${branchIs(ctx, 'i.branch_id')}
                  AND l.pricing IS NOT NULL AND jsonb_typeof(l.pricing->'promotions') = 'array'
                GROUP BY 1, 2) s
         LEFT JOIN promotions pr ON pr.id::text = s.promotion_id`,
  },
];
