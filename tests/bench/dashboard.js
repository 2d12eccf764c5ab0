// `npm run bench -- dashboard [--instances 3] [--seconds 60] [--cashiers 32] [--lines 5]
//   [--products 400] [--sockets 6] [--kill-at S] [--rate-interval 10s] [--pool 8]
//   [--out docs/screenshots]
//   [--ports 3780] [--database-url URL]`
// The Grafana dashboard (deploy/grafana/pos-dashboard.json) fed by a checkout run, seen through
// Prometheus (issue 36, decision 0125). Grafana itself is not installable here (no Debian or npm
// package of the server), so Debian's Prometheus scrapes the instances and its own graph UI draws
// every query of the dashboard, the dashboard's variables filled in; Chromium takes a screenshot of
// each of the dashboard's rows. The topology is production's (decision 0122): `--instances` built
// servers behind HAProxy from deploy/haproxy.cfg, one database, a Redis of the run's own; the
// checkout bench's 32 cashiers sell in a closed loop through HAProxy for `--seconds`, `--sockets`
// back-office live sockets are open through HAProxy, and at `--kill-at` seconds (half-way by
// default with two or more instances; 0: never) the last instance is killed with SIGKILL and
// started again. Then every query is run over the bench's window and its series counted (a query
// that draws nothing is listed), and the screenshots are written to `--out`.
// Ports: `--ports P` → HAProxy P, instances P+1..P+3, Prometheus P+6, Redis P+7, nothing on P+9.
// Needs: `apt-get install prometheus haproxy redis-server chromium`.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawn } = require('node:child_process');
const { Client } = require('pg');
const { io } = require('socket.io-client');
const { arg, root, signIn } = require('./lib');
const {
  closedLoop,
  demoDatabase,
  openTills,
  prepareShop,
  shopArgs,
} = require('./checkout-lib/tills');
const { PORTS, startTopology, stoppable, waitUntil, sleep } = require('./cluster-lib/topology');
const dashboard = require('../support-dashboard.js');

const INSTANCES = Number(arg('instances', '3'));
const SECONDS = Number(arg('seconds', '60'));
const SHOP = shopArgs();
const SOCKETS = Number(arg('sockets', '6'));
const KILL_AT = Number(arg('kill-at', INSTANCES > 1 ? String(Math.round(SECONDS / 2)) : '0'));
const RATE_INTERVAL = arg('rate-interval', '10s');
// Database connections per instance: three instances stay within a share of the machine's shared
// PostgreSQL (max_connections 100; the default pool of 20 each ran it out for other work).
const POOL = arg('pool', '8');
const OUT = path.resolve(arg('out', path.join(root, 'docs', 'screenshots')));
const PROMETHEUS = process.env.PROMETHEUS_PATH ?? '/usr/bin/prometheus';
const CHROMIUM =
  process.env.CHROMIUM_PATH ??
  (fs.existsSync('/usr/bin/chromium-headless-shell')
    ? '/usr/bin/chromium-headless-shell'
    : '/usr/bin/chromium');

