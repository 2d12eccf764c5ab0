import { AGGREGATES } from './aggregate-sql';

// The variants' figures over a range of business days, read from the fewest aggregate rows: the
// month table (one row per month, branch and variant) wherever a month counts whole, the day table
// for the other days; a month the range cuts but keeps most of is read as its month row less the
// days left out (the measures are sums, so they subtract). About 90 days then read at most
// half a month of day rows at each end instead of up to two months of them.

const DAY_MS = 86_400_000;
const utc = (day: string) => Date.parse(`${day}T00:00:00Z`);
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const nextMonth = (ms: number) => {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
};

/** One part of a range: `table`'s rows with from ≤ day < to (YYYY-MM-DD), added or taken away. */
export type VariantPart = { table: 'daily' | 'monthly'; from: string; to: string; sign: 1 | -1 };

/**
 * The parts that make [from, to] (both included). With `today` (the store's day) and `to` on or
 * after it, the days after `to` have no figures yet, so the month of `to` counts whole at its end.
 */
export function variantParts(from: string, to: string, today?: string): VariantPart[] {
  const start = utc(from);
  const endExcl = utc(to) + DAY_MS;
  const openEnd = today !== undefined && to >= today;
  const cap = today !== undefined ? utc(today) + DAY_MS : Infinity;
  const daysWithFigures = (a: number, b: number) => Math.max(0, Math.min(b, cap) - a) / DAY_MS;
  const parts: VariantPart[] = [];
  const add = (table: VariantPart['table'], a: number, b: number, sign: 1 | -1) => {
    if (a >= b) return;
    // Adjacent parts of the same table and sign read as one range.
    const before = parts.find((p) => p.table === table && p.sign === sign && p.to === iso(a));
    if (before) before.to = iso(b);
    else parts.push({ table, from: iso(a), to: iso(b), sign });
  };
  const firstMonth = Date.UTC(new Date(start).getUTCFullYear(), new Date(start).getUTCMonth(), 1);
  for (let ms = firstMonth; ms < endExcl; ms = nextMonth(ms)) {
    const me = nextMonth(ms);
    const lo = Math.max(start, ms);
    const hi = openEnd && endExcl <= me ? me : Math.min(endExcl, me);
    // Rows read, counted in days that can have figures (none after today); a month row as a day.
    const direct = daysWithFigures(lo, hi);
    const complement = 1 + daysWithFigures(ms, lo) + daysWithFigures(hi, me);
    if (lo === ms && hi === me) add('monthly', ms, me, 1);
    else if (direct <= complement) add('daily', lo, hi, 1);
    else {
      add('monthly', ms, me, 1);
      add('daily', ms, lo, -1);
      add('daily', hi, me, -1);
    }
  }
  // Taken-away parts after the added ones (each part is its own SELECT; order is only cosmetic).
  return [...parts.filter((p) => p.sign === 1), ...parts.filter((p) => p.sign === -1)];
}

const VARIANT = AGGREGATES.report_variant_daily;

/**
 * The variant-day rows of [from, to] as one source (the day table's columns; a monthly row's `day`
 * is its month's first day): `bind` binds a value as a parameter and answers its placeholder,
 * `where` adds conditions on `a` (branch, category…; 'TRUE' for none).
 */
export function variantRowsSql(
  range: { from: string; to: string; today?: string },
  bind: (value: unknown) => string,
  where: string,
): string {
  return variantParts(range.from, range.to, range.today)
    .map((part) => {
      const measures = VARIANT.measures.map((m) =>
        part.sign === 1 ? `a.${m}` : `-a.${m} AS ${m}`,
      );
      return `SELECT ${VARIANT.keys.map((k) => `a.${k}`).join(', ')}, ${measures.join(', ')}
                FROM report_variant_${part.table}_live a
               WHERE a.day >= ${bind(part.from)}::date AND a.day < ${bind(part.to)}::date AND ${where}`;
    })
    .join('\n UNION ALL ');
}
