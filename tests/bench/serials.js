// `npm run bench -- serials [--database-url URL] [--serials 1000000] [--batches 10000] [--scans 300]
//   [--tills 4] [--sale-seconds 10] [--port 3962]`
//
// Issue 34's acceptance (docs/decisions/0117): a serial scanned at the till among --serials units
// (p95 ≤ 50 ms, as the barcode scan), and the first-expiry-first-out pick over --batches lots of one
// product. Against the built server (dist/, its own process) over HTTP, as the till calls them:
//   - scan: GET /api/Serials/{code}/sellable?inventoryId= for random units in stock (the till's
//     lookup of a scanned code that is no barcode), the cashier signed in;
//     baseline in the same run: GET /api/variants/search?q={barcode}&limit=1 (the barcode scan's);
//   - FEFO: GET /api/Inventories/{id}/sellable-batches?variantId=&quantity= (the lots and the
//     server's pick the till shows for a batch line), and pickFefo itself in this process;
//   - checkout (docs/decisions/0123): --tills cashiers selling at once in a closed loop for
//     --sale-seconds each, first an untracked product, then a batch product of one lot, then the
//     product of --batches lots (1–3 units a sale, picked first expiry first out by the server):
//     the sales/s of each in the same run and their ratio to the untracked one ("the checkout
//     bench does not drop"; the one-lot phase tells batch tracking's own cost from the lots'
//     number); and the lot pick's SQL alone, the
//     former read-and-lock of every lot against the bounded walk's first chunk.
// Without --database-url (or BENCH_DATABASE_URL) a throwaway database is created, migrated and
// seeded (first start + demo), the units and lots inserted in bulk (SQL, not through the API: a
// million receipts would take hours), and dropped afterwards. The machine's load is printed.
const os = require('node:os');
const { performance } = require('node:perf_hooks');
const { Client } = require('pg');
const { randomUUID } = require('node:crypto');
const path = require('node:path');
const {
  arg,
  benchDatabase,
  dist,
  percentiles,
  report,
  root,
  signIn,
  startBuiltServer,
} = require('./lib');

const SERIALS = Number(arg('serials', '1000000'));
const BATCHES = Number(arg('batches', '10000'));
const SCANS = Number(arg('scans', '300'));
const PORT = Number(arg('port', '3962'));
const TILLS = Number(arg('tills', '4'));
const SALE_SECONDS = Number(arg('sale-seconds', '10'));
const PRODUCTS = 20;
const TARGET_P95 = 50;

async function call(base, session, path, init = {}) {
  const res = await fetch(`${base}${path}`, {
    ...init,
    headers: {
      cookie: session.cookie,
      'content-type': 'application/json',
      'X-CSRF-Token': session.csrfToken,
      'Idempotency-Key': randomUUID(),
      ...(init.headers ?? {}),
    },
  });
  if (!res.ok)
    throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

async function timed(n, fn) {
  const samples = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await fn(i);
    samples.push(performance.now() - t0);
  }
  return percentiles(samples);
}