/** Prometheus of the run's own: a scrape every second of each instance's /metrics (loopback). */
async function startPrometheus(dir, targets) {
  fs.writeFileSync(
    path.join(dir, 'prometheus.yml'),
    [
      'global: { scrape_interval: 1s, evaluation_interval: 1s }',
      'scrape_configs:',
      '  - job_name: pos',
      `    static_configs: [{ targets: [${targets.map((t) => `'${t}'`).join(', ')}] }]`,
      '',
    ].join('\n'),
  );
  const child = spawn(
    PROMETHEUS,
    [
      `--config.file=${path.join(dir, 'prometheus.yml')}`,
      `--storage.tsdb.path=${path.join(dir, 'data')}`,
      `--web.listen-address=127.0.0.1:${PORTS.prometheus}`,
      '--log.level=warn',
    ],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const base = `http://127.0.0.1:${PORTS.prometheus}`;
  await waitUntil(
    'Prometheus to be ready',
    30_000,
    async () => (await fetch(`${base}/-/ready`)).ok,
  );
  return { base, ...stoppable(child) };
}

/** A range query's series: how many, and how many have at least one number. */
async function seriesOf(prom, expr, start, end) {
  const q = new URLSearchParams({ query: expr, start: String(start), end: String(end), step: '1' });
  const res = await fetch(`${prom}/api/v1/query_range?${q}`);
  const body = await res.json();
  if (body.status !== 'success') return { error: body.error ?? res.status, series: 0, drawn: 0 };
  const drawn = body.data.result.filter((s) => s.values.some(([, v]) => !Number.isNaN(Number(v))));
  return { series: body.data.result.length, drawn: drawn.length };
}

/**
 * Prometheus's graph page (Debian's build has the classic UI: Rickshaw graphs) with one graph per
 * query ({ expr, stacked }), from `start` to `end` (seconds since the epoch; its end field takes
 * whole minutes, UTC).
 */
function graphUrl(prom, graphs, start, end) {
  const utc = (s) => new Date(s * 1000).toISOString().slice(0, 16).replace('T', ' ');
  const q = new URLSearchParams();
  graphs.forEach(({ expr, stacked }, k) => {
    q.set(`g${k}.expr`, expr);
    q.set(`g${k}.tab`, '0');
    q.set(`g${k}.stacked`, stacked ? '1' : '0');
    q.set(`g${k}.range_input`, `${Math.ceil(end - start)}s`);
    q.set(`g${k}.end_input`, utc(end));
  });
  return `${prom}/graph?${q}`;
}

/** The dashboard's panels by row: [{ row, panels: [{ title, exprs, stacked }] }]. */
function rows() {
  const out = [];
  for (const p of dashboard.load().panels) {
    if (p.type === 'row') out.push({ row: p.title, panels: [] });
    else
      out[out.length - 1].panels.push(
        ...dashboard.panelQueries({ panels: [p] }).map((q) => ({
          ...q,
          stacked: p.fieldConfig?.defaults?.custom?.stacking?.mode === 'normal',
        })),
      );
  }
  return out;
}

// Two graphs a row, no fixed bar over a full-page shot, set before the graphs are drawn (Rickshaw
// takes its width from the page then).
const PAGE_CSS = `.navbar { position: static !important } body { padding-top: 0 !important }
  #graph_container { display: grid; grid-template-columns: 1fr 1fr; column-gap: 24px }
  #graph_container > :not(.graph_wrapper) { grid-column: 1 / -1 }
  .query-history, .expression_select { display: none !important }
  textarea.expression_input { height: 6.2em !important; font-size: 12px }`;

/**
 * One full-page screenshot of Prometheus's graph page per dashboard row, its queries from `start`
 * to `end`, into OUT; `caption`: what the run was (put over each page).
 */
async function screenshots(prom, layout, vars, start, end, caption) {
  const { chromium } = require('playwright');
  const browser = await chromium.launch({ executablePath: CHROMIUM });
  try {
    fs.mkdirSync(OUT, { recursive: true });
    for (const [k, { row, panels }] of layout.entries()) {
      const graphs = panels.flatMap((p) =>
        p.exprs.map((e) => ({ expr: dashboard.forPrometheus(e.expr, vars), stacked: p.stacked })),
      );
      const page = await browser.newPage({ viewport: { width: 1600, height: 900 } });
      // The page's style, and a title saying what it shows.
      const title = `deploy/grafana/pos-dashboard.json, row "${row}", in Prometheus's graph page (not Grafana): ${caption}`;
      await page.addInitScript({
        content: `addEventListener('DOMContentLoaded', () => {
          const style = document.createElement('style');
          style.textContent = ${JSON.stringify(PAGE_CSS)};
          document.head.append(style);
          const h = document.createElement('h5');
          h.style.margin = '8px 16px';
          h.textContent = ${JSON.stringify(title)};
          document.body.prepend(h);
        });`,
      });
      await page.goto(graphUrl(prom, graphs, start, end));
      // Each graph's query answered (its "Total time series: N" line).
      await page
        .locator('.eval_stats', { hasText: 'Total time series' })
        .nth(graphs.length - 1)
        .waitFor({ timeout: 60_000 });
      await page.waitForLoadState('networkidle');
      const slug = row
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '');
      const file = path.join(OUT, `dashboard-${k + 1}-${slug}.png`);
      await page.screenshot({ path: file, fullPage: true });
      await page.close();
      console.log(`screenshot: ${path.relative(process.cwd(), file)} (${graphs.length} queries)`);
    }
  } finally {
    await browser.close();
  }
}

