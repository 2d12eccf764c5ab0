import type { ReportContext } from '../registry/report-definition';

// The SQL pieces the registered reports share (issue 31 item 4: one report engine): filters by
// branch, category and days, and names in the request's language. Values go through `ctx.p`.

/** A name in the request's language: the English one when asked for and present, else Arabic. */
export const localName = (ctx: ReportContext, ar: string, en: string) =>
  ctx.locale === 'en' ? `COALESCE(NULLIF(${en}, ''), ${ar})` : ar;

/** The report's branch, when it has one, on a branch column; TRUE for every branch. */
export const branchIs = (ctx: ReportContext, col: string) =>
  ctx.filters.branchId ? `${col} = ${ctx.p(ctx.filters.branchId)}::uuid` : 'TRUE';

/** The ids of the report's category and of the categories under it. */
export const categoryTree = (ctx: ReportContext, categoryId: string) =>
  `WITH RECURSIVE tree AS (SELECT id FROM categories WHERE id = ${ctx.p(categoryId)}::uuid
                           UNION ALL SELECT c.id FROM categories c JOIN tree t ON c.parent_id = t.id)
   SELECT id FROM tree`;

/** Products of the report's category and of the categories under it; TRUE without a category. */
export function inCategory(ctx: ReportContext, productCategory: string): string {
  if (!ctx.filters.categoryId) return 'TRUE';
  return `${productCategory} IN (${categoryTree(ctx, ctx.filters.categoryId)})`;
}

/** [start, end) of the period's business days as moments, on a timestamptz column. */
export const inDays = (ctx: ReportContext, col: string) =>
  `${col} >= (${ctx.p(ctx.filters.from)}::date)::timestamp AT TIME ZONE ${ctx.p(ctx.timeZone)}
   AND ${col} < (${ctx.p(ctx.filters.to)}::date + 1)::timestamp AT TIME ZONE ${ctx.p(ctx.timeZone)}`;
