// The report aggregates (issue 19 item 4; docs/decisions/ "Report aggregates"): one place that
// says what each aggregate row sums, used three ways with the same SQL:
//  - by the domain-event subscribers, for one sale / return / edit, queued into the command's
//    final statement (`tx.write`), so the checkout pays no extra round trip. The tables every
//    register of a branch would share (variant × day, payment method × day) are not updated
//    there: the sale appends its rows to a delta table (an insert takes no row lock that another
//    sale waits for) and the folder (`aggregate-folder.ts`) moves the deltas into the kept tables
//    about once a second; readers read the `_live` views (kept rows plus deltas), so the figures
//    stay exact at every instant;
//  - by the backfill (`rebuildAggregatesSql`: the migration, `seed:large`, the demo seed and
//    `npm run reports:rebuild`), for the whole history;
//  - by the medium tests, which compare the kept tables with a fresh recomputation.
// Days and hours are the store's time zone (store_settings.time_zone) at the time of the fact: a
// sale by its invoice's time, a return (and its refund) by the return's time, an edit by the
// invoice's original time. Money is integer piasters; quantities numeric(16,3).

/** Per day (or month), branch and variant: what was sold and returned of the variant. */
const VARIANT_AGGREGATE = {
  keys: ['day', 'branch_id', 'variant_id'],
  measures: [
    'quantity',
    'lines',
    'revenue',
    'vat',
    'discount',
    'cost',
    'returned_quantity',
    'returned_amount',
    'returned_vat',
    'returned_cost',
  ],
} as const;

/** The tables, their keys and their additive measures (every measure is a plain sum). */
export const AGGREGATES = {
  report_sales_hourly: {
    keys: ['day', 'hour', 'branch_id', 'cashier_id'],
    measures: [
      'invoices',
      'lines',
      'items',
      'subtotal',
      'line_discounts',
      'invoice_discounts',
      'discounted_invoices',
      'vat',
      'total',
      'cost',
      'returns',
      'returned_items',
      'returned_total',
      'returned_vat',
      'returned_cost',
    ],
  },
  report_variant_daily: VARIANT_AGGREGATE,
  /** report_variant_daily rolled up by month (`day` = the month's first day): long ranges read it */
  report_variant_monthly: VARIANT_AGGREGATE,
  report_payments_daily: {
    keys: ['day', 'branch_id', 'method_id'],
    measures: ['payments', 'paid', 'refunds', 'refunded'],
  },
  report_returns_daily: {
    keys: ['day', 'branch_id', 'reason'],
    measures: ['returns', 'lines', 'quantity', 'amount', 'cost'],
  },
} as const;

export type AggregateTable = keyof typeof AGGREGATES;
export const AGGREGATE_TABLE_NAMES = Object.keys(AGGREGATES) as AggregateTable[];

/**
 * The append-only delta tables (same columns as their kept table, no key) and the views readers
 * use: the kept rows plus the deltas not yet folded in. report_variant_delta feeds both the daily
 * and the monthly table.
 */
export const DELTAS = {
  report_variant_delta: { of: 'report_variant_daily' },
  report_payments_delta: { of: 'report_payments_daily' },
} as const;
export type DeltaTable = keyof typeof DELTAS;

/** What a reader reads for each table: its live view where it has deltas, else the table. */
export const LIVE: Record<AggregateTable, string> = {
  report_sales_hourly: 'report_sales_hourly',
  report_variant_daily: 'report_variant_daily_live',
  report_variant_monthly: 'report_variant_monthly_live',
  report_payments_daily: 'report_payments_daily_live',
  report_returns_daily: 'report_returns_daily',
};

/** The columns of a kept table, keys then measures. */
const columnsOf = (table: AggregateTable) => [
  ...AGGREGATES[table].keys,
  ...AGGREGATES[table].measures,
];

/** Appends the rows of `source` (the kept table's keys then measures) to a delta table. */
export function appendTo(delta: DeltaTable, source: string): string {
  return `INSERT INTO ${delta} (${columnsOf(DELTAS[delta].of).join(', ')}) ${source}`;
}