async function main() {
  for (const [what, bin] of [
    ['prometheus', PROMETHEUS],
    ['chromium', CHROMIUM],
  ])
    if (!fs.existsSync(bin)) throw new Error(`${bin} not found: apt-get install ${what}`);
  const db = await demoDatabase();
  const pg = new Client({ connectionString: db.url });
  await pg.connect();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pos-dashboard-'));
  let topology = null;
  let prometheus = null;
  const sockets = [];
  try {
    const shop = await prepareShop(pg, SHOP);
    topology = await startTopology(db.url, PORTS);
    const started = Date.now();
    const env = { DB_POOL_SIZE: POOL };
    await Promise.all(Array.from({ length: INSTANCES }, (_, k) => topology.start(k, env)));
    console.log(`${INSTANCES} instance(s) up in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    await topology.ready();
    prometheus = await startPrometheus(
      dir,
      PORTS.instances.slice(0, INSTANCES).map((p) => `127.0.0.1:${p}`),
    );
    const t0 = Date.now() / 1000;
    const { cashiers, sell } = await openTills(pg, topology.lb, shop);
    const admin = await signIn(topology.lb, 'admin', process.env.ADMIN_PASSWORD ?? 'demo1234');
    for (let k = 0; k < SOCKETS; k++) {
      const s = io(topology.lb, {
        path: '/socket.io',
        transports: ['websocket', 'polling'],
        extraHeaders: { cookie: admin.cookie },
      });
      sockets.push(s);
    }
    await waitUntil('the live sockets', 15_000, async () => sockets.every((s) => s.connected));
    let events = 0;
    for (const s of sockets) s.on('live', () => events++);

    // The load, and an instance killed and started again half-way.
    const chaos = (async () => {
      if (!KILL_AT || INSTANCES < 2) return null;
      await sleep(KILL_AT * 1000);
      const k = INSTANCES - 1;
      const at = Date.now();
      await topology.instances[k].kill();
      await topology.start(k, env);
      return { instance: k + 1, at: (at / 1000 - t0).toFixed(1), restartMs: Date.now() - at };
    })();
    const loop = await closedLoop(cashiers, SECONDS, sell);
    const killed = await chaos;
    console.log(
      `checkout through HAProxy: ${loop.done} sales in ${loop.elapsed.toFixed(1)} s = ${loop.rate.toFixed(1)} sales/s, ` +
        `p50 ${loop.stats.p50.toFixed(0)} ms, p95 ${loop.stats.p95.toFixed(0)} ms, p99 ${loop.stats.p99.toFixed(0)} ms, ${loop.errors} errors; ` +
        `${events} live events to ${SOCKETS} sockets` +
        (killed
          ? `; instance ${killed.instance} killed at ${killed.at} s, answering again ${killed.restartMs} ms later`
          : ''),
    );
    const caption =
      `${INSTANCES} instance(s) behind HAProxy, ${SHOP.cashiers} cashiers selling for ${SECONDS} s ` +
      `(${loop.rate.toFixed(0)} sales/s, ${new Date(t0 * 1000).toISOString().slice(0, 16)} UTC)` +
      (killed ? `, instance ${killed.instance} killed at ${killed.at} s and restarted` : '') +
      `; $__rate_interval = ${RATE_INTERVAL}`;
    await sleep(5000); // the last scrapes, and the relay's backlog drained
    const t1 = Date.now() / 1000;
    const window = `${Math.ceil(t1 - t0)}s`;
    const vars = { job: 'pos', rateInterval: RATE_INTERVAL, range: window };

    // Every query of the dashboard over the run, as Prometheus answers it.
    const empty = [];
    console.log(
      `\nthe dashboard's queries over the run (${window}, rate window ${RATE_INTERVAL}):`,
    );
    const layout = rows();
    for (const { row, panels } of layout) {
      console.log(`  ${row}`);
      for (const p of panels)
        for (const e of p.exprs) {
          const r = await seriesOf(prometheus.base, dashboard.forPrometheus(e.expr, vars), t0, t1);
          const label = `${p.title}${p.exprs.length > 1 ? ` [${e.legend || e.refId}]` : ''}`;
          console.log(
            `    ${label.padEnd(58)} ${r.error ? `ERROR ${r.error}` : `${r.drawn}/${r.series} series drawn`}`,
          );
          if (r.error || !r.drawn) empty.push(label);
        }
    }
    console.log(empty.length ? `nothing to draw: ${empty.join('; ')}` : 'every query drew data');

    // Prometheus's graph page for each row of the dashboard, in Chromium, up to the next whole
    // minute (its end field's precision): the run, then the instances idle.
    const end = Math.ceil(t1 / 60) * 60;
    await sleep(Math.max(0, end * 1000 + 2000 - Date.now()));
    await screenshots(prometheus.base, layout, vars, t0, end, caption);
  } finally {
    for (const s of sockets) s.close();
    await prometheus?.stop();
    await topology?.stop();
    await pg.end();
    await db.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
