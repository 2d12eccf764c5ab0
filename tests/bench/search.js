// `npm run bench -- search [--variants 500000] [--queries 400] [--database-url URL]`
// Product search p50/p95/p99 through the real HTTP API (normalised Arabic over the pg_trgm GIN
// index, exact barcode first) against a plain ILIKE sequential scan of the same table, same run.
const { performance } = require('node:perf_hooks');
const { Client } = require('pg');
const {
  arg,
  benchDatabase,
  dist,
  percentiles,
  report,
  signIn,
  startServerProcess,
  stopServerProcess,
} = require('./lib');

const VARIANTS = Number(arg('variants', '500000'));
const QUERIES = Number(arg('queries', '400'));
const PORT = Number(arg('port', '3950'));

// What cashiers type: partial words, no hamza, teh marbuta as heh, brand names, model numbers.
const TERMS = [
  'احذيه',
  'تيشيرت قطن',
  'سماعه بلوتوث',
  'مكرونه',
  'شاحن',
  'بلوزه',
  'كريم',
  'قميص كاجوال',
  'ارز مصري',
  'جراب',
  'عروسه',
  'باور بانك',
  'موديل 245',
  'زيت',
  'كشكول',
  'شامبو',
  'بنطلون جينز',
  'مسحوق',
  'لوحه مفاتيح',
  'جاكيت',
];

async function main() {
  process.env.LOG_LEVEL = 'silent';
  const db = await benchDatabase();
  process.env.DATABASE_URL = db.url;
  const { runMigrations } = require(dist('core/database/data-source.js'));
  const { seedFirstStart } = require(dist('seed/first-start.js'));
  const { seedDemo } = require(dist('seed/demo.js'));
  const started = Date.now();
  await runMigrations(db.url);
  await seedFirstStart(db.url);
  await seedDemo(db.url);
  const pg = new Client({ connectionString: db.url });
  await pg.connect();
  const [{ n: have }] = (await pg.query('SELECT count(*)::int AS n FROM variants')).rows;
  if (have < VARIANTS) {
    console.log(`Seeding ${VARIANTS - have} variants…`);
    const { DataSource } = require('typeorm');
    const { dataSourceOptions } = require(dist('core/database/data-source.js'));
    const { insertCatalog } = require(dist('seed/catalog-seed.js'));
    const ds = new DataSource(dataSourceOptions(db.url));
    await ds.initialize();
    await ds.transaction(async (m) => {
      const inventories = await m.query(
        'SELECT id FROM inventories WHERE is_default ORDER BY created_at',
      );
      await m.query('DROP INDEX IF EXISTS "IDX_variants_search_trgm"');
      await insertCatalog(m, {
        variants: VARIANTS - have,
        inventoryIds: inventories.map((i) => i.id),
        seed: 11,
        prefix: 'BENCH',
      });
      await m.query(
        `CREATE INDEX "IDX_variants_search_trgm" ON "variants" USING gin ("search_text" gin_trgm_ops)`,
      );
    });
    await ds.destroy();
    await pg.query('ANALYZE');
  }
  const [{ n: total }] = (await pg.query('SELECT count(*)::int AS n FROM variants')).rows;
  console.log(`${total} variants ready in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  const barcodes = (
    await pg.query('SELECT barcode FROM variant_barcodes ORDER BY random() LIMIT 50')
  ).rows.map((r) => r.barcode);
  // The server in its own process, as a real client is not in the server's event loop.
  const server = await startServerProcess(db.url, PORT);
  const base = `http://127.0.0.1:${PORT}`;
  const session = await signIn(base, 'admin', process.env.ADMIN_PASSWORD ?? 'demo1234');
  const inventoryId = (
    await pg.query('SELECT id FROM inventories WHERE is_default ORDER BY created_at LIMIT 1')
  ).rows[0].id;
  const queries = Array.from({ length: QUERIES }, (_, i) =>
    i % 5 === 4 ? barcodes[i % barcodes.length] : TERMS[i % TERMS.length],
  );

  const timeApi = async (q) => {
    const t0 = performance.now();
    const res = await fetch(
      `${base}/api/variants/search?q=${encodeURIComponent(q)}&inventoryId=${inventoryId}&limit=20`,
      { headers: { cookie: session.cookie } },
    );
    const body = await res.json();
    const ms = performance.now() - t0;
    if (res.status !== 200 || !Array.isArray(body)) throw new Error(`search failed: ${res.status}`);
    return { ms, hits: body.length };
  };
  const timeBaseline = async (q) => {
    // The naive way: ILIKE on the raw names, SKUs and barcodes, with index scans disabled.
    const t0 = performance.now();
    const { rows } = await pg.query(
      `SELECT v.id FROM variants v JOIN products p ON p.id = v.product_id
        WHERE p.name_ar ILIKE $1 OR v.sku ILIKE $1 OR array_to_string(v.barcodes, ' ') ILIKE $1 LIMIT 20`,
      [`%${q}%`],
    );
    return { ms: performance.now() - t0, hits: rows.length };
  };
  for (const q of queries.slice(0, 20)) await timeApi(q); // warm-up
  const api = [];
  let apiHits = 0;
  for (const q of queries) {
    const r = await timeApi(q);
    api.push(r.ms);
    apiHits += r.hits > 0 ? 1 : 0;
  }
  await pg.query('SET enable_indexscan = off; SET enable_bitmapscan = off');
  const base1 = [];
  let baseHits = 0;
  for (const q of queries.slice(0, Math.min(QUERIES, 100))) {
    const r = await timeBaseline(q);
    base1.push(r.ms);
    baseHits += r.hits > 0 ? 1 : 0;
  }
  const a = percentiles(api);
  const b = percentiles(base1);
  console.log(
    `\nsearch over ${total} variants (${QUERIES} queries through HTTP; baseline ${base1.length} queries)`,
  );
  report('API search (trgm GIN)', a);
  report('baseline ILIKE seq scan', b);
  console.log(
    `queries with hits: API ${apiHits}/${api.length}, baseline ${baseHits}/${base1.length} (the baseline misses unnormalised spellings)`,
  );
  console.log(
    `ratio p95 baseline/API: ${(b.p95 / a.p95).toFixed(1)}×   target API p95 < 20 ms: ${a.p95 < 20 ? 'met' : 'NOT met'}`,
  );
  await pg.end();
  await stopServerProcess(server);
  await db.drop();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
