// `npm run bench -- offline [--database-url URL] [--variants 500000] [--scans 200] [--queries 120]
//   [--sales 1000] [--ui-sales 5] [--port 4380] [--profile-dir DIR] [--search-only] [--seed N]`
//
// The offline till (issue 32) at a large catalogue, in Chromium (playwright-core, Debian's
// /usr/bin/chromium-headless-shell or CHROMIUM_PATH), a persistent browser profile as a till's:
//
// 1. The device catalog's first load: /POS opened as the cashier (a shift open) until the till's
//    `device-catalog-status` turns ready: wall time, the bytes of its requests (Resource Timing:
//    transferred and decoded), the origin's storage use (navigator.storage.estimate()).
// 2. Scan → cart line (keys 10 ms apart + Enter into the focused box, as tests/e2e/support.ts
//    `scan`; from the Enter keydown to the new line in the DOM and the next frame), and name
//    search (typed, then Enter; to the results listed), first online (the server's search: the
//    baseline, the till's path today), then offline (`context.setOffline(true)`: the device's
//    catalog in IndexedDB). Distinct random variants with stock; the cart emptied every 20 scans.
// 3. The sync: --ui-sales sales paid at the till offline (scan, pay the rest in cash: the till's
//    checkout, the outbox), then the outbox filled up to --sales with copies of the last one
//    written straight into its IndexedDB table (see offline-lib/till.js fillOutbox: same row shape,
//    own ids and receipt numbers, variants of the same price); back online, the time until the
//    queue is empty, while the till keeps scanning (scan → line measured during the drain). Then
//    the invoices of the device are counted on the server.
//
// Like the scan bench, with --database-url it uses (and seeds up to --variants when short) an
// existing database; without one a throwaway database is made, seeded and dropped.
/* global window, document, navigator, caches */
// (browser globals: the functions passed to page.evaluate run in the page)
const fs = require('node:fs');
const { randomUUID } = require('node:crypto');
const os = require('node:os');
const path = require('node:path');
const { performance } = require('node:perf_hooks');
const { Client } = require('pg');
const { arg, benchDatabase, dist, percentiles, report, startBuiltServer } = require('./lib');
const till = require('./offline-lib/till');

const VARIANTS = Number(arg('variants', '500000'));
const SCANS = Number(arg('scans', '200'));
const QUERIES = Number(arg('queries', '120'));
const SALES = Number(arg('sales', '1000'));
const UI_SALES = Number(arg('ui-sales', '5'));
const PORT = Number(arg('port', '4380'));
const DRAIN_SCANS = 400;
// `--idle-sync`: nobody scans during the sync (the queue is only watched), to compare.
const IDLE_SYNC = process.argv.includes('--idle-sync');
// `--profile`: the page's main thread sampled during the first load (where its time goes).
const PROFILE = process.argv.includes('--profile');
// `--catalog-only`: stop after the first load.
const CATALOG_ONLY = process.argv.includes('--catalog-only');
// `--profile-dir DIR`: the browser profile kept there (not removed): a second run against the same
// database finds its catalog loaded (the "first load" then is a delta), to measure scan and search
// again without loading 500k variants each time.
const PROFILE_DIR = arg('profile-dir', '');
// `--search-only`: after the catalog is ready, only the offline scans and searches (no online
// baseline, no sync; the till's service worker blocked). A kept profile's worker is unregistered
// at the start of any run, so it runs the build as it is now (the worker would serve the build it
// cached until the till applies the update). With `--seed N` the sampled barcodes and names are
// the same from one run to the next.
const SEARCH_ONLY = process.argv.includes('--search-only');
const SEED = arg('seed', '');

