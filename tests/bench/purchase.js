// `npm run bench -- purchase [--invoices 150] [--lines 50] [--port 3670] [--database-url URL]`
// Posting a purchase invoice of 50 lines (issue 14): one clerk posts --invoices invoices in a row
// through the real HTTP API of the built server (a child process): POST /api/PurchaseInvoices with
// post: true (number, header, lines, variant and stock locks, moving average, stock ledger, vendor
// ledger, the books' entry, audit, live stock events). Baseline in the same run: the bare writes
// with `pg`, one transaction per invoice: header, lines, the variants locked and their cost
// updated, the balances and movements, the vendor's balance and ledger row.
const { randomUUID } = require('node:crypto');
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

const INVOICES = Number(arg('invoices', '150'));
const LINES = Number(arg('lines', '50'));
const PORT = Number(arg('port', '3670'));

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
    const {
      rows: [admin],
    } = await pg.query(`SELECT id, branch_id FROM users WHERE username = 'admin'`);
    const {
      rows: [{ id: inventoryId }],
    } = await pg.query('SELECT id FROM inventories WHERE branch_id = $1 AND is_default', [
      admin.branch_id,
    ]);
    const variants = (
      await pg.query(`SELECT id FROM variants WHERE sku LIKE 'DEMO-%' ORDER BY sku LIMIT $1`, [
        LINES * 4,
      ])
    ).rows.map((r) => r.id);
    const vendorId = randomUUID();
    await pg.query(
      `INSERT INTO vendors (id, name, search_text) VALUES ($1, 'مورد القياس', 'مورد القياس')`,
      [vendorId],
    );
    // Each invoice takes LINES distinct variants from a window that moves along the pool.
    const linesOf = (n) =>
      Array.from({ length: LINES }, (_, i) => ({
        variantId: variants[(n * 7 + i) % variants.length],
        quantity: 1 + ((n + i) % 9),
        unitCost: 500 + ((n * 31 + i * 17) % 4000),
        discount: i % 10 === 0 ? 100 : 0,
        vatRate: i % 2 ? 14 : 0,
      }));

    server = await startServerProcess(db.url, PORT);
    const base = `http://127.0.0.1:${PORT}`;
    const session = await signIn(base, 'admin', 'demo1234');
    const post = async (n) => {
      const res = await fetch(`${base}/api/PurchaseInvoices`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          cookie: session.cookie,
          'x-csrf-token': session.csrfToken,
        },
        body: JSON.stringify({ vendorId, inventoryId, lines: linesOf(n), post: true }),
      });
      if (res.status !== 201) throw new Error(`${res.status} ${await res.text()}`);
      await res.arrayBuffer();
    };
    for (let n = 0; n < 10; n++) await post(INVOICES * 2 + n); // warm-up
    const api = [];
    for (let n = 0; n < INVOICES; n++) {
      const t0 = performance.now();
      await post(n);
      api.push(performance.now() - t0);
    }

    const raw = [];
    for (let n = 0; n < INVOICES; n++) {
      const lines = linesOf(n + INVOICES);
      const ids = [...new Set(lines.map((l) => l.variantId))].sort();
      const t0 = performance.now();
      await pg.query('BEGIN');
      const id = randomUUID();
      const total = lines.reduce((s, l) => s + l.quantity * l.unitCost - l.discount, 0);
      await pg.query('SELECT id FROM vendors WHERE id = $1 FOR UPDATE', [vendorId]);
      await pg.query(
        `INSERT INTO purchase_invoices (id, number, status, vendor_id, branch_id, inventory_id, invoice_date, total, posted_at)
         VALUES ($1, $2, 'posted', $3, $4, $5, current_date, $6, now())`,
        [id, `RAW-${id}`, vendorId, admin.branch_id, inventoryId, total],
      );
      await pg.query(
        `INSERT INTO purchase_invoice_lines (id, invoice_id, line_no, variant_id, quantity, unit_cost, discount, total)
         SELECT gen_random_uuid(), $1, n, v, q, c, d, round(q * c) - d
           FROM unnest($2::uuid[], $3::numeric[], $4::bigint[], $5::bigint[]) WITH ORDINALITY AS t(v, q, c, d, n)`,
        [
          id,
          lines.map((l) => l.variantId),
          lines.map((l) => l.quantity),
          lines.map((l) => l.unitCost),
          lines.map((l) => l.discount),
        ],
      );
      await pg.query('SELECT id FROM variants WHERE id = ANY($1) ORDER BY id FOR UPDATE', [ids]);
      await pg.query(
        `SELECT 1 FROM stock_levels WHERE variant_id = ANY($1) ORDER BY inventory_id, variant_id FOR UPDATE`,
        [ids],
      );
      await pg.query(
        `UPDATE variants v SET avg_cost = t.c FROM unnest($1::uuid[], $2::bigint[]) AS t(id, c) WHERE v.id = t.id`,
        [lines.map((l) => l.variantId), lines.map((l) => l.unitCost)],
      );
      await pg.query(
        `WITH u AS (UPDATE stock_levels s SET on_hand = s.on_hand + t.q FROM unnest($1::uuid[], $2::numeric[]) AS t(v, q)
                     WHERE s.variant_id = t.v AND s.inventory_id = $3 RETURNING s.variant_id, s.on_hand, t.q)
         INSERT INTO stock_movements (id, variant_id, inventory_id, quantity, balance_after, reason, reference_type, reference_id)
         SELECT gen_random_uuid(), variant_id, $3, q, on_hand, 'purchase', 'purchase_invoice', $4 FROM u`,
        [lines.map((l) => l.variantId), lines.map((l) => l.quantity), inventoryId, id],
      );
      const {
        rows: [v],
      } = await pg.query(
        'UPDATE vendors SET balance = balance + $2 WHERE id = $1 RETURNING balance',
        [vendorId, total],
      );
      await pg.query(
        `INSERT INTO vendor_ledger (id, vendor_id, type, amount, balance_after, reference_type, reference_id)
         VALUES (gen_random_uuid(), $1, 'purchase', $2, $3, 'purchase_invoice', $4)`,
        [vendorId, total, v.balance, id],
      );
      await pg.query('COMMIT');
      raw.push(performance.now() - t0);
    }

    console.log(`purchase invoices of ${LINES} lines, ${INVOICES} posted one after another`);
    report('raw SQL (baseline)', percentiles(raw));
    const a = percentiles(api);
    report('API post', a);
    console.log(`p95 ${a.p95 < 150 ? '<' : '≥'} 150 ms`);
  } finally {
    await stopServerProcess(server);
    await pg.end();
    await db.drop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
