// `npm run bench -- report [--lines 1000000] [--days 90] [--branches 5] [--big-shift 10000] [--runs 30] [--port 3661] [--database-url URL]`
// The daily report (GET /api/DailyReport), the shift Z report (GET /api/Shift/{id}) and the trial
// balance (GET /api/reports/TrialBalance) through the real HTTP API over a sales history of --lines
// sale lines (bulk-inserted with SQL: many days, several branches and cashiers, 5 lines per
// invoice, and one shift of --big-shift invoices today, then posted to the journal in bulk), against
// a naive query of the same figures in the same run (aggregating the lines with the business day
// computed per row, or the journal lines joined to their entries, index scans off).
const { performance } = require('node:perf_hooks');
const { Client } = require('pg');
const { arg, benchDatabase, dist, percentiles, report, signIn } = require('./lib');

const LINES = Number(arg('lines', '1000000'));
const DAYS = Number(arg('days', '90'));
const BRANCHES = Number(arg('branches', '5'));
const BIG_SHIFT = Number(arg('big-shift', '10000'));
const RUNS = Number(arg('runs', '30'));
const PORT = Number(arg('port', '3661'));
const TB_NAIVE_RUNS = Math.min(RUNS, 10);
// `--only sales`: just the sales reports of /api/Reports/{key} (no journal posting, no daily/Z/TB).
const ONLY = arg('only', 'all');
// `--only stats`: just the statistics, performance and stock/tax/expense/balance reports (h-stats).
const PER_INVOICE = 5;
const CASHIERS_PER_BRANCH = 4;
const TZ = process.env.STORE_TIME_ZONE || 'Africa/Cairo';