/** Samples the page's JavaScript (CDP Profiler); the returned stop gives self time by function. */
async function startProfile(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 1000 });
  await cdp.send('Profiler.start');
  return async () => {
    const { profile } = await cdp.send('Profiler.stop');
    await cdp.detach();
    const byNode = new Map(profile.nodes.map((n) => [n.id, n]));
    const self = new Map();
    const dt = profile.timeDeltas;
    profile.samples.forEach((id, i) => {
      const f = byNode.get(id).callFrame;
      const key = `${f.functionName || '(anonymous)'} ${f.url.split('/').pop()}:${f.lineNumber}`;
      self.set(key, (self.get(key) ?? 0) + (dt[i + 1] ?? 0) / 1000);
    });
    const total = [...self.values()].reduce((a, b) => a + b, 0);
    return { total, top: [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 15) };
  };
}
const BASKET = 20;

async function seedIfNeeded(url, pg) {
  const { seedDemo } = require(dist('seed/demo.js'));
  await seedDemo(url); // demo branches, users (cashier / demo1234), payment methods
  const [{ n }] = (await pg.query('SELECT count(*)::int AS n FROM variants')).rows;
  if (n >= VARIANTS) return n;
  console.log(`Seeding ${VARIANTS - n} variants…`);
  const { DataSource } = require('typeorm');
  const { dataSourceOptions } = require(dist('core/database/data-source.js'));
  const { insertCatalog } = require(dist('seed/catalog-seed.js'));
  const ds = new DataSource(dataSourceOptions(url));
  await ds.initialize();
  try {
    await ds.transaction(async (m) => {
      const inventories = await m.query(
        'SELECT id FROM inventories WHERE is_default ORDER BY created_at',
      );
      await m.query('DROP INDEX IF EXISTS "IDX_variants_search_trgm"');
      await insertCatalog(m, {
        variants: VARIANTS - n,
        inventoryIds: inventories.map((i) => i.id),
        seed: 17,
        prefix: 'OFFL',
      });
      await m.query(
        `CREATE INDEX "IDX_variants_search_trgm" ON "variants" USING gin ("search_text" gin_trgm_ops)`,
      );
    });
  } finally {
    await ds.destroy();
  }
  await pg.query('ANALYZE');
  return VARIANTS;
}

// What cashiers type: a word, a word and the start of the next, without hamza or teh marbuta.
const asTyped = (s) => s.replace(/[أإآ]/g, 'ا').replace(/ة/g, 'ه').replace(/ى/g, 'ي');
function queriesFrom(names) {
  return names.map((name, i) => {
    const w = name.split(/\s+/).filter((x) => x.length >= 2);
    if (w.length < 2) return w[0] ?? name;
    if (i % 4 === 0) return w[0];
    if (i % 4 === 1) return `${w[0]} ${w[1].slice(0, 3)}`;
    if (i % 4 === 2) return asTyped(`${w[0]} ${w[1]}`);
    return `${w[0]} ${w[w.length - 1]}`;
  });
}

async function pickData(pg, inventoryId, total) {
  const need = 10 + 2 * SCANS + DRAIN_SCANS;
  const repeatable = SEED ? ` REPEATABLE (${Number(SEED)})` : '';
  const sample = total > 100_000 ? `TABLESAMPLE SYSTEM (5)${repeatable}` : '';
  if (SEED) {
    // (random() in parallel workers is not seeded: one process draws them all)
    await pg.query('SET max_parallel_workers_per_gather = 0');
    await pg.query('SELECT setseed($1)', [(Number(SEED) % 1000) / 1000]);
  }
  const { rows: codes } = await pg.query(
    `SELECT barcode FROM (
       SELECT DISTINCT ON (b.variant_id) b.barcode, b.variant_id FROM variant_barcodes b ${sample}
         JOIN stock_levels s ON s.variant_id = b.variant_id AND s.inventory_id = $1 AND s.on_hand >= 1
     ) x ORDER BY random() LIMIT $2`,
    [inventoryId, need],
  );
  if (codes.length < need) throw new Error(`only ${codes.length} barcodes with stock found`);
  const { rows: names } = await pg.query(
    `SELECT name_ar FROM (SELECT DISTINCT p.name_ar FROM products p ${sample} WHERE p.active) x
      ORDER BY random() LIMIT $1`,
    [QUERIES],
  );
  // The sales: variants of one price (the commonest), with stock, so copies keep their amounts.
  const {
    rows: [{ price }],
  } = await pg.query(
    `SELECT v.sell_price AS price FROM variants v ${sample} WHERE v.active GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`,
  );
  const { rows: sold } = await pg.query(
    `SELECT v.id, b.barcode FROM variants v
       JOIN stock_levels s ON s.variant_id = v.id AND s.inventory_id = $1 AND s.on_hand >= 20
       JOIN LATERAL (SELECT barcode FROM variant_barcodes WHERE variant_id = v.id LIMIT 1) b ON true
      WHERE v.active AND v.sell_price = $2 LIMIT 2000`,
    [inventoryId, price],
  );
  return {
    codes: codes.map((r) => r.barcode),
    queries: queriesFrom(names.map((r) => r.name_ar)),
    sold,
  };
}