/** Local day and hour of a timestamptz column in the time zone expression `tz`. */
const day = (col: string, tz: string) => `(${col} AT TIME ZONE ${tz})::date`;
const hour = (col: string, tz: string) => `extract(hour FROM ${col} AT TIME ZONE ${tz})::smallint`;

/**
 * Row sources: SELECTs yielding the table's keys then its measures in AGGREGATES order, for the
 * documents matching `where` (a condition on the aliases the source names).
 */
export const sources = {
  /** i = sales_invoices */
  salesHourly: (tz: string, where: string) =>
    `SELECT ${day('i.created_at', tz)} AS day, ${hour('i.created_at', tz)} AS hour, i.branch_id, i.cashier_id,
            1 AS invoices, l.n AS lines, l.q AS items, i.subtotal, i.line_discount_total AS line_discounts,
            i.invoice_discount AS invoice_discounts, (i.line_discount_total + i.invoice_discount > 0)::int AS discounted_invoices,
            i.vat_total AS vat, i.total, i.cost_total AS cost,
            0 AS returns, 0 AS returned_items, 0 AS returned_total, 0 AS returned_vat, 0 AS returned_cost
       FROM sales_invoices i
       CROSS JOIN LATERAL (SELECT count(*)::int AS n, COALESCE(sum(quantity), 0) AS q FROM sale_lines WHERE invoice_id = i.id) l
      WHERE ${where}`,
  /** r = sale_returns */
  returnsHourly: (tz: string, where: string) =>
    `SELECT ${day('r.created_at', tz)} AS day, ${hour('r.created_at', tz)} AS hour, r.branch_id, r.cashier_id,
            0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
            1, rl.q, r.total, rl.vat, r.cost_total
       FROM sale_returns r
       CROSS JOIN LATERAL (SELECT COALESCE(sum(quantity), 0) AS q, COALESCE(sum(vat_amount), 0)::bigint AS vat FROM sale_return_lines WHERE return_id = r.id) rl
      WHERE ${where}`,
  /** l = sale_lines, i = sales_invoices */
  linesVariant: (tz: string, where: string) =>
    `SELECT ${day('i.created_at', tz)} AS day, i.branch_id, l.variant_id,
            l.quantity, 1, l.line_total, l.vat_amount, l.discount + l.invoice_discount_share, round(l.quantity * l.unit_cost)::bigint,
            0, 0, 0, 0
       FROM sale_lines l JOIN sales_invoices i ON i.id = l.invoice_id
      WHERE ${where}`,
  /** rl = sale_return_lines, r = sale_returns, l = sale_lines */
  returnLinesVariant: (tz: string, where: string) =>
    `SELECT ${day('r.created_at', tz)} AS day, r.branch_id, l.variant_id,
            0, 0, 0, 0, 0, 0,
            rl.quantity, rl.amount, rl.vat_amount, round(rl.quantity * l.unit_cost)::bigint
       FROM sale_return_lines rl JOIN sale_returns r ON r.id = rl.return_id JOIN sale_lines l ON l.id = rl.sale_line_id
      WHERE ${where}`,
  /** p = sale_payments (kind payment), i = sales_invoices */
  payments: (tz: string, where: string) =>
    `SELECT ${day('i.created_at', tz)} AS day, p.branch_id, p.method_id, 1, p.amount, 0, 0
       FROM sale_payments p JOIN sales_invoices i ON i.id = p.invoice_id
      WHERE p.kind = 'payment' AND ${where}`,
  /** p = sale_payments (kind refund), r = sale_returns */
  refunds: (tz: string, where: string) =>
    `SELECT ${day('r.created_at', tz)} AS day, p.branch_id, p.method_id, 0, 0, 1, p.amount
       FROM sale_payments p JOIN sale_returns r ON r.id = p.return_id
      WHERE p.kind = 'refund' AND ${where}`,
  /** r = sale_returns */
  returnsByReason: (tz: string, where: string) =>
    `SELECT ${day('r.created_at', tz)} AS day, r.branch_id, COALESCE(NULLIF(btrim(r.reason), ''), '') AS reason,
            1, rl.n, rl.q, r.total, r.cost_total
       FROM sale_returns r
       CROSS JOIN LATERAL (SELECT count(*)::int AS n, COALESCE(sum(quantity), 0) AS q FROM sale_return_lines WHERE return_id = r.id) rl
      WHERE ${where}`,
};