async function main() {
  process.env.LOG_LEVEL = 'silent';
  console.log(
    `machine: ${os.cpus().length} cores, load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  const db = await benchDatabase();
  const { runMigrations } = require(dist('core/database/data-source.js'));
  const { seedFirstStart } = require(dist('seed/first-start.js'));
  const { seedDemo } = require(dist('seed/demo.js'));
  const pg = new Client({ connectionString: db.url });
  const server = { close: async () => undefined };
  try {
    await runMigrations(db.url);
    await seedFirstStart(db.url);
    await seedDemo(db.url);
    await pg.connect();
    const {
      rows: [inv],
    } = await pg.query(
      `SELECT i.id, i.branch_id FROM inventories i JOIN users u ON u.branch_id = i.branch_id
        WHERE u.username = 'cashier' AND i.is_default`,
    );
    Object.assign(server, await startBuiltServer(db.url, PORT));
    const base = `http://127.0.0.1:${PORT}`;
    const admin = await signIn(base, 'admin', 'demo1234');
    // The products through the API (tracking, search text…), one unit or lot each as opening stock:
    // its movement is the one the bulk rows name.
    const phone = async (i) => {
      const p = await call(base, admin, '/api/Products', {
        method: 'POST',
        body: JSON.stringify({
          nameAr: `هاتف قياس ${i}`,
          vatRate: 14,
          tracking: 'serial',
          variants: [{ barcodes: [`BENCH-SN-${i}-${randomUUID().slice(0, 6)}`], sellPrice: 1000 }],
        }),
      });
      return p.variants[0].id;
    };
    const phones = [];
    for (let i = 0; i < PRODUCTS; i++) phones.push(await phone(i));
    const milk = (
      await call(base, admin, '/api/Products', {
        method: 'POST',
        body: JSON.stringify({
          nameAr: 'لبن قياس',
          vatRate: 0,
          tracking: 'batch',
          variants: [{ barcodes: [`BENCH-LOT-${randomUUID().slice(0, 6)}`], sellPrice: 100 }],
        }),
      })
    ).variants[0].id;
    await call(base, admin, '/api/StockAdjustments', {
      method: 'POST',
      body: JSON.stringify({
        inventoryId: inv.id,
        reason: 'opening',
        lines: [
          ...phones.map((variantId, i) => ({
            variantId,
            quantity: 1,
            serials: [{ serial: `SEED-${i}` }],
          })),
          { variantId: milk, quantity: 1, batch: { lot: 'SEED', expiryDate: '2040-01-01' } },
        ],
      }),
    });
    const {
      rows: [{ id: movementId }],
    } = await pg.query(
      `SELECT id FROM stock_movements WHERE variant_id = $1 AND inventory_id = $2 LIMIT 1`,
      [phones[0], inv.id],
    );

    // --- the units: a third in stock at the cashier's inventory, the rest sold (as over years)
    let t0 = performance.now();
    const chunk = 200_000;
    for (let from = 0; from < SERIALS; from += chunk) {
      await pg.query(
        `INSERT INTO serial_units (id, variant_id, serial, status, inventory_id, received_movement_id)
         SELECT gen_random_uuid(), ($1::uuid[])[1 + n % $2], 'SN' || lpad(n::text, 9, '0'),
                CASE WHEN n % 3 = 0 THEN 'in_stock' ELSE 'sold' END,
                CASE WHEN n % 3 = 0 THEN $3::uuid END, $4
           FROM generate_series($5::int, $6::int) AS n`,
        [phones, PRODUCTS, inv.id, movementId, from, Math.min(SERIALS, from + chunk) - 1],
      );
    }
    // --- the lots: BATCHES of one product at the inventory, expiries spread over ten years
    await pg.query(
      `INSERT INTO batches (id, variant_id, lot, expiry_date)
       SELECT gen_random_uuid(), $1, 'LOT' || lpad(n::text, 6, '0'), DATE '2030-01-01' + (n * 7919) % 3650
         FROM generate_series(1, $2::int) AS n`,
      [milk, BATCHES],
    );
    await pg.query(
      `INSERT INTO batch_levels (batch_id, inventory_id, on_hand)
       SELECT id, $2, 3 FROM batches WHERE variant_id = $1 AND lot <> 'SEED'`,
      [milk, inv.id],
    );
    // the product's stock level as its lots hold (the lots went in by SQL, not by the ledger)
    await pg.query(
      `UPDATE stock_levels SET on_hand = on_hand + 3 * $3::int WHERE variant_id = $1 AND inventory_id = $2`,
      [milk, inv.id, BATCHES],
    );
    await pg.query('ANALYZE');
    console.log(
      `inserted ${SERIALS} units and ${BATCHES} lots in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );

    const cashier = await signIn(base, 'cashier', 'demo1234');
    const { rows: inStock } = await pg.query(
      `SELECT serial FROM serial_units TABLESAMPLE SYSTEM (2) WHERE status = 'in_stock' AND inventory_id = $1
        ORDER BY random() LIMIT $2`,
      [inv.id, 20 + SCANS],
    );
    const { rows: barcodes } = await pg.query(
      `SELECT b.barcode FROM variant_barcodes b JOIN stock_levels s ON s.variant_id = b.variant_id
        WHERE s.inventory_id = $1 AND s.on_hand > 0 ORDER BY random() LIMIT $2`,
      [inv.id, SCANS],
    );
    const sellable = (code) =>
      call(
        base,
        cashier,
        `/api/Serials/${encodeURIComponent(code)}/sellable?inventoryId=${inv.id}`,
      );
    for (const r of inStock.slice(0, 20)) await sellable(r.serial); // warm-up
    const scans = await timed(Math.min(SCANS, inStock.length - 20), (i) =>
      sellable(inStock[20 + i].serial),
    );
    const search = await timed(barcodes.length, (i) =>
      call(
        base,
        cashier,
        `/api/variants/search?q=${encodeURIComponent(barcodes[i].barcode)}&inventoryId=${inv.id}&limit=1`,
      ),
    );
    const picks = await timed(50, (i) =>
      call(
        base,
        cashier,
        `/api/Inventories/${inv.id}/sellable-batches?variantId=${milk}&quantity=${1 + (i % 20)}`,
      ),
    );
    const { pickFefo } = require(path.join(root, 'libs', 'contracts', 'dist', 'index.js'));
    const { rows: lots } = await pg.query(
      `SELECT b.id AS "batchId", b.lot, b.expiry_date::text AS "expiryDate", l.on_hand::text AS "onHand"
         FROM batch_levels l JOIN batches b ON b.id = l.batch_id WHERE b.variant_id = $1 AND l.inventory_id = $2
        ORDER BY b.expiry_date, b.lot`,
      [milk, inv.id],
    );
    // read in the server's order (its queries order by expiry, lot), as the sale's pick gets them
    const pure = await timed(200, async (i) => pickFefo(lots, 1 + (i % 20), '2026-12-06'));

    const lockSql = await lotLocks(pg, milk, inv.id);
    const checkout = await sales(base, admin, pg, inv, milk);
    await fefoPlan(pg, milk, inv.id);

    console.log(
      `\nserials: ${SERIALS} units (${PRODUCTS} products), ${BATCHES} lots of one product`,
    );
    report('serial scan (sellable)', scans);
    report('baseline: barcode search', search);
    report('FEFO pick (sellable-batches)', picks);
    report(`pickFefo in process (${lots.length})`, pure);
    report('lots read and locked: all (before 0123)', lockSql.all);
    report('lots read and locked: first chunk (0123)', lockSql.bounded);
    report(`sale of an untracked product (${TILLS} tills)`, checkout.plain.stats);
    report(`sale of a one-lot product (${TILLS} tills)`, checkout.oneLot.stats);
    report(`sale of the ${BATCHES}-lot product (${TILLS} tills)`, checkout.lots.stats);
    const pct = (r) => `${((100 * r) / checkout.plain.rate).toFixed(0)} %`;
    console.log(
      `checkout: ${checkout.plain.rate.toFixed(1)} sales/s untracked, ` +
        `${checkout.oneLot.rate.toFixed(1)} from one lot (${pct(checkout.oneLot.rate)}), ` +
        `${checkout.lots.rate.toFixed(1)} from ${BATCHES} lots (${pct(checkout.lots.rate)})`,
    );
    console.log(
      `serial scan p95 ${scans.p95.toFixed(1)} ms: ${scans.p95 <= TARGET_P95 ? 'within' : 'OVER'} the ${TARGET_P95} ms target`,
    );
  } finally {
    await server.close();
    await pg.end().catch(() => undefined);
    await db.drop();
  }
}

/**
 * The lot pick's SQL alone, 20 times each in a transaction rolled back: every lot of the product
 * read and locked (the sale's query before docs/decisions/0123) and the bounded walk's first chunk.
 */
async function lotLocks(pg, variantId, inventoryId) {
  const run = (sql, params) =>
    timed(20, async () => {
      await pg.query('BEGIN');
      await pg.query(sql, params);
      await pg.query('ROLLBACK');
    });
  const all = await run(
    `SELECT b.id, b.lot, b.expiry_date::text, bl.on_hand::text
       FROM batch_levels bl JOIN batches b ON b.id = bl.batch_id
      WHERE b.variant_id = $1 AND bl.inventory_id = $2 AND (bl.on_hand > 0 OR b.lot = $3)
      ORDER BY b.expiry_date, b.lot FOR UPDATE OF bl`,
    [variantId, inventoryId, null],
  );
  const bounded = await run(`${FEFO_CHUNK} FOR UPDATE`, [variantId, inventoryId, '2026-12-06', '']);
  return { all, bounded };
}

/** The bounded walk's first chunk (inventory/services/fefo-lots.ts). */
const FEFO_CHUNK = `SELECT batch_id AS "batchId", lot, expiry_date::text AS "expiryDate", on_hand::text AS "onHand" FROM batch_levels
  WHERE inventory_id = $2 AND variant_id = $1 AND (expiry_date, lot) > ($3::date, $4::text) AND on_hand > 0
  ORDER BY expiry_date, lot LIMIT 2`;

/** The walk's plan after the sales (lots sold out in front): the partial index, the locks under the LIMIT. */
async function fefoPlan(pg, variantId, inventoryId) {
  const {
    rows: [{ n }],
  } = await pg.query(
    'SELECT count(*)::int AS n FROM batch_levels WHERE variant_id = $1 AND inventory_id = $2 AND on_hand = 0',
    [variantId, inventoryId],
  );
  await pg.query('BEGIN');
  const { rows: plan } = await pg.query(`EXPLAIN (ANALYZE, COSTS OFF) ${FEFO_CHUNK} FOR UPDATE`, [
    variantId,
    inventoryId,
    '2026-12-06',
    '',
  ]);
  await pg.query('ROLLBACK');
  console.log(`the lot pick's first chunk with ${n} lots sold out in front:`);
  console.log(plan.map((r) => `  ${r['QUERY PLAN']}`).join('\n'));
}

/**
 * The checkout with a product of many lots: TILLS cashiers (no permissions, a shift each) sell in
 * a closed loop for SALE_SECONDS an untracked product, then the batch product; the sales/s of each.
 */
async function sales(base, admin, pg, inv, milk) {
  const { hashPassword } = require(dist('modules/identity/services/sign-in.service.js'));
  const plain = (
    await call(base, admin, '/api/Products', {
      method: 'POST',
      body: JSON.stringify({
        nameAr: 'صنف قياس بلا تتبع',
        vatRate: 14,
        variants: [
          {
            barcodes: [`BENCH-PLAIN-${randomUUID().slice(0, 6)}`],
            sellPrice: 100,
            openingStock: [{ inventoryId: inv.id, quantity: 1_000_000 }],
          },
        ],
      }),
    })
  ).variants[0].id;
  // the same tracking by lot, one lot only: what batch tracking costs a sale apart from the lots
  const oneLot = (
    await call(base, admin, '/api/Products', {
      method: 'POST',
      body: JSON.stringify({
        nameAr: 'لبن قياس بتشغيلة واحدة',
        vatRate: 0,
        tracking: 'batch',
        variants: [{ barcodes: [`BENCH-ONE-${randomUUID().slice(0, 6)}`], sellPrice: 100 }],
      }),
    })
  ).variants[0].id;
  await call(base, admin, '/api/StockAdjustments', {
    method: 'POST',
    body: JSON.stringify({
      inventoryId: inv.id,
      reason: 'opening',
      lines: [
        {
          variantId: oneLot,
          quantity: 1_000_000,
          batch: { lot: 'ONE', expiryDate: '2040-01-01' },
        },
      ],
    }),
  });
  const {
    rows: [{ id: roleId }],
  } = await pg.query(
    `INSERT INTO roles (id, name, permissions) VALUES ($1, 'كاشير قياس التشغيلات', '{}') RETURNING id`,
    [randomUUID()],
  );
  const hash = await hashPassword('bench-password');
  const {
    rows: [{ id: cash }],
  } = await pg.query(
    `SELECT id FROM payment_methods WHERE type = 'cash' AND active ORDER BY sort_order LIMIT 1`,
  );
  const tills = [];
  for (let i = 1; i <= TILLS; i++) {
    const username = `benchlot${i}`;
    await pg.query(
      `INSERT INTO users (id, username, display_name, password_hash, role_id, branch_id, is_admin)
       VALUES ($1, $2, $3, $4, $5, $6, false)`,
      [randomUUID(), username, `كاشير ${i}`, hash, roleId, inv.branch_id],
    );
    const session = await signIn(base, username, 'bench-password');
    await call(base, session, '/api/Shift/open', {
      method: 'POST',
      body: JSON.stringify({ openingCash: 0, register: 90 + i }),
    });
    tills.push(session);
  }
  const phase = async (variantId, quantity) => {
    const samples = [];
    const end = performance.now() + SALE_SECONDS * 1000;
    await Promise.all(
      tills.map(async (session, t) => {
        for (let n = 0; performance.now() < end; n++) {
          const t0 = performance.now();
          await call(base, session, '/api/Sales', {
            method: 'POST',
            body: JSON.stringify({
              id: randomUUID(),
              lines: [{ variantId, quantity: quantity(t, n) }],
              payments: [{ methodId: cash, amount: 10_000 }],
            }),
          });
          samples.push(performance.now() - t0);
        }
      }),
    );
    return { stats: percentiles(samples), rate: samples.length / SALE_SECONDS };
  };
  // a warm-up sale at each till, then the two phases
  await Promise.all(
    tills.map((session) =>
      call(base, session, '/api/Sales', {
        method: 'POST',
        body: JSON.stringify({
          id: randomUUID(),
          lines: [{ variantId: plain, quantity: 1 }],
          payments: [{ methodId: cash, amount: 10_000 }],
        }),
      }),
    ),
  );
  return {
    plain: await phase(plain, () => 1),
    oneLot: await phase(oneLot, (t, n) => 1 + ((t + n) % 3)),
    lots: await phase(milk, (t, n) => 1 + ((t + n) % 3)),
  };
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