const loadNow = () => fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' / ');

async function main() {
  process.env.LOG_LEVEL = 'silent';
  const load = {
    start: fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' / '),
  };
  const db = await benchDatabase();
  process.env.DATABASE_URL = db.url;
  const { runMigrations } = require(dist('core/database/data-source.js'));
  const { seedFirstStart } = require(dist('seed/first-start.js'));
  await runMigrations(db.url);
  await seedFirstStart(db.url);
  const pg = new Client({ connectionString: db.url });
  await pg.connect();
  const total = await seedIfNeeded(db.url, pg);
  const {
    rows: [cashier],
  } = await pg.query(`SELECT id, branch_id FROM users WHERE username = 'cashier'`);
  const {
    rows: [inventory],
  } = await pg.query('SELECT id FROM inventories WHERE branch_id = $1 AND is_default', [
    cashier.branch_id,
  ]);
  const data = await pickData(pg, inventory.id, total);

  const server = await startBuiltServer(db.url, PORT);
  const kept = PROFILE_DIR && fs.existsSync(PROFILE_DIR) && fs.readdirSync(PROFILE_DIR).length > 0;
  if (PROFILE_DIR) fs.mkdirSync(PROFILE_DIR, { recursive: true });
  const profile = PROFILE_DIR || fs.mkdtempSync(path.join(os.tmpdir(), 'pos-offline-bench-'));
  const { chromium } = require('playwright-core');
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
    baseURL: `http://127.0.0.1:${PORT}`,
    ...(SEARCH_ONLY ? { serviceWorkers: 'block' } : {}),
    locale: 'ar-EG',
    timezoneId: 'Africa/Cairo',
  });
  const out = { total };
  const misses = [];
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.addInitScript(() => {
      window.print = () => undefined;
      performance.setResourceTimingBufferSize(10_000);
    });
    await page.addInitScript(till.stampEnter);
    page.on('dialog', (d) => void d.dismiss());
    page.on('console', (m) => {
      if (m.type() === 'error' && !m.text().includes('ERR_INTERNET_DISCONNECTED'))
        misses.push(`console: ${m.text().slice(0, 200)}`);
    });
    await page.goto('/login');
    if (kept) {
      // A kept profile's worker answers for the origin with the build it cached (until the till
      // applies an update; blocking workers only stops registering): unregistered, its caches
      // dropped, and the page loaded again from the server (the till registers the new build's).
      await page.evaluate(async () => {
        for (const r of await navigator.serviceWorker.getRegistrations()) await r.unregister();
        for (const k of await caches.keys()) await caches.delete(k);
      });
      await page.goto('/login');
    }
    // A kept profile (--profile-dir) may still be signed in.
    await page.locator('input[name="username"], [data-testid="user-menu"]').first().waitFor();
    if (await page.locator('input[name="username"]').isVisible()) {
      await page.locator('input[name="username"]').fill('cashier');
      await page.locator('input[name="password"]').fill('demo1234');
      await page.getByTestId('login-submit').click();
    }
    await page.getByTestId('user-menu').waitFor();
    const current = await page.request.get('/api/Shift/current');
    const open = current.ok() ? await current.text() : '';
    if (!open || open === 'null') {
      const { csrfToken } = await (await page.request.get('/api/auth/csrf')).json();
      const res = await page.request.post('/api/Shift/open', {
        data: { openingCash: 0, register: 9 },
        headers: { 'X-CSRF-Token': csrfToken, 'Idempotency-Key': randomUUID() },
      });
      if (!res.ok()) throw new Error(`open shift: ${res.status()} ${await res.text()}`);
    }
    const lowStock = page.getByTestId('low-stock-dialog');
    await page.addLocatorHandler(lowStock, (d) => d.getByTestId('confirm-dialog-cancel').click());

    // 1. The first load of the device catalog.
    const status = page.getByTestId('device-catalog-status');
    const profiler = PROFILE && !SEARCH_ONLY ? await startProfile(page) : null;
    const t0 = performance.now();
    await page.goto('/POS');
    await page
      .locator('[data-testid="device-catalog-status"]:not([data-state="idle"])')
      .waitFor({ timeout: 60_000 });
    const loadingAt = performance.now();
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid="device-catalog-status"]')?.dataset.state !==
        'loading',
      null,
      { polling: 100, timeout: 30 * 60_000 },
    );
    out.catalogMs = performance.now() - t0;
    out.catalogFromLoadingMs = performance.now() - loadingAt;
    out.catalogState = await status.getAttribute('data-state');
    if (profiler) out.profile = await profiler();
    out.traffic = await till.catalogTraffic(page);
    out.storage = await till.storageUse(page);
    out.loadEnd = fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' / ');
    if (out.catalogState !== 'ready') throw new Error(`device catalog: ${out.catalogState}`);
    if (CATALOG_ONLY) return void printCatalog(out, { ...load, end: out.loadEnd });

    // 2. Scan and search, online (baseline: the server) then offline (the device's catalog).
    const codes = data.codes;
    const scanSeries = async (list) => {
      const commit = [];
      const frame = [];
      for (let i = 0; i < list.length; i++) {
        if (i > 0 && i % BASKET === 0) await till.emptyCart(page);
        const r = await till.scanOnce(page, list[i], misses);
        if (!r) continue;
        commit.push(r[0]);
        frame.push(r[1]);
      }
      await till.emptyCart(page);
      return { commit, frame };
    };
    const searchSeries = async () => {
      const commit = [];
      for (const q of data.queries) {
        const r = await till.searchOnce(page, q, misses);
        if (r) commit.push(r[0]);
      }
      return commit;
    };
    if (!SEARCH_ONLY) {
      await scanSeries(codes.slice(0, 10)); // warm-up
      out.onlineScan = await scanSeries(codes.slice(10, 10 + SCANS));
      out.onlineSearch = await searchSeries();
    }
    await context.setOffline(true);
    await scanSeries(codes.slice(0, 10)); // warm-up (the device's lookups)
    out.offlineScan = await scanSeries(codes.slice(10 + SCANS, 10 + 2 * SCANS));
    // (`--profile --search-only`: the page's main thread during the offline searches instead)
    const searchProfiler = PROFILE && SEARCH_ONLY ? await startProfile(page) : null;
    out.offlineSearch = await searchSeries();
    if (searchProfiler) out.profile = await searchProfiler();
    // The device's lookups alone (deviceSearch's own measure), apart from listing the results.
    const lookups = await page.evaluate(() =>
      performance
        .getEntriesByName('pos-device-search')
        .map((e) => ({ ms: e.duration, text: String(e.detail ?? '') })),
    );
    out.offlineLookup = lookups.map((l) => l.ms);
    out.slowestLookups = [...lookups].sort((a, b) => b.ms - a.ms).slice(0, 8);
    if (SEARCH_ONLY) return void printSearch(out, { ...load, end: loadNow() }, misses);

    // 3. Sales queued offline, then the sync with the till in use.
    for (let i = 0, sold = 0; sold < UI_SALES; i++) {
      if (i >= UI_SALES + 5)
        throw new Error(`only ${sold} sales rung at the till: ${misses.join('; ')}`);
      if (await till.sellAtTill(page, data.sold[i].barcode, misses)) sold++;
    }
    await page
      .locator(`[data-testid="outbox-waiting"][data-count="${UI_SALES}"]`)
      .waitFor()
      .catch(() => undefined);
    const filled = await till.fillOutbox(
      page,
      SALES,
      data.sold.map((s) => s.id),
    );
    const before = await till.outboxCounts(page);
    const drainCodes = codes.slice(10 + 2 * SCANS);
    const duringScan = [];
    const t1 = performance.now();
    await context.setOffline(false);
    let counts = before;
    let polls = 0;
    for (let i = 0; counts.queue > 0; i++) {
      if (performance.now() - t1 > 10 * 60_000)
        throw new Error(`queue still ${counts.queue} after 10 min`);
      if (IDLE_SYNC) await new Promise((r) => setTimeout(r, 100));
      else {
        if (i > 0 && i % BASKET === 0) await till.emptyCart(page);
        const r = await till.scanOnce(page, drainCodes[i % drainCodes.length], misses);
        if (r) duringScan.push(r[0]);
      }
      counts = await till.outboxCounts(page);
      polls++;
    }
    out.drainMs = performance.now() - t1;
    // The sales' requests as the page saw them (server and network), against the whole sync.
    out.salePosts = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter((e) => /\/api\/Sales(\/batch)?$/.test(e.name))
        .map((e) => e.responseEnd - e.startTime),
    );
    await till.emptyCart(page);
    out.drain = { before, after: counts, polls, filled, duringScan };
    await page
      .locator('[data-testid="outbox-strip"]')
      .waitFor({ state: 'detached', timeout: 30_000 })
      .catch(() => {
        out.stripStayed = true;
      });
    const {
      rows: [{ n: invoices }],
    } = await pg.query('SELECT count(*)::int AS n FROM sales_invoices WHERE device_id = $1', [
      filled.deviceId,
    ]);
    out.invoices = invoices;
    // Where the sync's time went: the gaps between the server's invoices, in the queue's order.
    const { rows: times } = await pg.query(
      `SELECT extract(epoch FROM created_at) * 1000 AS at FROM sales_invoices WHERE device_id = $1 ORDER BY device_receipt_no`,
      [filled.deviceId],
    );
    out.gaps = times.slice(1).map((r, i) => Number(r.at) - Number(times[i].at));
  } finally {
    await context.close();
    if (!PROFILE_DIR) fs.rmSync(profile, { recursive: true, force: true });
    await server.close();
    await pg.end();
    await db.drop();
  }
  load.end = loadNow();
  print(out, load, misses);
}

