// `npm run bench -- checkout --lots N [--lot-every 4]` (issue 34: "FEFO pick over 10k batches fast
// enough that the checkout bench does not drop"): two batch-tracked products made through the API
// beside the bench's untracked ones (and a third, untracked, to tell one product's share of the
// baskets from its tracking) — one with a single lot, one with N lots of three units
// (expiries spread over ten years, inserted by SQL with their movements so that the ledger check
// still holds) — and, after the closed loop's runs, three API phases per run with the same cashiers:
// the bench's own baskets, then every `--lot-every`-th basket's first line replaced by the untracked
// product, then by the one-lot product, then by the N-lot product (the server picks the lot, first expiry first out).
const { randomUUID } = require('node:crypto');
const { performance } = require('node:perf_hooks');
const { signIn } = require('../lib');

async function call(base, session, path, body) {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: {
      cookie: session.cookie,
      'content-type': 'application/json',
      'X-CSRF-Token': session.csrfToken,
      'Idempotency-Key': randomUUID(),
    },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`POST ${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

/** A batch-tracked product (0 % VAT, 1.00 EGP) with one lot of `quantity` at the inventory. */
async function batchProduct(base, admin, inventoryId, name, lot, quantity) {
  const product = await call(base, admin, '/api/Products', {
    nameAr: name,
    vatRate: 0,
    tracking: 'batch',
    variants: [{ barcodes: [`BENCH-${lot}-${randomUUID().slice(0, 6)}`], sellPrice: 100 }],
  });
  const variantId = product.variants[0].id;
  await call(base, admin, '/api/StockAdjustments', {
    inventoryId,
    reason: 'opening',
    lines: [{ variantId, quantity, batch: { lot, expiryDate: '2040-01-01' } }],
  });
  return variantId;
}

/**
 * The two batch products; `lots` − 1 lots of 3 units added by SQL to the second (its opening lot
 * is the API's), each with its lot movement, and one stock movement for them all: the balance then
 * still equals the ledger.
 */
async function prepareLots(pg, base, inventoryId, lots) {
  const admin = await signIn(base, 'admin', process.env.ADMIN_PASSWORD ?? 'demo1234');
  const t0 = performance.now();
  // the same product untracked: what one product in every few baskets costs by itself (the
  // cashiers selling it at once queue on its stock row, whatever its tracking)
  const plain = (
    await call(base, admin, '/api/Products', {
      nameAr: 'لبن قياس بلا تشغيلات',
      vatRate: 0,
      variants: [
        {
          barcodes: [`BENCH-PLAIN-${randomUUID().slice(0, 6)}`],
          sellPrice: 100,
          openingStock: [{ inventoryId, quantity: 1_000_000 }],
        },
      ],
    })
  ).variants[0].id;
  const oneLot = await batchProduct(
    base,
    admin,
    inventoryId,
    'لبن قياس بتشغيلة واحدة',
    'ONE',
    1_000_000,
  );
  const manyLots = await batchProduct(
    base,
    admin,
    inventoryId,
    'لبن قياس بتشغيلات كثيرة',
    'SEED',
    3,
  );
  const more = lots - 1;
  if (more > 0) {
    const movementId = randomUUID();
    await pg.query('BEGIN');
    await pg.query(
      `INSERT INTO batches (id, variant_id, lot, expiry_date)
       SELECT gen_random_uuid(), $1, 'LOT' || lpad(n::text, 6, '0'), DATE '2030-01-01' + (n * 7919) % 3650
         FROM generate_series(1, $2::int) AS n`,
      [manyLots, more],
    );
    await pg.query(
      `UPDATE stock_levels SET on_hand = on_hand + 3 * $3::int WHERE variant_id = $1 AND inventory_id = $2`,
      [manyLots, inventoryId, more],
    );
    await pg.query(
      `INSERT INTO stock_movements (id, variant_id, inventory_id, quantity, balance_after, reason, note)
       SELECT $3, $1, $2, 3 * $4::int, on_hand, 'adjustment', 'bench lots'
         FROM stock_levels WHERE variant_id = $1 AND inventory_id = $2`,
      [manyLots, inventoryId, movementId, more],
    );
    await pg.query(
      `INSERT INTO batch_levels (batch_id, inventory_id, on_hand)
       SELECT id, $2, 3 FROM batches WHERE variant_id = $1 AND lot <> 'SEED'`,
      [manyLots, inventoryId],
    );
    await pg.query(
      `INSERT INTO batch_movements (batch_id, movement_id, inventory_id, quantity)
       SELECT id, $3, $2, 3 FROM batches WHERE variant_id = $1 AND lot <> 'SEED'`,
      [manyLots, inventoryId, movementId],
    );
    await pg.query('COMMIT');
  }
  await pg.query('ANALYZE');
  console.log(
    `lots: a one-lot product and a ${lots}-lot product made in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  return { plain, oneLot, manyLots };
}

/** The bench's baskets with every `every`-th sale's first line the given batch product. */
const withLotProduct = (basket, variantId, every) => (i, n) => {
  const lines = basket(i, n);
  // (each of the three at 1.00 EGP: its price is what the sale pays for it)
  return (i + n) % every === 0 ? [{ id: variantId, price: 100 }, ...lines.slice(1)] : lines;
};

/** The lots' sales: how many lots were sold out and the movements that name a lot of the product. */
async function lotsSummary(pg, variantId, inventoryId) {
  const {
    rows: [row],
  } = await pg.query(
    `SELECT count(*) FILTER (WHERE on_hand = 0)::int AS "soldOut", count(*)::int AS lots
       FROM batch_levels l JOIN batches b ON b.id = l.batch_id WHERE b.variant_id = $1 AND l.inventory_id = $2`,
    [variantId, inventoryId],
  );
  return row;
}

module.exports = { prepareLots, withLotProduct, lotsSummary };