/** A variant-day source's rows moved to their month (for report_variant_monthly). */
export const monthly = (variantSource: string) => {
  const cols = [
    ...AGGREGATES.report_variant_daily.keys,
    ...AGGREGATES.report_variant_daily.measures,
  ];
  return `SELECT date_trunc('month', m.day)::date AS day, ${cols
    .slice(1)
    .map((c) => `m.${c}`)
    .join(', ')}
            FROM (${variantSource}) AS m(${cols.join(', ')})`;
};

/**
 * Adds the rows of `source` (keys then measures, any number of rows per key, signed) into
 * `table`: grouped first, so one statement never touches a row twice.
 */
export function upsertInto(table: AggregateTable, source: string): string {
  const { keys, measures } = AGGREGATES[table];
  const cols = [...keys, ...measures];
  const alias = cols.map((c) => `"${c}"`).join(', ');
  return `INSERT INTO ${table} AS t (${cols.join(', ')})
    SELECT ${keys.map((k) => `s."${k}"`).join(', ')}, ${measures.map((m) => `sum(s."${m}")`).join(', ')}
      FROM (${source}) AS s(${alias})
     GROUP BY ${keys.map((k) => `s."${k}"`).join(', ')}
    ON CONFLICT (${keys.join(', ')}) DO UPDATE SET
      ${measures.map((m) => `${m} = t.${m} + EXCLUDED.${m}`).join(', ')}`;
}

/** The store's time zone as SQL, with the configured default bound for a store without settings. */
export const storeTz = (defaultTz: string) =>
  `COALESCE((SELECT time_zone FROM store_settings WHERE id = 1), '${defaultTz.replace(/'/g, "''")}')`;

/**
 * The whole history recomputed from the raw lines (the backfill): empties the tables and refills
 * them. `$1` is the time zone. For the migration, the seeds and the CLI — not for a live store
 * taking sales (a sale committing during the rebuild could be counted twice or not at all).
 */
export function rebuildAggregatesSql(): string[] {
  const tz = '$1::text';
  return [
    `TRUNCATE ${[...AGGREGATE_TABLE_NAMES, ...Object.keys(DELTAS)].join(', ')}`,
    upsertInto(
      'report_sales_hourly',
      `${sources.salesHourly(tz, 'true')} UNION ALL ${sources.returnsHourly(tz, 'true')}`,
    ),
    upsertInto(
      'report_variant_daily',
      `${sources.linesVariant(tz, 'true')} UNION ALL ${sources.returnLinesVariant(tz, 'true')}`,
    ),
    upsertInto(
      'report_variant_monthly',
      monthly(
        `SELECT ${[...AGGREGATES.report_variant_daily.keys, ...AGGREGATES.report_variant_daily.measures].join(', ')} FROM report_variant_daily`,
      ),
    ),
    upsertInto(
      'report_payments_daily',
      `${sources.payments(tz, 'true')} UNION ALL ${sources.refunds(tz, 'true')}`,
    ),
    upsertInto('report_returns_daily', sources.returnsByReason(tz, 'true')),
    `ANALYZE ${AGGREGATE_TABLE_NAMES.join(', ')}`,
  ];
}

/**
 * What the aggregates should hold, recomputed from the raw lines without touching them: one
 * SELECT per table, rows of (keys…, measures…) with zero rows dropped, ordered by the keys (for
 * the medium tests' comparison with the kept tables). `$1` is the time zone.
 */
