// The pricing bench's workload, run as is in Node and (bundled) in Chromium: no require, no Node
// API. A seeded generator, so both runtimes price the very same carts.

/** mulberry32: a small seeded PRNG. */
function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const NOW = '2026-12-05T10:00:00Z'; // a Saturday, 12:00 in Cairo

/**
 * A catalog of `variants` variants (2 per product), 60 categories (10 parents of 5 each), 40
 * brands; a cart of `lines` lines; `promotions` promotions, all active now at branch b1 (the mix
 * of a busy season); `priceLists` lists of `items` prices each.
 */
function makeWorkload(opts = {}) {
  const o = {
    seed: 33,
    lines: 50,
    promotions: 500,
    priceLists: 10,
    items: 2000,
    variants: 6000,
    ...opts,
  };
  const rnd = prng(o.seed);
  const int = (min, max) => min + Math.floor(rnd() * (max - min + 1));
  const one = (xs) => xs[Math.floor(rnd() * xs.length)];
  const some = (n, make) => Array.from({ length: n }, make);
  const parents = some(10, (_, i) => `cat-${i}`);
  const children = some(50, (_, i) => `cat-${i % 10}-${Math.floor(i / 10)}`);
  const brands = some(40, (_, i) => `brand-${i}`);
  const variant = (i) => ({
    variantId: `var-${i}`,
    productId: `prod-${i >> 1}`,
    categoryId: children[(i >> 1) % 50],
    categoryAncestorIds: [parents[(i >> 1) % 10]],
    brand: brands[(i >> 1) % 40],
    listPrice: 500 + ((i * 7919) % 150) * 100,
  });

  const chosen = new Set();
  while (chosen.size < o.lines) chosen.add(int(0, o.variants - 1));
  const lines = [...chosen].map((i, k) => ({
    key: `line-${String(k).padStart(3, '0')}`,
    ...variant(i),
    quantity: k % 10 === 9 ? int(250, 3000) / 1000 : int(1, 6),
    vatRate: k % 7 === 0 ? 0 : 14,
  }));
  const cartVariants = [...chosen];

  const target = () => {
    const r = rnd();
    if (r < 0.35)
      return { categoryIds: some(int(1, 2), () => one(rnd() < 0.3 ? parents : children)) };
    if (r < 0.55) return { brands: some(int(1, 2), () => one(brands)) };
    if (r < 0.8)
      return { productIds: some(int(5, 40), () => `prod-${int(0, o.variants / 2 - 1)}`) };
    return {
      variantIds: some(
        int(5, 80),
        () => `var-${rnd() < 0.2 ? one(cartVariants) : int(0, o.variants - 1)}`,
      ),
    };
  };
  const off = () => (rnd() < 0.75 ? { percent: int(5, 30) } : { amount: int(1, 20) * 100 });
  const common = (i) => ({
    id: `promo-${String(i).padStart(4, '0')}`,
    name: `عرض ${i}`,
    active: true,
    priority: int(0, 5),
    exclusive: rnd() < 0.04,
    window:
      rnd() < 0.3
        ? {
            from: '2026-11-20',
            to: '2026-12-31',
            weekdays: [0, 1, 2, 3, 4, 5, 6],
            hours: [{ from: '09:00', to: '03:00' }],
          }
        : undefined,
    scope: rnd() < 0.2 ? { branchIds: ['b1', 'b2'] } : undefined,
  });
  const promotions = some(o.promotions, (_, i) => {
    const r = rnd();
    if (r < 0.5)
      return {
        ...common(i),
        kind: 'item-discount',
        target: target(),
        off: off(),
        stackable: rnd() < 0.15,
      };
    if (r < 0.72)
      return {
        ...common(i),
        kind: 'buy-x-get-y',
        buy: target(),
        get: rnd() < 0.3 ? target() : undefined,
        buyQuantity: int(1, 3),
        getQuantity: 1,
        percent: rnd() < 0.6 ? 100 : 50,
      };
    if (r < 0.9)
      return {
        ...common(i),
        kind: 'set-price',
        target: target(),
        quantity: int(2, 3),
        price: int(20, 300) * 100,
      };
    return {
      ...common(i),
      kind: 'spend',
      target: rnd() < 0.5 ? undefined : target(),
      minSpend: int(5, 50) * 10000,
      off: rnd() < 0.5 ? { percent: int(3, 10) } : { amount: int(2, 20) * 1000 },
      maxDiscount: 50000,
      stackable: rnd() < 0.2,
    };
  });

  const kinds = [
    'retail',
    'wholesale',
    'wholesale',
    'group',
    'group',
    'group',
    'branch',
    'branch',
    'branch',
    'branch',
  ];
  const priceLists = some(o.priceLists, (_, i) => {
    const kind = kinds[i % kinds.length];
    const ids = new Set(cartVariants.filter(() => rnd() < 0.5));
    while (ids.size < o.items) ids.add(int(0, o.variants - 1));
    return {
      id: `list-${i}`,
      name: `قائمة ${i}`,
      kind,
      priority: int(0, 3),
      active: true,
      valid: { from: '2026-01-01', to: '2027-12-31' },
      scope:
        kind === 'wholesale' || kind === 'group'
          ? { customerGroupIds: [one(['traders', 'vip', 'staff'])] }
          : kind === 'branch'
            ? { branchIds: [one(['b1', 'b2'])] }
            : undefined,
      items: [...ids].map((v) => {
        const lp = variant(v).listPrice;
        return {
          variantId: `var-${v}`,
          unitPrice: Math.round(lp * (0.8 + rnd() * 0.2)),
          breaks: rnd() < 0.3 ? [{ minQuantity: 3, unitPrice: Math.round(lp * 0.75) }] : undefined,
        };
      }),
    };
  });

  return {
    lines,
    branchId: 'b1',
    customerGroupId: 'traders',
    now: NOW,
    timeZone: 'Africa/Cairo',
    rules: { version: `bench-${o.seed}`, priceLists, promotions },
  };
}