function printCatalog(out, load) {
  const mb = (b) => `${(b / 1e6).toFixed(1)} MB`;
  const t = out.traffic;
  console.log(
    `\noffline till over ${out.total} variants, Chromium headless shell (load average ${load.start} → ${load.end})`,
  );
  console.log(
    `device catalog first load: ${(out.catalogMs / 1000).toFixed(1)} s from /POS opened (${(out.catalogFromLoadingMs / 1000).toFixed(1)} s from the progress bar) ` +
      `[load average then ${out.loadEnd}]`,
  );
  console.log(
    `  ${t.requests} requests, ${mb(t.transfer)} transferred, ${mb(t.decoded)} decoded; ` +
      `requests ${(t.waiting / 1000).toFixed(1)} s of it (first to last ${((t.last - t.first) / 1000).toFixed(1)} s); ` +
      `storage used ${mb(out.storage.usage)}${out.storage.indexedDB !== null ? ` (IndexedDB ${mb(out.storage.indexedDB)})` : ''}`,
  );
  if (out.profile) {
    console.log(
      `  the page's main thread ${SEARCH_ONLY ? 'during the offline searches' : 'while loading'} (${(out.profile.total / 1000).toFixed(1)} s sampled), self time:`,
    );
    for (const [k, ms] of out.profile.top)
      console.log(`    ${(ms / 1000).toFixed(2).padStart(7)} s  ${k}`);
  }
}

