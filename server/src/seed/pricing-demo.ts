import type { DataSource, EntityManager } from 'typeorm';
import { uuidv7 } from '../core/database/ids';
import { appDataSource } from '../app-data-source';

// The demo's prices (issue 33 item 8, `npm run demo` only: the tests' seed leaves them out, so
// the tests' sales stay at the sell prices unless a test makes its own rules): the wholesale
// group with two traders and their list (85 % of the sell price, 80 % from 10 units) on the
// grocery and detergents, and a few running offers — buy 2 get 1 on detergents, 10 % off shoes,
// "3 for 100" on stationery, 50 EGP off a spend of 1,000 EGP — and one running coupon (issue 33
// item 3, docs/decisions/0086): the code AHLAN10 takes 10 % off every item, open to anyone (a
// walk-in too), at most 1,000 uses in all. Idempotent: made once, by name.

const GROUP = 'تجار الجملة';
const LIST = 'أسعار الجملة';

type Offer = { name: string; kind: string; params: (cats: Map<string, string>) => object | null };

const OFFERS: Offer[] = [
  {
    name: 'اشتري 2 والثالث مجانًا — المنظفات',
    kind: 'buy-x-get-y',
    params: (c) =>
      c.get('منظفات')
        ? {
            buy: { categoryIds: [c.get('منظفات')] },
            buyQuantity: 2,
            getQuantity: 1,
            percent: 100,
          }
        : null,
  },
  {
    name: 'خصم 10% على الأحذية',
    kind: 'item-discount',
    params: (c) =>
      c.get('أحذية') ? { target: { categoryIds: [c.get('أحذية')] }, off: { percent: 10 } } : null,
  },
  {
    name: '3 أدوات مكتبية بـ 100 جنيه',
    kind: 'set-price',
    params: (c) =>
      c.get('أدوات مكتبية')
        ? { target: { categoryIds: [c.get('أدوات مكتبية')] }, quantity: 3, price: 10000 }
        : null,
  },
  {
    name: 'اشتري بـ 1000 جنيه ووفّر 50',
    kind: 'spend',
    params: () => ({ minSpend: 100000, off: { amount: 5000 } }),
  },
];

/** The demo's running coupon (a code anyone may enter). */
export const COUPON = { name: 'كوبون أهلًا — خصم 10%', code: 'AHLAN10' } as const;

async function seedPricing(m: EntityManager): Promise<void> {
  await m.query('SELECT pg_advisory_xact_lock(424260)');
  const [done] = await m.query(`SELECT 1 FROM price_lists WHERE name = $1`, [LIST]);
  if (done) return;
  const cats = new Map<string, string>(
    (await m.query(`SELECT name, id FROM categories`)).map((r: { name: string; id: string }) => [
      r.name,
      r.id,
    ]),
  );
  let [group] = await m.query(`SELECT id FROM customer_groups WHERE name = $1`, [GROUP]);
  if (!group) {
    group = { id: uuidv7() };
    await m.query(`INSERT INTO customer_groups (id, name) VALUES ($1, $2)`, [group.id, GROUP]);
  }
  // two of the demo's customers buy at wholesale
  await m.query(
    `INSERT INTO customer_group_members (customer_id, group_id)
     SELECT id, $1 FROM customers ORDER BY created_at, id LIMIT 2 ON CONFLICT DO NOTHING`,
    [group.id],
  );
  const listId = uuidv7();
  await m.query(
    `INSERT INTO price_lists (id, name, kind, priority, customer_group_ids) VALUES ($1, $2, 'wholesale', 10, $3)`,
    [listId, LIST, [group.id]],
  );
  await m.query(
    `INSERT INTO price_list_items (price_list_id, variant_id, unit_price, breaks)
     SELECT $1, v.id, round(v.sell_price * 0.85)::bigint,
            jsonb_build_array(jsonb_build_object('minQuantity', 10, 'unitPrice', round(v.sell_price * 0.80)::bigint))
       FROM variants v JOIN products p ON p.id = v.product_id
      WHERE v.active AND p.category_id = ANY($2::uuid[])`,
    [listId, ['بقالة', 'منظفات'].map((n) => cats.get(n)).filter(Boolean)],
  );
  for (const offer of OFFERS) {
    const params = offer.params(cats);
    if (!params) continue;
    await m.query(
      `INSERT INTO promotions (id, name, kind, params, priority) VALUES ($1, $2, $3, $4, 0)`,
      [uuidv7(), offer.name, offer.kind, JSON.stringify(params)],
    );
  }
  // the running coupon: a coupon promotion and its one open code
  const couponPromo = uuidv7();
  await m.query(
    `INSERT INTO promotions (id, name, kind, params, priority, coupon) VALUES ($1, $2, 'item-discount', $3, 0, true)`,
    [couponPromo, COUPON.name, JSON.stringify({ target: {}, off: { percent: 10 } })],
  );
  await m.query(
    `INSERT INTO coupons (id, code, promotion_id, max_uses) VALUES ($1, $2, $3, 1000)`,
    [uuidv7(), COUPON.code, couponPromo],
  );
  // the tills read the new rules (their version)
  await m.query(`UPDATE pricing_state SET version = version + 1, changed_at = now() WHERE id = 1`);
}

/** The demo's price lists and offers (after seedDemo; `npm run demo`). */
export async function seedDemoPricing(url: string): Promise<void> {
  const ds: DataSource = appDataSource(url);
  await ds.initialize();
  try {
    await ds.transaction((m) => seedPricing(m));
  } finally {
    await ds.destroy();
  }
}