export function recomputeSql(table: AggregateTable): string {
  const tz = '$1::text';
  const source = {
    report_sales_hourly: `${sources.salesHourly(tz, 'true')} UNION ALL ${sources.returnsHourly(tz, 'true')}`,
    report_variant_daily: `${sources.linesVariant(tz, 'true')} UNION ALL ${sources.returnLinesVariant(tz, 'true')}`,
    report_variant_monthly: monthly(
      `${sources.linesVariant(tz, 'true')} UNION ALL ${sources.returnLinesVariant(tz, 'true')}`,
    ),
    report_payments_daily: `${sources.payments(tz, 'true')} UNION ALL ${sources.refunds(tz, 'true')}`,
    report_returns_daily: sources.returnsByReason(tz, 'true'),
  }[table];
  const { keys, measures } = AGGREGATES[table];
  const alias = [...keys, ...measures].map((c) => `"${c}"`).join(', ');
  return `SELECT ${keys.map((k) => `s."${k}"::text AS "${k}"`).join(', ')}, ${measures.map((m) => `trim_scale(sum(s."${m}")::numeric)::text AS "${m}"`).join(', ')}
      FROM (${source}) AS s(${alias})
     GROUP BY ${keys.map((k) => `s."${k}"`).join(', ')}
    HAVING ${measures.map((m) => `sum(s."${m}") <> 0`).join(' OR ')}
     ORDER BY ${keys.map((k) => `s."${k}"::text`).join(', ')}`;
}

/**
 * What readers see of a table (its live view: kept rows plus unfolded deltas, summed per key),
 * shaped like `recomputeSql` (rows whose measures are all zero dropped).
 */
export function keptSql(table: AggregateTable): string {
  const { keys, measures } = AGGREGATES[table];
  return `SELECT ${keys.map((k) => `"${k}"::text AS "${k}"`).join(', ')}, ${measures.map((m) => `trim_scale(sum("${m}")::numeric)::text AS "${m}"`).join(', ')}
      FROM ${LIVE[table]} GROUP BY ${keys.map((k) => `"${k}"`).join(', ')}
    HAVING ${measures.map((m) => `sum(${m}) <> 0`).join(' OR ')}
     ORDER BY ${keys.map((k) => `"${k}"::text`).join(', ')}`;
}

/**
 * Moves every committed delta into the kept tables in one statement (one transaction: a reader
 * sees the rows either as deltas or as kept sums, never both or neither). Rows appended by sales
 * committing meanwhile are not seen by the DELETE and wait for the next fold.
 */
export function foldSql(): string[] {
  const variantCols = columnsOf('report_variant_daily').join(', ');
  const paymentCols = columnsOf('report_payments_daily').join(', ');
  return [
    `WITH d AS (DELETE FROM report_variant_delta RETURNING ${variantCols}),
          daily AS (${upsertInto('report_variant_daily', 'SELECT * FROM d')} RETURNING 1)
     ${upsertInto('report_variant_monthly', monthly('SELECT * FROM d'))}`,
    `WITH d AS (DELETE FROM report_payments_delta RETURNING ${paymentCols})
     ${upsertInto('report_payments_daily', 'SELECT * FROM d')}`,
  ];
}

/** The DDL of a variant aggregate (VARIANT_AGGREGATE's columns), daily or monthly. */
const variantTableSql = (table: string) => `CREATE TABLE IF NOT EXISTS ${table} (
     day date NOT NULL, branch_id uuid NOT NULL, variant_id uuid NOT NULL,
     quantity numeric(16, 3) NOT NULL DEFAULT 0, lines integer NOT NULL DEFAULT 0, revenue bigint NOT NULL DEFAULT 0,
     vat bigint NOT NULL DEFAULT 0, discount bigint NOT NULL DEFAULT 0, cost bigint NOT NULL DEFAULT 0,
     returned_quantity numeric(16, 3) NOT NULL DEFAULT 0, returned_amount bigint NOT NULL DEFAULT 0,
     returned_vat bigint NOT NULL DEFAULT 0, returned_cost bigint NOT NULL DEFAULT 0,
     CONSTRAINT "PK_${table}" PRIMARY KEY (day, branch_id, variant_id))`;

