// The checkout bench's shop and its tills, shared by the benches that sell through the API
// (checkout, dashboard, cluster): the admin's branch and default inventory, `products` sellable
// variants of the demo data, `cashiers` users (a role with no permission: selling needs none), and
// through the API their stock, sign-ins and shifts; the closed-loop load generator.
const { randomUUID } = require('node:crypto');
const { performance } = require('node:perf_hooks');
const { arg, benchDatabase, dist, percentiles, signIn } = require('../lib');

const CASHIER_PASSWORD = 'bench-password';

/** The shop's size from the command line: `--cashiers 32 --lines 5 --products 400`. */
const shopArgs = () => ({
  cashiers: Number(arg('cashiers', '32')),
  lines: Number(arg('lines', '5')),
  products: Number(arg('products', '400')),
});

/** The run's database (lib's benchDatabase), migrated, with the first start's and the demo's data. */
async function demoDatabase() {
  process.env.LOG_LEVEL = 'silent';
  const db = await benchDatabase();
  await require(dist('core/database/data-source.js')).runMigrations(db.url);
  await require(dist('seed/first-start.js')).seedFirstStart(db.url);
  await require(dist('seed/demo.js')).seedDemo(db.url);
  return db;
}

/**
 * The database part, before any server runs: the branch, its inventory, the variants sold and the
 * cashiers bench1..bench<cashiers>. `basket(i, n)`: the `lines` variants cashier i's n-th sale takes.
 */
async function prepareShop(pg, { cashiers, products, lines }) {
  const { hashPassword } = require(dist('modules/identity/services/sign-in.service.js'));
  const [branch] = (
    await pg.query(
      `SELECT b.id, b.code FROM users u JOIN branches b ON b.id = u.branch_id WHERE u.username = 'admin'`,
    )
  ).rows;
  const [{ id: inventoryId }] = (
    await pg.query('SELECT id FROM inventories WHERE branch_id = $1 AND is_default', [branch.id])
  ).rows;
  const variants = (
    await pg.query(
      `SELECT v.id, v.sell_price::bigint AS price, v.avg_cost::bigint AS cost, p.vat_rate FROM variants v JOIN products p ON p.id = v.product_id
        WHERE v.active AND p.active AND v.sell_price > 0 ORDER BY v.created_at LIMIT $1`,
      [products],
    )
  ).rows.map((v) => ({ ...v, price: Number(v.price), cost: Number(v.cost) }));
  if (variants.length < lines)
    throw new Error(`only ${variants.length} sellable variants in the demo data`);

  // The cashiers (no permissions needed to sell), each to sign in and open a shift on its own register.
  const [{ id: roleId }] = (
    await pg.query(
      `INSERT INTO roles (id, name, permissions) VALUES ($1, 'كاشير اختبار الأداء', '{}') RETURNING id`,
      [randomUUID()],
    )
  ).rows;
  const hash = await hashPassword(CASHIER_PASSWORD);
  const cashierIds = [];
  for (let i = 1; i <= cashiers; i++) {
    const id = randomUUID();
    cashierIds.push(id);
    await pg.query(
      `INSERT INTO users (id, username, display_name, password_hash, role_id, branch_id, is_admin) VALUES ($1, $2, $3, $4, $5, $6, false)`,
      [id, `bench${i}`, `كاشير ${i}`, hash, roleId, branch.id],
    );
  }
  const basket = (i, n) =>
    Array.from(
      { length: lines },
      (_, k) => variants[(i * 7 + n * lines + k * 13) % variants.length],
    );
  return { branch, inventoryId, variants, cashierIds, basket };
}

