import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import type { AggregateTable } from '../../server/src/modules/reports';
import {
  AGGREGATE_TABLE_NAMES,
  AggregateFolder,
  keptSql,
  rebuildReportAggregates,
  recomputeSql,
} from '../../server/src/modules/reports';
import { Client, createTestApp, createUserWith, openOwnShift, type TestApp } from './support/app';

// The sales reports (issue 19): each report's figures for a small known data set equal a hand
// computation; the aggregates the subscribers keep equal a recomputation from the raw lines after
// random sales, returns and edits; the permission keys hide profit, totals, other days and other
// branches (on the server).
describe('sales reports over the report aggregates', () => {
  let t: TestApp;
  let admin: Client;
  let branchId: string;
  let inventoryId: string;
  let cash: string;
  let card: string;
  let today: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = new Client(t.app);
    await admin.signIn('admin');
    // The branch createUserWith puts its users in.
    [{ id: branchId }] = await t.ds.query('SELECT id FROM branches ORDER BY created_at LIMIT 1');
    [{ id: inventoryId }] = await t.ds.query(
      'SELECT id FROM inventories WHERE branch_id = $1 AND is_default',
      [branchId],
    );
    const methods: { id: string; type: string }[] = (await admin.get('/api/PaymentMethods')).body;
    cash = methods.find((m) => m.type === 'cash')!.id;
    card = methods.find((m) => m.type === 'card')!.id;
    [{ today }] = await t.ds.query(
      `SELECT to_char((now() AT TIME ZONE COALESCE((SELECT time_zone FROM store_settings WHERE id = 1), 'Africa/Cairo'))::date, 'YYYY-MM-DD') AS today`,
    );
  });
  afterAll(async () => {
    await t.close();
  });

  const product = async (categoryId: string, price: number, cost: number, stock = 100) => {
    const res = await admin.post('/api/Products', {
      nameAr: `صنف تقرير ${randomUUID().slice(0, 8)}`,
      categoryId,
      vatRate: 0,
      variants: [
        {
          barcodes: [`R-${randomUUID().slice(0, 12)}`],
          sellPrice: price,
          minSellPrice: Math.round(price * 0.5),
          avgCost: cost,
          openingStock: [{ inventoryId, quantity: stock }],
        },
      ],
    });
    expect(res.status).toBe(201);
    return res.body.variants[0].id as string;
  };

  const seller = async (permissions: string[] = []) => {
    const user = await createUserWith(t.ds, [
      'can_return_products',
      'can_use_date_filter',
      'can_see_profit',
      'can_see_totals',
      'can_bypass_max_discount',
      ...(permissions as never[]),
    ]);
    const c = new Client(t.app);
    await c.signIn(user.username, user.password);
    await openOwnShift(t, c, user.username, branchId, 70);
    return { ...user, c };
  };

  const report = async (c: Client, key: string, query: Record<string, string> = {}) => {
    const qs = new URLSearchParams({ from: today, to: today, ...query }).toString();
    const res = await c.get(`/api/Reports/${key}?${qs}`);
    expect(res.status).toBe(200);
    return res.body as {
      columns: { key: string }[];
      rows: Record<string, number | string | null>[];
      totals: Record<string, number> | null;
      filters: { from: string; to: string; branchId: string | null };
      count: number;
    };
  };

  it('answers each report with the hand-computed figures of a small day', async () => {
    const category = (
      await admin.post('/api/Categories', { name: `فئة تقارير ${randomUUID().slice(0, 6)}` })
    ).body;
    const a = await product(category.id, 3000, 1800);
    const b = await product(category.id, 5000, 3000);
    // The per-cashier reports (SalesByCashier, Discounts) need can_see_performance.
    const s = await seller(['can_see_performance']);
    // Sale 1: 2 × A (6000), cash. Sale 2: 1 × B with a 500 line discount (4500) + 1 × A, an
    // invoice discount of 300 → 7200, card. Return: 1 × A of sale 1 (3000), reason "تالف".
    const sale1 = await s.c.post('/api/Sales', {
      id: randomUUID(),
      lines: [{ variantId: a, quantity: 2 }],
      payments: [{ methodId: cash, amount: 6000 }],
    });
    expect(sale1.status).toBe(201);
    const sale2 = await s.c.post('/api/Sales', {
      id: randomUUID(),
      lines: [
        { variantId: b, quantity: 1, discount: 500 },
        { variantId: a, quantity: 1 },
      ],
      invoiceDiscount: 300,
      payments: [{ methodId: card, amount: 7200 }],
    });
    expect({ status: sale2.status, body: sale2.status === 201 ? null : sale2.body }).toEqual({
      status: 201,
      body: null,
    });
    expect(sale2.body.total).toBe(7200);
    const ret = await s.c.post(`/api/invoices/${sale1.body.id}/returns`, {
      id: randomUUID(),
      lines: [{ saleLineId: sale1.body.lines[0].id, quantity: 1 }],
      reason: 'تالف',
    });
    expect(ret.status).toBe(201);

    // By period, this cashier: 2 invoices, 13200 sold, 3000 back; cost 3×1800 + 3000 = 8400 sold,
    // 1800 back → profit (13200 − 3000) − (8400 − 1800) = 3600.
    const sales = await report(s.c, 'Sales', { cashierId: s.id });
    expect(sales.rows).toEqual([
      expect.objectContaining({
        period: today,
        invoices: 2,
        items: 3,
        sales: 13200,
        returns: 3000,
        net_sales: 10200,
        vat: 0,
        avg_basket: 6600,
        profit: 3600,
      }),
    ]);
    expect(sales.totals).toMatchObject({
      invoices: 2,
      sales: 13200,
      net_sales: 10200,
      profit: 3600,
    });

    // By product, the new category only: A 3 sold − 1 back; B 1 sold.
    const byProduct = await report(s.c, 'SalesByProduct', { categoryId: category.id });
    const row = (id: string) => byProduct.rows.find((r) => r.id === id);
    expect(byProduct.count).toBe(2);
    // A: lines 6000 + 3000 less its share of the 300 invoice discount; B: 4500 less the rest.
    const lines2 = sale2.body.lines as {
      variantId: string;
      lineTotal: number;
      invoiceDiscountShare: number;
    }[];
    const aShare = lines2.find((l) => l.variantId === a)!;
    const bShare = lines2.find((l) => l.variantId === b)!;
    expect(aShare.invoiceDiscountShare + bShare.invoiceDiscountShare).toBe(300);
    expect(row(a)).toMatchObject({
      quantity: 2,
      sales: 6000 + aShare.lineTotal,
      returns: 3000,
      net_sales: 3000 + aShare.lineTotal,
      discounts: aShare.invoiceDiscountShare,
      cost: 2 * 1800,
      profit: 3000 + aShare.lineTotal - 3600,
    });
    expect(row(b)).toMatchObject({
      quantity: 1,
      sales: bShare.lineTotal,
      returns: 0,
      discounts: 500 + bShare.invoiceDiscountShare,
      cost: 3000,
      profit: bShare.lineTotal - 3000,
    });
    expect(byProduct.totals).toMatchObject({ quantity: 3, net_sales: 10200, profit: 3600 });

    const byCategory = await report(s.c, 'SalesByCategory');
    expect(byCategory.rows.find((r) => r.id === category.id)).toMatchObject({
      category: category.name,
      products: 2,
      quantity: 3,
      sales: 13200,
      returns: 3000,
      net_sales: 10200,
      profit: 3600,
    });

    const byCashier = await report(s.c, 'SalesByCashier', { cashierId: s.id });
    expect(byCashier.rows).toEqual([
      expect.objectContaining({
        id: s.id,
        cashier: s.username,
        invoices: 2,
        sales: 13200,
        returns: 3000,
        net_sales: 10200,
        discounts: 800,
        avg_basket: 6600,
        profit: 3600,
      }),
    ]);

    const discounts = await report(s.c, 'Discounts', { cashierId: s.id });
    expect(discounts.rows).toEqual([
      expect.objectContaining({
        invoices: 2,
        discounted_invoices: 1,
        line_discounts: 500,
        invoice_discounts: 300,
        discounts: 800,
        // of the list value 6000 + 5000 + 3000 = 14000
        discount_rate: Number(((800 / 14000) * 100).toFixed(2)),
      }),
    ]);

    const heat = await report(s.c, 'HourlyHeatmap', { cashierId: s.id });
    expect(heat.rows.reduce((n, r) => n + Number(r.invoices), 0)).toBe(2);
    expect(heat.rows.reduce((n, r) => n + Number(r.net_sales), 0)).toBe(10200);
    const dow = (new Date(`${today}T12:00:00Z`).getUTCDay() + 1) % 7;
    expect(heat.rows.every((r) => r.weekday === dow)).toBe(true);

    const returns = await report(s.c, 'Returns');
    expect(returns.rows.find((r) => r.reason === 'تالف')).toMatchObject({
      returns: expect.any(Number),
    });
    const [{ n, amount }] = await t.ds.query(
      `SELECT count(*)::int AS n, sum(total)::bigint AS amount FROM sale_returns
        WHERE reason = 'تالف' AND (created_at AT TIME ZONE 'Africa/Cairo')::date = $1::date`,
      [today],
    );
    expect(returns.rows.find((r) => r.reason === 'تالف')).toMatchObject({
      returns: n,
      amount: Number(amount),
    });
  });

  it('by payment method: the day’s payments and refunds per method move by exactly this sale and return', async () => {
    const category = (
      await admin.post('/api/Categories', { name: `فئة دفع ${randomUUID().slice(0, 6)}` })
    ).body;
    const a = await product(category.id, 2500, 1000);
    const s = await seller();
    const before = await report(admin, 'SalesByPaymentMethod', { branchId });
    const sale = await s.c.post('/api/Sales', {
      id: randomUUID(),
      lines: [{ variantId: a, quantity: 4 }],
      payments: [
        { methodId: cash, amount: 6000 },
        { methodId: card, amount: 4000 },
      ],
    });
    expect(sale.status).toBe(201);
    const ret = await s.c.post(`/api/invoices/${sale.body.id}/returns`, {
      id: randomUUID(),
      lines: [{ saleLineId: sale.body.lines[0].id, quantity: 1 }],
    });
    expect(ret.status).toBe(201);
    const after = await report(admin, 'SalesByPaymentMethod', { branchId });
    const get = (r: typeof before, id: string) =>
      r.rows.find((x) => x.id === id) ?? { payments: 0, paid: 0, refunds: 0, refunded: 0, net: 0 };
    const diff = (id: string, k: string) => Number(get(after, id)[k]) - Number(get(before, id)[k]);
    expect([diff(cash, 'paid'), diff(cash, 'refunded'), diff(cash, 'net')]).toEqual([
      6000, 2500, 3500,
    ]);
    expect([diff(card, 'paid'), diff(card, 'refunded'), diff(card, 'payments')]).toEqual([
      4000, 0, 1,
    ]);
  });

  const expectAggregatesMatch = async () => {
    const [{ tz }] = await t.ds.query(
      `SELECT COALESCE((SELECT time_zone FROM store_settings WHERE id = 1), 'Africa/Cairo') AS tz`,
    );
    for (const table of AGGREGATE_TABLE_NAMES as AggregateTable[]) {
      const kept = await t.ds.query(keptSql(table));
      const fresh = await t.ds.query(recomputeSql(table), [tz]);
      expect({ table, rows: kept }).toEqual({ table, rows: fresh });
    }
  };

  it('keeps the aggregates equal to a recomputation from the lines after random sales, returns and edits', async () => {
    const category = (
      await admin.post('/api/Categories', { name: `فئة خاصية ${randomUUID().slice(0, 6)}` })
    ).body;
    const variants = [
      await product(category.id, 1250, 700, 1000),
      await product(category.id, 4999, 3100, 1000),
      await product(category.id, 830, 410, 1000),
    ];
    const s = await seller();
    const line = fc.record({
      v: fc.integer({ min: 0, max: 2 }),
      q: fc.integer({ min: 1, max: 3 }),
      d: fc.integer({ min: 0, max: 100 }),
    });
    const step = fc.oneof(
      fc.record({
        kind: fc.constant('sale' as const),
        lines: fc.array(line, { minLength: 1, maxLength: 3 }),
        card: fc.boolean(),
        inv: fc.integer({ min: 0, max: 200 }),
      }),
      fc.record({
        kind: fc.constant('return' as const),
        pick: fc.nat(),
        reason: fc.constantFrom('', 'تالف', 'مقاس'),
      }),
      fc.record({
        kind: fc.constant('edit' as const),
        pick: fc.nat(),
        lines: fc.array(line, { minLength: 1, maxLength: 3 }),
      }),
    );
    const sold: { id: string; lines: { id: string; quantity: number }[]; returned: boolean }[] = [];
    // Other suites sharing this database write backdated history with SQL (no subscribers): start
    // from a recomputation, so the property judges what the subscribers keep from here on.
    await rebuildReportAggregates(t.ds);
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 3, maxLength: 8 }), async (steps) => {
        for (const st of steps) {
          if (st.kind === 'sale') {
            const lines = st.lines.map((l) => ({
              variantId: variants[l.v],
              quantity: l.q,
              discount: l.d,
            }));
            // Cash over the total is fine (change, within LIMITS.maxChange: the largest total here
            // is 3 × 3 × 49.99); a card part stays under it.
            const res = await s.c.post('/api/Sales', {
              id: randomUUID(),
              lines,
              invoiceDiscount: st.inv,
              payments: st.card
                ? [
                    { methodId: card, amount: 100 },
                    { methodId: cash, amount: 100_000 },
                  ]
                : [{ methodId: cash, amount: 100_000 }],
            });
            expect(res.status).toBe(201);
            sold.push({ id: res.body.id, lines: res.body.lines, returned: false });
          } else if (st.kind === 'return' && sold.length) {
            const sale = sold[st.pick % sold.length];
            const res = await s.c.post(`/api/invoices/${sale.id}/returns`, {
              id: randomUUID(),
              lines: [{ saleLineId: sale.lines[0].id, quantity: 1 }],
              ...(st.reason ? { reason: st.reason } : {}),
            });
            if (res.status === 201) sale.returned = true;
          } else if (st.kind === 'edit') {
            const open = sold.filter((x) => !x.returned);
            if (!open.length) continue;
            const sale = open[st.pick % open.length];
            const lines = st.lines.map((l) => ({ variantId: variants[l.v], quantity: l.q }));
            const res = await admin.patch(`/api/invoices/${sale.id}`, {
              lines,
              payments: [{ methodId: cash, amount: 100_000 }],
              reason: 'تعديل اختبار',
            });
            expect(res.status).toBe(200);
            sale.lines = (await admin.get(`/api/invoices/${sale.id}`)).body.lines;
          }
        }
        // what readers see (kept rows plus the deltas not yet folded; the folder also runs on its
        // own timer meanwhile), then the same after a fold that leaves no delta behind
        await expectAggregatesMatch();
        await t.app.get(AggregateFolder).fold();
        const [deltas] = await t.ds.query(
          `SELECT (SELECT count(*) FROM report_variant_delta)::int AS variant,
                  (SELECT count(*) FROM report_payments_delta)::int AS payments`,
        );
        expect(deltas).toEqual({ variant: 0, payments: 0 });
        await expectAggregatesMatch();
      }),
      { numRuns: 6 },
    );
  });

  it('hides profit without can_see_profit, totals without can_see_totals, other days without can_use_date_filter and other branches without can_see_branches', async () => {
    const plain = await createUserWith(t.ds, []);
    const c = new Client(t.app);
    await c.signIn(plain.username, plain.password);
    const [other] = await t.ds.query('SELECT id FROM branches WHERE id <> $1 LIMIT 1', [branchId]);
    const res = await c.get(
      `/api/Reports/SalesByProduct?from=2020-01-01&to=2020-12-31${other ? `&branchId=${other.id}` : ''}`,
    );
    expect(res.status).toBe(200);
    expect(res.body.filters).toMatchObject({ from: today, to: today, branchId });
    expect(res.body.columns.map((x: { key: string }) => x.key)).not.toEqual(
      expect.arrayContaining(['profit']),
    );
    for (const key of ['profit', 'cost', 'margin'])
      expect(res.body.rows.every((r: Record<string, unknown>) => !(key in r))).toBe(true);
    expect(res.body.totals).toBeNull();

    const full = await report(admin, 'SalesByProduct', { from: '2020-01-01' });
    expect(full.filters.from).toBe('2020-01-01');
    expect(full.filters.branchId).toBeNull();
    expect(full.columns.map((x) => x.key)).toEqual(expect.arrayContaining(['profit', 'margin']));
    expect(full.totals).not.toBeNull();
    // A range of whole months and odd days (read from the month and day tables) adds up to the
    // raw lines of the same days.
    const [raw] = await t.ds.query(
      `SELECT (SELECT COALESCE(sum(l.line_total), 0) FROM sale_lines l JOIN sales_invoices i ON i.id = l.invoice_id
                WHERE (i.created_at AT TIME ZONE 'Africa/Cairo')::date BETWEEN '2020-01-01' AND $1::date)
            - (SELECT COALESCE(sum(rl.amount), 0) FROM sale_return_lines rl JOIN sale_returns r ON r.id = rl.return_id
                WHERE (r.created_at AT TIME ZONE 'Africa/Cairo')::date BETWEEN '2020-01-01' AND $1::date) AS net`,
      [today],
    );
    expect(full.totals!.net_sales).toBe(Number(raw.net));

    expect((await c.get('/api/Reports/NoSuchReport')).status).toBe(404);
    // The books' reports under /api/reports/… still answer (the report family does not shadow them).
    expect((await admin.get('/api/reports/IncomeStatement')).status).toBe(200);
  });

  it('refuses the per-cashier reports (SalesByCashier, Discounts) without can_see_performance, like /Performance', async () => {
    const plain = await createUserWith(t.ds, ['can_use_date_filter', 'can_see_totals']);
    const c = new Client(t.app);
    await c.signIn(plain.username, plain.password);
    const performer = await createUserWith(t.ds, ['can_see_performance']);
    const p = new Client(t.app);
    await p.signIn(performer.username, performer.password);
    for (const key of ['SalesByCashier', 'Discounts']) {
      const refused = await c.get(`/api/Reports/${key}?from=${today}&to=${today}`);
      expect([key, refused.status, refused.body.code]).toEqual([key, 403, 'FORBIDDEN']);
      const xlsx = await c.get(`/api/Reports/${key}?format=xlsx`);
      expect([key, xlsx.status]).toEqual([key, 403]);
      const started = await c.post(`/api/Reports/${key}/exports`, {});
      expect([key, started.status]).toEqual([key, 403]);
      expect((await p.get(`/api/Reports/${key}`)).status).toBe(200);
    }
    // The other sales reports stay open to every signed-in user.
    expect((await c.get(`/api/Reports/Sales`)).status).toBe(200);
    expect((await c.get('/api/Performance')).status).toBe(403);
  });

  it('exports a report as a streamed workbook whose rows and sums are the screen’s', async () => {
    const screen = await report(admin, 'SalesByProduct', { limit: '1000' });
    const res = await admin.agent
      .get(`/api/Reports/SalesByProduct?from=${today}&to=${today}&format=xlsx`)
      .set('Cookie', 'locale=en')
      .buffer(true)
      .parse((r, cb) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => cb(null, Buffer.concat(chunks)));
      });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const ExcelJS = (await import('exceljs')).default;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.body as never);
    const ws = wb.worksheets[0];
    const head = (ws.getRow(3).values as unknown[]).slice(1);
    const col = head.indexOf('Net sales') + 1;
    expect(col).toBeGreaterThan(0);
    let sum = 0;
    let rows = 0;
    ws.eachRow((r, i) => {
      if (i > 3) {
        rows++;
        sum += Number(r.getCell(col).value);
      }
    });
    expect(rows).toBe(screen.count);
    expect(Math.round(sum * 100)).toBe(screen.totals!.net_sales);
  });
});