/** Smaller random carts and rule sets, for comparing the two runtimes' answers. */
function randomCases(seed, n) {
  const rnd = prng(seed);
  return Array.from({ length: n }, (_, i) => {
    const w = makeWorkload({
      seed: seed * 1000 + i,
      lines: 1 + Math.floor(rnd() * 20),
      promotions: Math.floor(rnd() * 60),
      priceLists: Math.floor(rnd() * 4),
      items: 50,
      variants: 200,
    });
    w.now = new Date(Date.UTC(2026, 0, 1) + Math.floor(rnd() * 730 * 86400000)).toISOString();
    w.customerGroupId = [null, 'traders', 'vip'][i % 3];
    return w;
  });
}

/** FNV-1a over a string: a short fingerprint of a result. */
function fingerprint(s) {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, '0');
}

/** `runs` timings (ms) of fn after `warmup` untimed calls. */
function time(fn, runs, warmup) {
  for (let i = 0; i < warmup; i++) fn(i);
  const out = new Array(runs);
  for (let i = 0; i < runs; i++) {
    const t0 = globalThis.performance.now();
    fn(i);
    out[i] = globalThis.performance.now() - t0;
  }
  return out;
}

/**
 * The bench itself, given the built libs' functions: computeSale alone on the priced cart
 * (baseline), priceCart with the rules compiled once (a till), priceCart compiling them on every
 * call (a fresh rules object), and the fingerprints of the random cases.
 */
function runBench(lib, { runs = 2000, warmup = 200, cases = 200 } = {}) {
  const input = makeWorkload();
  const priced = lib.priceCart(input);
  const sale = lib.toSaleMathInput(priced);
  const baseline = time(() => lib.computeSale(sale.lines, sale.invoiceDiscount), runs, warmup);
  const warm = time(() => lib.priceCart(input), runs, warmup);
  const cold = time(
    () => lib.priceCart({ ...input, rules: { ...input.rules } }),
    Math.max(100, Math.floor(runs / 4)),
    Math.floor(warmup / 4),
  );
  const prints = randomCases(7, cases).map((c) => fingerprint(JSON.stringify(lib.priceCart(c))));
  return {
    baseline,
    warm,
    cold,
    prints,
    summary: {
      lines: input.lines.length,
      promotions: input.rules.promotions.length,
      priceLists: input.rules.priceLists.length,
      applied: priced.promotions.length,
      fromLists: priced.lines.filter((l) => l.priceListId).length,
      subtotal: priced.totals.subtotal,
      discount: priced.totals.discount,
      total: priced.totals.total,
      fingerprint: fingerprint(JSON.stringify(priced)),
    },
  };
}

module.exports = { makeWorkload, randomCases, fingerprint, runBench };