/** POST as a signed-in session; money and stock commands other than a sale get a fresh key. */
const poster = (base) => (session, path, body) =>
  fetch(`${base}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: session.cookie,
      'x-csrf-token': session.csrfToken,
      // The stock adjustment and the shifts move stock or money: one key each (the sale's is its id).
      ...(path === '/api/Sales' ? {} : { 'Idempotency-Key': randomUUID() }),
    },
    body: JSON.stringify(body),
  });

/**
 * Through the API at `base` (a server, or a load balancer): plenty of stock for every variant, each
 * cashier signed in with a shift open on register i. `sell(c, i, n)` posts cashier i's n-th sale and
 * resolves with its id once acknowledged (throws otherwise); `sell(c, i, n, baskets)` with other baskets.
 */
async function openTills(pg, base, shop) {
  const post = poster(base);
  const admin = await signIn(base, 'admin', process.env.ADMIN_PASSWORD ?? 'demo1234');
  // The count is set through the API (a stock adjustment to a counted quantity).
  const adjusted = await post(admin, '/api/StockAdjustments', {
    inventoryId: shop.inventoryId,
    reason: 'adjustment',
    lines: shop.variants.map((v) => ({ variantId: v.id, countedQuantity: 1_000_000 })),
    note: 'bench checkout',
  });
  if (adjusted.status !== 201 && adjusted.status !== 200)
    throw new Error(`stock adjustment: ${adjusted.status} ${await adjusted.text()}`);
  const [{ id: cashMethod }] = (
    await pg.query(
      `SELECT id FROM payment_methods WHERE type = 'cash' AND active ORDER BY sort_order LIMIT 1`,
    )
  ).rows;
  const cashiers = [];
  for (let i = 1; i <= shop.cashierIds.length; i++) {
    const session = await signIn(base, `bench${i}`, CASHIER_PASSWORD);
    const res = await post(session, '/api/Shift/open', { openingCash: 0, register: i });
    if (res.status !== 201) throw new Error(`open shift ${i}: ${res.status} ${await res.text()}`);
    cashiers.push({
      session,
      shiftId: (await res.json()).id,
      register: i,
      userId: shop.cashierIds[i - 1],
    });
  }
  // Statistics for the planner, as autovacuum's analyze gives a production database (this
  // machine's PostgreSQL runs with autovacuum off, so a fresh database would have none).
  await pg.query('ANALYZE');
  const sell = async (c, i, n, baskets = shop.basket) => {
    const basket = baskets(i, n);
    const body = {
      id: randomUUID(),
      lines: basket.map((v) => ({ variantId: v.id, quantity: 1 })),
      // the basket at its list prices: a promotion's discount is the change (within
      // LIMITS.maxChange, decision 0131)
      payments: [{ methodId: cashMethod, amount: basket.reduce((s, v) => s + v.price, 0) }],
    };
    const res = await post(c.session, '/api/Sales', body);
    const text = await res.text();
    // 200: the first answer replayed (the sale's id is its idempotency key) — behind HAProxy, a
    // sale an instance committed before it was killed, retried on another one.
    const replayed = res.status === 200 && JSON.parse(text).id === body.id;
    if (res.status !== 201 && !replayed)
      throw new Error(`POST /api/Sales → ${res.status} ${text.slice(0, 200)}`);
    return body.id;
  };
  return { cashiers, cashMethod, sell };
}

/** A loop's answers: latency percentiles (ms), how many, the errors, the time it took and the rate. */
function loopResult(latencies, errors, started) {
  const elapsed = (performance.now() - started) / 1000;
  return {
    stats: percentiles(latencies),
    done: latencies.length,
    errors,
    elapsed,
    rate: latencies.length / elapsed,
  };
}

/** Closed loop: each worker sends its next sale when the previous one answered. */
async function closedLoop(workers, seconds, once) {
  const latencies = [];
  let errors = 0;
  const end = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    workers.map(async (w, i) => {
      let n = 0;
      while (performance.now() < end) {
        const t0 = performance.now();
        try {
          await once(w, i, n++);
          latencies.push(performance.now() - t0);
        } catch (e) {
          errors++;
          if (errors <= 3) console.error(`  error: ${e.message}`);
        }
      }
    }),
  );
  return loopResult(latencies, errors, started);
}

/**
 * Open loop: sale k is due at start + k / rate seconds and is sent then, whether or not earlier
 * ones have answered; its latency runs from that due time (so time spent queueing counts).
 */
async function openLoop(workers, rate, seconds, once) {
  const latencies = [];
  let errors = 0;
  const total = Math.round(rate * seconds);
  const inflight = [];
  const started = performance.now();
  let maxInflight = 0;
  let active = 0;
  // Each second of due times: the slowest answer among the sales due in it (where a tail starts).
  const slowest = new Array(Math.ceil(seconds)).fill(0);
  // BENCH_TRACE_FILE: each sale's due time (ms since the epoch) and latency, appended after the
  // phase (to line them up with a monitor's samples of the server or PostgreSQL)
  const traced = [];
  for (let k = 0; k < total; k++) {
    const due = started + (k * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    const i = k % workers.length;
    active++;
    maxInflight = Math.max(maxInflight, active);
    inflight.push(
      once(workers[i], i, Math.floor(k / workers.length)).then(
        () => {
          active--;
          const ms = performance.now() - due;
          latencies.push(ms);
          const second = Math.floor(k / rate);
          slowest[second] = Math.max(slowest[second] ?? 0, ms);
          traced.push(`${(performance.timeOrigin + due).toFixed(0)} ${ms.toFixed(1)}\n`);
        },
        (e) => {
          active--;
          errors++;
          if (errors <= 3) console.error(`  error: ${e.message}`);
        },
      ),
    );
  }
  const sent = performance.now();
  await Promise.all(inflight);
  if (process.env.BENCH_TRACE_FILE)
    require('node:fs').appendFileSync(process.env.BENCH_TRACE_FILE, traced.join(''));
  return {
    ...loopResult(latencies, errors, started),
    lagMs: sent - (started + ((total - 1) * 1000) / rate),
    maxInflight,
    slowest,
  };
}

module.exports = {
  shopArgs,
  demoDatabase,
  prepareShop,
  openTills,
  closedLoop,
  openLoop,
};