// The history comes from the server's shared generator (server/src/seed/sales-history.ts), with
// exactly PER_INVOICE lines per invoice so --lines stays the number of sale lines.
async function seedHistory(pg) {
  const [{ n }] = (await pg.query('SELECT count(*)::int AS n FROM sale_lines')).rows;
  if (n >= LINES) return false;
  const { seedSalesHistory } = require(dist('seed/sales-history.js'));
  const t0 = Date.now();
  const total = Math.floor(LINES / PER_INVOICE);
  let linesShown = false;
  await seedSalesHistory(pg, {
    invoices: total,
    days: DAYS,
    branches: BRANCHES,
    cashiersPerBranch: CASHIERS_PER_BRANCH,
    linesPerInvoice: PER_INVOICE,
    bigShift: BIG_SHIFT,
    timeZone: TZ,
    onProgress: (p) => {
      if (p.phase === 'invoices' && p.done === p.total)
        console.log(`  ${total} invoices in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
      if (p.phase === 'stock' && !linesShown) {
        linesShown = true;
        console.log(`  lines in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
      }
    },
  });
  console.log(`history ready in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  return true;
}

// The history's documents posted to the journal the way `seed:large` does (set-based, one statement
// per kind of document), so the trial balance reads ≈ 6 journal lines per invoice.
async function postJournal(pg) {
  const [{ n }] = (
    await pg.query(`SELECT count(*)::int AS n FROM journal_entries WHERE source_type = 'sale'`)
  ).rows;
  if (n >= Math.floor(LINES / PER_INVOICE)) return;
  const { postHistory } = require(dist('modules/accounting/index.js'));
  const t0 = Date.now();
  await postHistory(pg, { inventory: true });
  await pg.query('ANALYZE journal_entries; ANALYZE journal_lines; ANALYZE journal_hourly_balances');
  console.log(`journal posted in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
}

// The trial balance the naive way: every journal line joined to its entry, the range applied per
// row (the query the report ran before journal_hourly_balances), run with index scans off.
const NAIVE_TRIAL_BALANCE = `WITH bounds AS (
    SELECT ($1::date)::timestamp AT TIME ZONE $3 AS lo, ($2::date + 1)::timestamp AT TIME ZONE $3 AS hi)
  SELECT l.account_id,
         COALESCE(sum(l.debit - l.credit) FILTER (WHERE e.occurred_at < b.lo), 0)::bigint AS opening,
         COALESCE(sum(l.debit) FILTER (WHERE e.occurred_at >= b.lo), 0)::bigint AS debit,
         COALESCE(sum(l.credit) FILTER (WHERE e.occurred_at >= b.lo), 0)::bigint AS credit
    FROM journal_lines l JOIN journal_entries e ON e.id = l.entry_id CROSS JOIN bounds b
   WHERE e.occurred_at < b.hi AND ($4::uuid IS NULL OR l.branch_id = $4)
   GROUP BY l.account_id`;

/** Account → opening/debit/credit of the API's trial balance and of the naive rows, compared. */
function sameTrialBalance(api, rows) {
  const key = (id, o, d, c) => `${id}:${o}:${d}:${c}`;
  const a = api.rows
    .map((r) => key(r.accountId, r.openingDebit - r.openingCredit, r.debit, r.credit))
    .sort();
  const b = rows
    .map((r) => key(r.account_id, Number(r.opening), Number(r.debit), Number(r.credit)))
    .sort();
  return a.length > 0 && a.join() === b.join();
}

// The sales reports (issue 19) over the report aggregates, through HTTP, each against a baseline
// query of the same figure straight from the raw lines (the day computed per row), same run.
const RANGE = `WITH b AS (SELECT ($1::date)::timestamp AT TIME ZONE $3 AS lo, ($2::date + 1)::timestamp AT TIME ZONE $3 AS hi)`;
const SALES_BASELINES = {
  // net sales per day: invoices less returns
  Sales: `${RANGE}
    SELECT d, sum(v)::bigint AS net FROM (
      SELECT (i.created_at AT TIME ZONE $3)::date AS d, i.total AS v FROM sales_invoices i, b WHERE i.created_at >= b.lo AND i.created_at < b.hi
      UNION ALL SELECT (r.created_at AT TIME ZONE $3)::date, -r.total FROM sale_returns r, b WHERE r.created_at >= b.lo AND r.created_at < b.hi) x GROUP BY d`,
  SalesByProduct: `${RANGE}
    SELECT variant_id, sum(v)::bigint AS net FROM (
      SELECT l.variant_id, l.line_total AS v FROM sale_lines l JOIN sales_invoices i ON i.id = l.invoice_id, b WHERE i.created_at >= b.lo AND i.created_at < b.hi
      UNION ALL SELECT l.variant_id, -rl.amount FROM sale_return_lines rl JOIN sale_returns r ON r.id = rl.return_id JOIN sale_lines l ON l.id = rl.sale_line_id, b
       WHERE r.created_at >= b.lo AND r.created_at < b.hi) x GROUP BY variant_id`,
  SalesByCategory: `${RANGE}
    SELECT p.category_id, sum(v)::bigint AS net FROM (
      SELECT l.variant_id, l.line_total AS v FROM sale_lines l JOIN sales_invoices i ON i.id = l.invoice_id, b WHERE i.created_at >= b.lo AND i.created_at < b.hi
      UNION ALL SELECT l.variant_id, -rl.amount FROM sale_return_lines rl JOIN sale_returns r ON r.id = rl.return_id JOIN sale_lines l ON l.id = rl.sale_line_id, b
       WHERE r.created_at >= b.lo AND r.created_at < b.hi) x JOIN variants v ON v.id = x.variant_id JOIN products p ON p.id = v.product_id GROUP BY p.category_id`,
  SalesByCashier: `${RANGE}
    SELECT c, sum(v)::bigint AS net FROM (
      SELECT i.cashier_id AS c, i.total AS v FROM sales_invoices i, b WHERE i.created_at >= b.lo AND i.created_at < b.hi
      UNION ALL SELECT r.cashier_id, -r.total FROM sale_returns r, b WHERE r.created_at >= b.lo AND r.created_at < b.hi) x GROUP BY c`,
  SalesByPaymentMethod: `${RANGE}
    SELECT m, sum(v)::bigint AS net FROM (
      SELECT p.method_id AS m, p.amount AS v FROM sale_payments p JOIN sales_invoices i ON i.id = p.invoice_id, b
       WHERE p.kind = 'payment' AND i.created_at >= b.lo AND i.created_at < b.hi
      UNION ALL SELECT p.method_id, -p.amount FROM sale_payments p JOIN sale_returns r ON r.id = p.return_id, b
       WHERE p.kind = 'refund' AND r.created_at >= b.lo AND r.created_at < b.hi) x GROUP BY m`,
  Returns: `${RANGE}
    SELECT COALESCE(r.reason, '') AS reason, sum(r.total)::bigint AS net FROM sale_returns r, b WHERE r.created_at >= b.lo AND r.created_at < b.hi GROUP BY 1`,
  Discounts: `${RANGE}
    SELECT i.cashier_id, sum(i.line_discount_total + i.invoice_discount)::bigint AS net FROM sales_invoices i, b
     WHERE i.created_at >= b.lo AND i.created_at < b.hi GROUP BY 1`,
  HourlyHeatmap: `${RANGE}
    SELECT d, h, sum(v)::bigint AS net FROM (
      SELECT extract(dow FROM i.created_at AT TIME ZONE $3) AS d, extract(hour FROM i.created_at AT TIME ZONE $3) AS h, i.total AS v
        FROM sales_invoices i, b WHERE i.created_at >= b.lo AND i.created_at < b.hi
      UNION ALL SELECT extract(dow FROM r.created_at AT TIME ZONE $3), extract(hour FROM r.created_at AT TIME ZONE $3), -r.total
        FROM sale_returns r, b WHERE r.created_at >= b.lo AND r.created_at < b.hi) x GROUP BY 1, 2`,
};
// The API's figure that the baseline's rows add up to.
const TOTAL_OF = {
  Sales: 'net_sales',
  SalesByProduct: 'net_sales',
  SalesByCategory: 'net_sales',
  SalesByCashier: 'net_sales',
  SalesByPaymentMethod: 'net',
  Returns: 'amount',
  Discounts: 'discounts',
  HourlyHeatmap: 'net_sales',
};

async function salesReports({
  series,
  timeGet,
  timeSql,
  pg,
  first,
  today,
  monthFrom,
  monthTo,
  big,
}) {
  const cases = [
    ...Object.keys(SALES_BASELINES).map((key) => ({
      key,
      label: `${key}, ${DAYS} days, all branches`,
      q: `from=${first}&to=${today}`,
      from: first,
      to: today,
      baseline: true,
    })),
    {
      key: 'Sales',
      label: `Sales by month, ${DAYS} days`,
      q: `from=${first}&to=${today}&groupBy=month`,
    },
    {
      key: 'SalesByProduct',
      label: `SalesByProduct, one month, one branch`,
      q: `from=${monthFrom}&to=${monthTo}&branchId=${big.branch_id}`,
    },
    { key: 'SalesByProduct', label: `SalesByProduct, today`, q: `from=${today}&to=${today}` },
    {
      key: 'HourlyHeatmap',
      label: `HourlyHeatmap, one month, one branch`,
      q: `from=${monthFrom}&to=${monthTo}&branchId=${big.branch_id}`,
    },
  ];
  for (const c of cases) c.api = await series(() => timeGet(`/api/Reports/${c.key}?${c.q}`));
  await pg.query('SET enable_indexscan = off; SET enable_bitmapscan = off');
  for (const c of cases.filter((x) => x.baseline))
    c.naive = await series(
      () => timeSql(SALES_BASELINES[c.key], [c.from, c.to, TZ]),
      Math.min(RUNS, 10),
      1,
    );
  await pg.query('RESET enable_indexscan; RESET enable_bitmapscan');
  let worst = 0;
  for (const c of cases) {
    report(`API /api/Reports/${c.label}`, c.api.stats);
    worst = Math.max(worst, c.api.stats.p95);
    const body = c.api.last.body;
    if (!c.naive) {
      console.log(`  ${body.count} rows`);
      continue;
    }
    report(`baseline ${c.label}`, c.naive.stats);
    const api = Number(body.totals?.[TOTAL_OF[c.key]] ?? NaN);
    const raw = c.naive.last.rows.reduce((n, r) => n + Number(r.net), 0);
    const agree = api === raw;
    console.log(
      `  ${body.count} rows; total ${TOTAL_OF[c.key]} API ${api} baseline ${raw}: ${agree ? 'agree' : 'DISAGREE'}; ratio p95 baseline/API ${(c.naive.stats.p95 / c.api.stats.p95).toFixed(1)}×`,
    );
    if (!agree) process.exitCode = 1;
  }
  console.log(
    `target: every sales report p95 < 300 ms: ${worst < 300 ? 'met' : 'NOT met'} (worst ${worst.toFixed(0)} ms)`,
  );
}

// Issue 19 part B: /api/Statistics, /api/Performance and the stock, tax, expense and balance
// reports through HTTP; the two that read the sales aggregates against the same figures from the
// raw lines (the day computed per row, index scans off) in the same run.
const STATS_BASELINES = {
  // revenue per day (invoices less returns) and the ten products with most revenue
  statistics: `${RANGE},
      d AS (SELECT (i.created_at AT TIME ZONE $3)::date AS d, sum(i.total) AS v FROM sales_invoices i, b
             WHERE i.created_at >= b.lo AND i.created_at < b.hi GROUP BY 1
            UNION ALL SELECT (r.created_at AT TIME ZONE $3)::date, -sum(r.total) FROM sale_returns r, b
             WHERE r.created_at >= b.lo AND r.created_at < b.hi GROUP BY 1),
      t AS (SELECT v.product_id, sum(l.line_total) AS rev FROM sale_lines l JOIN sales_invoices i ON i.id = l.invoice_id
             JOIN variants v ON v.id = l.variant_id, b WHERE i.created_at >= b.lo AND i.created_at < b.hi
             GROUP BY 1 ORDER BY 2 DESC LIMIT 10)
    SELECT (SELECT sum(v) FROM d)::bigint AS net, (SELECT json_agg(t) FROM t) AS top`,
  // per cashier and branch: invoices, amount, discounts
  performance: `${RANGE}
    SELECT i.cashier_id, i.branch_id, count(*) AS n, sum(i.total)::bigint AS net,
           sum(i.line_discount_total + i.invoice_discount) AS disc
      FROM sales_invoices i, b WHERE (i.created_at AT TIME ZONE $3)::date BETWEEN $1::date AND $2::date
     GROUP BY 1, 2`,
};

async function statsReports({ series, timeGet, timeSql, pg, first, today, big }) {
  const [{ edgeFrom, edgeTo }] = (
    await pg.query(
      `SELECT to_char(date_trunc('month', d) - interval '2 months' + interval '1 day', 'YYYY-MM-DD') AS "edgeFrom",
              to_char(d - 1, 'YYYY-MM-DD') AS "edgeTo"
         FROM (SELECT (now() AT TIME ZONE $1)::date AS d) x`,
      [TZ],
    )
  ).rows;
  const [{ variant_id: variantId }] = (
    await pg.query(
      `SELECT variant_id FROM stock_movements GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`,
    )
  ).rows;
  const all = `from=${first}&to=${today}`;
  const cases = [
    {
      label: `Statistics, ${DAYS} days, all branches`,
      path: `/api/Statistics?${all}`,
      baseline: 'statistics',
    },
    {
      // The months cut at both ends (from the 2nd of the month two months back to yesterday): the
      // most day rows a period of about 90 days reads (whole months come from the month table).
      label: `Statistics, ${edgeFrom}…${edgeTo}, all branches (months cut at both ends)`,
      path: `/api/Statistics?from=${edgeFrom}&to=${edgeTo}`,
      baseline: 'statistics',
      range: [edgeFrom, edgeTo],
    },
    {
      label: `SalesByProduct, ${edgeFrom}…${edgeTo}, all branches (months cut at both ends)`,
      path: `/api/Reports/SalesByProduct?from=${edgeFrom}&to=${edgeTo}`,
    },
    {
      label: `Statistics, ${DAYS} days, one branch, vs last month`,
      path: `/api/Statistics?${all}&branchId=${big.branch_id}&compare=month`,
    },
    {
      label: `Performance, ${DAYS} days, all branches`,
      path: `/api/Performance?${all}`,
      baseline: 'performance',
    },
    { label: 'InventoryValuation, all inventories', path: '/api/Reports/InventoryValuation' },
    {
      label: `StockMovement, the busiest item, ${DAYS} days`,
      path: `/api/Reports/StockMovement?${all}&variantId=${variantId}`,
    },
    { label: 'DeadStock, no sale in 30 days', path: '/api/Reports/DeadStock?days=30' },
    { label: `Vat, ${DAYS} days`, path: `/api/Reports/Vat?${all}` },
    { label: `ExpensesByCategory, ${DAYS} days`, path: `/api/Reports/ExpensesByCategory?${all}` },
    { label: 'Balances, customers and vendors', path: '/api/Reports/Balances' },
  ];
  for (const c of cases) c.api = await series(() => timeGet(c.path));
  await pg.query('SET enable_indexscan = off; SET enable_bitmapscan = off');
  for (const c of cases.filter((x) => x.baseline))
    c.naive = await series(
      () => timeSql(STATS_BASELINES[c.baseline], [...(c.range ?? [first, today]), TZ]),
      Math.min(RUNS, 10),
      1,
    );
  await pg.query('RESET enable_indexscan; RESET enable_bitmapscan');
  let worst = 0;
  for (const c of cases) {
    report(`API ${c.label}`, c.api.stats);
    worst = Math.max(worst, c.api.stats.p95);
    if (!c.naive) continue;
    report(`baseline ${c.label}`, c.naive.stats);
    const body = c.api.last.body;
    const api =
      c.baseline === 'statistics'
        ? body.current.revenue
        : body.rows.reduce((n, r) => n + r.salesAmount, 0);
    const raw = c.naive.last.rows.reduce((n, r) => n + Number(r.net), 0);
    console.log(
      `  revenue API ${api} baseline ${raw}: ${api === raw ? 'agree' : 'DISAGREE'}; ratio p95 baseline/API ${(c.naive.stats.p95 / c.api.stats.p95).toFixed(1)}×`,
    );
    if (api !== raw) process.exitCode = 1;
  }
  console.log(
    `target: statistics, performance and part B reports p95 < 300 ms: ${worst < 300 ? 'met' : 'NOT met'} (worst ${worst.toFixed(0)} ms)`,
  );
}

async function main() {
  process.env.LOG_LEVEL = 'silent';
  const db = await benchDatabase();
  const { runMigrations } = require(dist('core/database/data-source.js'));
  const { seedFirstStart } = require(dist('seed/first-start.js'));
  const { seedDemo } = require(dist('seed/demo.js'));
  await runMigrations(db.url);
  await seedFirstStart(db.url);
  await seedDemo(db.url);
  const pg = new Client({ connectionString: db.url });
  await pg.connect();
  let server;
  try {
    console.log(
      `report: seeding ${LINES} sale lines over ${DAYS} days, ${BRANCHES} branches, a ${BIG_SHIFT}-invoice shift…`,
    );
    await seedHistory(pg);
    if (ONLY === 'all') await postJournal(pg);
    const [{ lines, invoices, entries, jlines, hours }] = (
      await pg.query(
        `SELECT (SELECT count(*) FROM sale_lines)::int AS lines, (SELECT count(*) FROM sales_invoices)::int AS invoices,
                (SELECT count(*) FROM journal_entries)::int AS entries, (SELECT count(*) FROM journal_lines)::int AS jlines,
                (SELECT count(*) FROM journal_hourly_balances)::int AS hours`,
      )
    ).rows;
    const [big] = (
      await pg.query(
        `SELECT s.id, s.branch_id, (SELECT count(*)::int FROM sales_invoices WHERE shift_id = s.id) AS n FROM shifts s WHERE s.register = 99 AND s.status = 'open'`,
      )
    ).rows;
    const [{ busy }] = (
      await pg.query(
        `SELECT to_char((created_at AT TIME ZONE $1)::date, 'YYYY-MM-DD') AS busy FROM sales_invoices WHERE branch_id = $2 AND shift_id <> $3
        GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`,
        [TZ, big.branch_id, big.id],
      )
    ).rows;
    const [{ today, first, monthFrom, monthTo }] = (
      await pg.query(
        `SELECT to_char(d, 'YYYY-MM-DD') AS today, to_char(d - ($2::int - 1), 'YYYY-MM-DD') AS first,
                to_char(date_trunc('month', d) - interval '1 month', 'YYYY-MM-DD') AS "monthFrom",
                to_char(date_trunc('month', d) - interval '1 day', 'YYYY-MM-DD') AS "monthTo"
           FROM (SELECT (now() AT TIME ZONE $1)::date AS d) x`,
        [TZ, DAYS],
      )
    ).rows;

    const { startServer } = require(dist('bootstrap.js'));
    server = await startServer({ databaseUrl: db.url, port: PORT });
    const base = `http://127.0.0.1:${PORT}`;
    const admin = await signIn(base, 'admin', process.env.ADMIN_PASSWORD ?? 'demo1234');
    const timeGet = async (path) => {
      const t0 = performance.now();
      const res = await fetch(`${base}${path}`, { headers: { cookie: admin.cookie } });
      const body = await res.json();
      const ms = performance.now() - t0;
      if (res.status !== 200) throw new Error(`${path} → ${res.status} ${JSON.stringify(body)}`);
      return { ms, body };
    };
    const timeSql = async (sql, params) => {
      const t0 = performance.now();
      const { rows } = await pg.query(sql, params);
      return { ms: performance.now() - t0, rows };
    };
    const series = async (fn, runs = RUNS, warmUps = 3) => {
      for (let i = 0; i < warmUps; i++) await fn();
      const out = [];
      let last;
      for (let i = 0; i < runs; i++) {
        last = await fn();
        out.push(last.ms);
      }
      return { stats: percentiles(out), last };
    };

    const agg = await pg.query(
      `SELECT (SELECT count(*) FROM report_sales_hourly)::int AS hourly, (SELECT count(*) FROM report_variant_daily)::int AS variant,
              (SELECT count(*) FROM report_payments_daily)::int AS payments, (SELECT count(*) FROM report_returns_daily)::int AS returns`,
    );
    console.log(
      `report aggregates: ${JSON.stringify(agg.rows[0])} rows (hourly, variant-day, method-day, reason-day)`,
    );
    if (ONLY !== 'stats')
      await salesReports({ series, timeGet, timeSql, pg, first, today, monthFrom, monthTo, big });
    if (ONLY !== 'sales') await statsReports({ series, timeGet, timeSql, pg, first, today, big });
    if (ONLY === 'sales' || ONLY === 'stats') return;

    // The naive way: the same day's figures straight from the lines, the business day computed per
    // row (no index can serve it), payments by method over the whole table.
    const naiveDaily = (branchId, date) =>
      timeSql(
        `SELECT count(DISTINCT i.id) AS invoices, sum(l.line_total) AS sales, sum(l.vat_amount) AS vat, sum(l.line_total - l.unit_cost * l.quantity) AS profit,
                (SELECT json_agg(x) FROM (SELECT p.method_id, sum(p.amount) FROM sale_payments p JOIN sales_invoices pi ON pi.id = p.invoice_id
                   WHERE pi.branch_id = $1 AND (p.created_at AT TIME ZONE $3)::date = $2::date GROUP BY 1) x) AS by_method,
                (SELECT json_agg(y) FROM (SELECT ci.cashier_id, count(*), sum(ci.total) FROM sales_invoices ci
                   WHERE ci.branch_id = $1 AND (ci.created_at AT TIME ZONE $3)::date = $2::date GROUP BY 1) y) AS by_cashier
           FROM sale_lines l JOIN sales_invoices i ON i.id = l.invoice_id
          WHERE i.branch_id = $1 AND (i.created_at AT TIME ZONE $3)::date = $2::date`,
        [branchId, date, TZ],
      );
    const naiveShift = (shiftId) =>
      timeSql(
        `SELECT count(DISTINCT i.id) AS invoices, sum(l.line_total) AS sales, sum(l.vat_amount) AS vat,
                (SELECT json_agg(x) FROM (SELECT p.method_id, sum(p.amount) FROM sale_payments p JOIN sales_invoices pi ON pi.id = p.invoice_id
                   WHERE pi.shift_id = $1 GROUP BY 1) x) AS by_method
           FROM sale_lines l JOIN sales_invoices i ON i.id = l.invoice_id WHERE i.shift_id = $1`,
        [shiftId],
      );

    console.log(
      `\nreport over ${lines} sale lines, ${invoices} invoices; big shift ${big.n} invoices; ${RUNS} runs each through HTTP`,
    );
    console.log(
      `journal: ${entries} entries, ${jlines} lines, ${hours} account/branch/hour rows; trial balance ${first}…${today} (${DAYS} days) and ${monthFrom}…${monthTo}`,
    );
    const dailyToday = await series(() => timeGet(`/api/DailyReport?branchId=${big.branch_id}`));
    const dailyBusy = await series(() =>
      timeGet(`/api/DailyReport?branchId=${big.branch_id}&date=${busy}`),
    );
    const zReport = await series(() => timeGet(`/api/Shift/${big.id}`));
    const tbCases = [
      { label: `${DAYS} days, all branches`, from: first, to: today, branch: null, naive: true },
      { label: `${DAYS} days, one branch`, from: first, to: today, branch: big.branch_id },
      { label: 'one month, all branches', from: monthFrom, to: monthTo, branch: null },
      {
        label: 'one month, one branch',
        from: monthFrom,
        to: monthTo,
        branch: big.branch_id,
        naive: true,
      },
    ];
    for (const c of tbCases)
      c.api = await series(() =>
        timeGet(
          `/api/reports/TrialBalance?from=${c.from}&to=${c.to}${c.branch ? `&branchId=${c.branch}` : ''}`,
        ),
      );
    await pg.query('SET enable_indexscan = off; SET enable_bitmapscan = off');
    const naiveToday = await series(() => naiveDaily(big.branch_id, today));
    const naiveZ = await series(() => naiveShift(big.id));
    // The naive trial balance (about a second a run over 1M lines) is timed for two of the cases,
    // TB_NAIVE_RUNS runs after one warm-up, and run once for the others, to check that every case
    // agrees.
    for (const c of tbCases) {
      const run = () => timeSql(NAIVE_TRIAL_BALANCE, [c.from, c.to, TZ, c.branch]);
      if (c.naive) c.baseline = await series(run, TB_NAIVE_RUNS, 1);
      c.agree = sameTrialBalance(c.api.last.body, (c.naive ? c.baseline.last : await run()).rows);
    }
    await pg.query('RESET enable_indexscan; RESET enable_bitmapscan');

    report(`API daily report (today)`, dailyToday.stats);
    report(`API daily report (${busy})`, dailyBusy.stats);
    report('API shift Z report', zReport.stats);
    report('naive daily (today)', naiveToday.stats);
    report('naive shift totals', naiveZ.stats);
    for (const c of tbCases) {
      report(`API trial balance, ${c.label}`, c.api.stats);
      if (c.baseline) report(`naive trial balance, ${c.label}`, c.baseline.stats);
      const tb = c.api.last.body;
      console.log(
        `  ${tb.rows.length} accounts, period debit ${tb.totals.debit} = credit ${tb.totals.credit}; naive ${c.agree ? 'agrees' : 'DISAGREES'}${c.baseline ? `; ratio p95 naive/API ${(c.baseline.stats.p95 / c.api.stats.p95).toFixed(1)}×` : ''}`,
      );
      if (!c.agree || tb.totals.debit !== tb.totals.credit) {
        console.log(`MISMATCH in the trial balance (${c.label})`);
        process.exitCode = 1;
      }
    }
    const t = dailyToday.last.body;
    const z = zReport.last.body.totals;
    console.log(
      `today: ${t.invoiceCount} invoices, sales ${t.sales}; naive: ${naiveToday.last.rows[0].invoices} invoices, sales ${naiveToday.last.rows[0].sales}`,
    );
    console.log(
      `Z report: ${z.invoiceCount} invoices, sales ${z.sales}; naive: ${naiveZ.last.rows[0].invoices} invoices, sales ${naiveZ.last.rows[0].sales}`,
    );
    if (
      t.invoiceCount !== Number(naiveToday.last.rows[0].invoices) ||
      t.sales !== Number(naiveToday.last.rows[0].sales)
    ) {
      console.log('MISMATCH between the daily report and the naive query');
      process.exitCode = 1;
    }
    if (
      z.invoiceCount !== Number(naiveZ.last.rows[0].invoices) ||
      z.sales !== Number(naiveZ.last.rows[0].sales)
    ) {
      console.log('MISMATCH between the Z report and the naive query');
      process.exitCode = 1;
    }
    console.log(
      `ratio p95 naive/API: daily ${(naiveToday.stats.p95 / dailyToday.stats.p95).toFixed(1)}×, Z ${(naiveZ.stats.p95 / zReport.stats.p95).toFixed(1)}×`,
    );
    const worstDaily = Math.max(dailyToday.stats.p95, dailyBusy.stats.p95);
    const worstTb = Math.max(...tbCases.map((c) => c.api.stats.p95));
    console.log(
      `targets: daily report p95 < 300 ms: ${worstDaily < 300 ? 'met' : 'NOT met'} (${worstDaily.toFixed(0)} ms); Z report at ${big.n} invoices p95 < 1 s: ${zReport.stats.p95 < 1000 ? 'met' : 'NOT met'} (${zReport.stats.p95.toFixed(0)} ms); trial balance p95 < 500 ms: ${worstTb < 500 ? 'met' : 'NOT met'} (${worstTb.toFixed(0)} ms)`,
    );
  } finally {
    if (server) await server.close();
    await pg.end();
    await db.drop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