/** The tables, the delta tables and the live views (the migrations run it; idempotent). */
export const AGGREGATE_TABLES_DDL = [
  `CREATE TABLE IF NOT EXISTS report_sales_hourly (
     day date NOT NULL, hour smallint NOT NULL, branch_id uuid NOT NULL, cashier_id uuid NOT NULL,
     invoices integer NOT NULL DEFAULT 0, lines integer NOT NULL DEFAULT 0, items numeric(16, 3) NOT NULL DEFAULT 0,
     subtotal bigint NOT NULL DEFAULT 0, line_discounts bigint NOT NULL DEFAULT 0, invoice_discounts bigint NOT NULL DEFAULT 0,
     discounted_invoices integer NOT NULL DEFAULT 0, vat bigint NOT NULL DEFAULT 0, total bigint NOT NULL DEFAULT 0, cost bigint NOT NULL DEFAULT 0,
     returns integer NOT NULL DEFAULT 0, returned_items numeric(16, 3) NOT NULL DEFAULT 0, returned_total bigint NOT NULL DEFAULT 0,
     returned_vat bigint NOT NULL DEFAULT 0, returned_cost bigint NOT NULL DEFAULT 0,
     CONSTRAINT "PK_report_sales_hourly" PRIMARY KEY (day, hour, branch_id, cashier_id))`,
  `CREATE INDEX IF NOT EXISTS "IDX_report_sales_hourly_branch_day" ON report_sales_hourly (branch_id, day)`,
  variantTableSql('report_variant_daily'),
  `CREATE INDEX IF NOT EXISTS "IDX_report_variant_daily_branch_day" ON report_variant_daily (branch_id, day)`,
  `CREATE INDEX IF NOT EXISTS "IDX_report_variant_daily_variant" ON report_variant_daily (variant_id, day)`,
  variantTableSql('report_variant_monthly'),
  `CREATE TABLE IF NOT EXISTS report_payments_daily (
     day date NOT NULL, branch_id uuid NOT NULL, method_id uuid NOT NULL,
     payments integer NOT NULL DEFAULT 0, paid bigint NOT NULL DEFAULT 0, refunds integer NOT NULL DEFAULT 0, refunded bigint NOT NULL DEFAULT 0,
     CONSTRAINT "PK_report_payments_daily" PRIMARY KEY (day, branch_id, method_id))`,
  `CREATE TABLE IF NOT EXISTS report_returns_daily (
     day date NOT NULL, branch_id uuid NOT NULL, reason text NOT NULL,
     returns integer NOT NULL DEFAULT 0, lines integer NOT NULL DEFAULT 0, quantity numeric(16, 3) NOT NULL DEFAULT 0,
     amount bigint NOT NULL DEFAULT 0, cost bigint NOT NULL DEFAULT 0,
     CONSTRAINT "PK_report_returns_daily" PRIMARY KEY (day, branch_id, reason))`,
  ...AGGREGATE_DELTAS_DDL(),
];

/** The delta tables and the live views (AGGREGATE_TABLES_DDL's last part; idempotent). */
export function AGGREGATE_DELTAS_DDL(): string[] {
  const variantCols = columnsOf('report_variant_daily').join(', ');
  return [
    `CREATE TABLE IF NOT EXISTS report_variant_delta (LIKE report_variant_daily INCLUDING DEFAULTS)`,
    `CREATE TABLE IF NOT EXISTS report_payments_delta (LIKE report_payments_daily INCLUDING DEFAULTS)`,
    `CREATE OR REPLACE VIEW report_variant_daily_live AS
       SELECT ${variantCols} FROM report_variant_daily UNION ALL SELECT ${variantCols} FROM report_variant_delta`,
    `CREATE OR REPLACE VIEW report_variant_monthly_live AS
       SELECT ${variantCols} FROM report_variant_monthly UNION ALL ${monthly(`SELECT ${variantCols} FROM report_variant_delta`)}`,
    `CREATE OR REPLACE VIEW report_payments_daily_live AS
       SELECT * FROM report_payments_daily UNION ALL SELECT * FROM report_payments_delta`,
  ];
}