function printOffline(out) {
  const s = (x) => percentiles(x);
  report('offline scan → line', s(out.offlineScan.commit));
  report('offline scan → next frame', s(out.offlineScan.frame));
  report('offline search → list', s(out.offlineSearch));
  if (out.offlineLookup.length) report('  of which the lookup', s(out.offlineLookup));
  if (out.slowestLookups?.length)
    console.log(
      `  slowest lookups: ${out.slowestLookups.map((l) => `«${l.text}» ${l.ms.toFixed(1)} ms`).join(', ')}`,
    );
}

function printSearch(out, load, misses) {
  printCatalog(out, load);
  printOffline(out);
  if (misses.length) console.log(`missed: ${misses.length}\n  ${misses.slice(0, 10).join('\n  ')}`);
  const s = (x) => percentiles(x);
  console.log(
    `targets: offline scan p95 ≤ 50 ms ${s(out.offlineScan.commit).p95 <= 50 ? 'met' : 'NOT met'}; offline search p95 ≤ 100 ms ${s(out.offlineSearch).p95 <= 100 ? 'met' : 'NOT met'}`,
  );
}

function print(out, load, misses) {
  printCatalog(out, load);
  const s = (x) => percentiles(x);
  report('online scan → line (server)', s(out.onlineScan.commit));
  report('online search → list', s(out.onlineSearch));
  printOffline(out);
  const d = out.drain;
  console.log(
    `sync: ${d.before.queue} queued (${UI_SALES} paid at the till, ${d.filled.added} copies) → empty in ${(out.drainMs / 1000).toFixed(1)} s ` +
      `(${((d.before.queue * 1000) / out.drainMs).toFixed(0)} sales/s); refused ${d.after.refused}; invoices of the device on the server ${out.invoices}` +
      `${out.stripStayed ? '; the waiting strip still shown 30 s later' : ''}`,
  );
  if (out.salePosts.length) {
    // (one request per sale, or per batch of sales: docs/decisions/0075)
    report('sync: POST /api/Sales (or /batch)', s(out.salePosts));
    const inRequests = out.salePosts.reduce((a, b) => a + b, 0);
    console.log(
      `  in requests ${(inRequests / 1000).toFixed(1)} s of the ${(out.drainMs / 1000).toFixed(1)} s (the rest: the till's own work between them)`,
    );
  }
  if (out.gaps.length) {
    report('sync: gap between invoices', s(out.gaps));
    const slow = out.gaps.filter((g) => g > 1000);
    if (slow.length)
      console.log(
        `  gaps over 1 s: ${slow.length}, ${(slow.reduce((a, b) => a + b, 0) / 1000).toFixed(1)} s in all`,
      );
  }
  if (d.duringScan.length) report('scan → line during the sync', s(d.duringScan));
  if (misses.length) console.log(`missed: ${misses.length}\n  ${misses.slice(0, 10).join('\n  ')}`);
  const verdict = (ok) => (ok ? 'met' : 'NOT met');
  console.log(
    `targets: offline scan p95 ≤ 50 ms ${verdict(s(out.offlineScan.commit).p95 <= 50)}; offline search p95 ≤ 100 ms ${verdict(s(out.offlineSearch).p95 <= 100)}; ` +
      `sync of ${d.before.queue} ≤ 30 s ${verdict(out.drainMs <= 30_000)}`,
  );
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
