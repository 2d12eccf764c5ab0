import { randomUUID } from 'node:crypto';
import {
  PERFORMANCE_MIN_HOURS,
  type PerformanceDto,
  type PerformanceRowDto,
  type StatisticsDto,
} from '@pos/contracts';
import { Client, createTestApp, createUserWith, openOwnShift, type TestApp } from './support/app';

// /api/Statistics and /api/Performance (issue 19 items 2 and 3): the figures of a small known day in
// a branch of its own equal a hand computation; the permission keys hide profit, other branches and
// other days (on the server).
describe('statistics and staff performance', () => {
  let t: TestApp;
  let admin: Client;
  let branchId: string;
  let inventoryId: string;
  let cash: string;
  let card: string;
  let today: string;
  let seller: { id: string; username: string; password: string; c: Client };
  let categoryId: string;
  let productA: string;
  let productB: string;

  const as = async (permissions: Parameters<typeof createUserWith>[1], branch = branchId) => {
    const u = await createUserWith(t.ds, permissions, { branchId: branch });
    const c = new Client(t.app);
    expect((await c.signIn(u.username, u.password)).status).toBe(200);
    return { ...u, c };
  };

  const product = async (price: number, cost: number) => {
    const res = await admin.post('/api/Products', {
      nameAr: `صنف إحصاء ${randomUUID().slice(0, 8)}`,
      categoryId,
      vatRate: 0,
      variants: [
        {
          barcodes: [`S-${randomUUID().slice(0, 12)}`],
          sellPrice: price,
          minSellPrice: Math.round(price * 0.5),
          avgCost: cost,
          openingStock: [{ inventoryId, quantity: 50 }],
        },
      ],
    });
    expect(res.status).toBe(201);
    return { variantId: res.body.variants[0].id as string, productId: res.body.id as string };
  };

  const stats = async (c: Client, query: Record<string, string> = {}) => {
    const res = await c.get(`/api/Statistics?${new URLSearchParams(query).toString()}`);
    expect(res.status).toBe(200);
    return res.body as StatisticsDto;
  };
  const perf = async (c: Client, query: Record<string, string> = {}) => {
    const res = await c.get(`/api/Performance?${new URLSearchParams(query).toString()}`);
    expect(res.status).toBe(200);
    return res.body as PerformanceDto;
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = new Client(t.app);
    await admin.signIn('admin');
    // A branch of its own: every figure of it is this suite's.
    const branch = await admin.post('/api/Branch', {
      name: `فرع إحصاء ${randomUUID().slice(0, 6)}`,
    });
    expect(branch.status).toBe(201);
    branchId = branch.body.id;
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
    const category = await admin.post('/api/Categories', {
      name: `فئة إحصاء ${randomUUID().slice(0, 6)}`,
    });
    categoryId = category.body.id;
    const a = await product(3000, 1800);
    const b = await product(5000, 3000);
    productA = a.productId;
    productB = b.productId;

    seller = await as([
      'can_return_products',
      'can_bypass_max_discount',
      'can_see_invoices',
      'can_use_date_filter',
    ]);
    await t.ds.query('UPDATE users SET max_discount_percent = 20 WHERE id = $1', [seller.id]);
    const shiftId = await openOwnShift(t, seller.c, seller.username, branchId, 10);
    // Sale 1: 2 × A = 6000 cash. Sale 2: B with a 500 line discount + A, invoice discount 300 →
    // 7200 card (list 8000, discounts 800 = 10%). Sale 3: B = 5000 cash, fully returned in the
    // shift (a void). Return of 1 × A of sale 1 (3000, cash back).
    const sale1 = await seller.c.post('/api/Sales', {
      id: randomUUID(),
      lines: [{ variantId: a.variantId, quantity: 2 }],
      payments: [{ methodId: cash, amount: 6000 }],
    });
    expect(sale1.status).toBe(201);
    const sale2 = await seller.c.post('/api/Sales', {
      id: randomUUID(),
      lines: [
        { variantId: b.variantId, quantity: 1, discount: 500 },
        { variantId: a.variantId, quantity: 1 },
      ],
      invoiceDiscount: 300,
      payments: [{ methodId: card, amount: 7200 }],
    });
    expect(sale2.status).toBe(201);
    expect(sale2.body.total).toBe(7200);
    const sale3 = await seller.c.post('/api/Sales', {
      id: randomUUID(),
      lines: [{ variantId: b.variantId, quantity: 1 }],
      payments: [{ methodId: cash, amount: 5000 }],
    });
    expect(sale3.status).toBe(201);
    const ret1 = await seller.c.post(`/api/invoices/${sale1.body.id}/returns`, {
      id: randomUUID(),
      lines: [{ saleLineId: sale1.body.lines[0].id, quantity: 1 }],
    });
    expect(ret1.status).toBe(201);
    const ret3 = await seller.c.post(`/api/invoices/${sale3.body.id}/returns`, {
      id: randomUUID(),
      lines: [{ saleLineId: sale3.body.lines[0].id, quantity: 1 }],
    });
    expect(ret3.status).toBe(201);
    // Cash expected: 6000 + 5000 − 3000 − 5000 = 3000; counted 2900 → −100.
    const closed = await seller.c.post(`/api/Shift/${shiftId}/close`, { countedCash: 2900 });
    expect(closed.status).toBe(201);
    // Ninety seconds of work (the shift's hours are its open time).
    await t.ds.query(
      `UPDATE shifts SET opened_at = closed_at - interval '90 seconds' WHERE id = $1`,
      [shiftId],
    );
  });
  afterAll(() => t?.close());

  it('needs can_see_statistics and can_see_performance', async () => {
    const nobody = await as(['can_see_invoices']);
    expect((await nobody.c.get('/api/Statistics')).status).toBe(403);
    expect((await nobody.c.get('/api/Performance')).status).toBe(403);
    expect((await t.http.get('/api/Statistics')).status).toBe(401);
  });

  it('answers the day’s statistics of the branch as computed by hand', async () => {
    const owner = await as([
      'can_see_statistics',
      'can_see_profit',
      'can_use_date_filter',
      'can_see_branches',
    ]);
    const s = await stats(owner.c, { from: today, to: today, branchId });
    // Invoices 6000 + 7200 + 5000 = 18200; returns 3000 + 5000 → revenue 10200.
    // Cost sold 2×1800 + (3000 + 1800) + 3000 = 11400, back 1800 + 3000 → profit 10200 − 6600 = 3600.
    expect(s.current).toEqual({
      invoiceCount: 3,
      revenue: 10_200,
      profit: 3_600,
      averageBasket: 3_400,
      itemsPerSale: 1.667,
    });
    expect(s.trend).toEqual([
      expect.objectContaining({ day: today, revenue: 10_200, profit: 3_600, compareRevenue: 0 }),
    ]);
    expect(s.previous.invoiceCount).toBe(0);
    expect(s.growth.revenue).toBeNull();
    // A: 3 sold (6000 + 3000 less its share of the 300) − 1 back (3000); B: 2 sold − 1 back.
    const rowA = s.topProducts.find((r) => r.id === productA)!;
    const rowB = s.topProducts.find((r) => r.id === productB)!;
    expect(rowA.quantity).toBe(2);
    expect(rowB.quantity).toBe(1);
    expect(rowA.revenue + rowB.revenue).toBe(10_200);
    expect(rowA.profit! + rowB.profit!).toBe(3_600);
    expect(s.topCategories).toEqual([
      expect.objectContaining({ id: categoryId, quantity: 3, revenue: 10_200, profit: 3_600 }),
    ]);
    expect(s.branches!.find((b) => b.branchId === branchId)).toMatchObject({
      invoiceCount: 3,
      revenue: 10_200,
      profit: 3_600,
    });

    // The same days a month earlier are compared when asked.
    const monthly = await stats(owner.c, { from: today, to: today, branchId, compare: 'month' });
    expect(monthly.compare).toBe('month');
    expect(monthly.compareFrom < today).toBe(true);
  });

  it('hides profit without can_see_profit and other branches without can_see_branches', async () => {
    const plain = await as(['can_see_statistics', 'can_use_date_filter']);
    const s = await stats(plain.c, { from: today, to: today });
    expect(s.current.profit).toBeUndefined();
    expect(s.growth.profit).toBeUndefined();
    expect(s.trend[0].profit).toBeUndefined();
    expect(s.topProducts.every((r) => r.profit === undefined)).toBe(true);
    expect(s.branches).toBeUndefined();
    // Asking for another branch still answers the user's own (the user is in this branch).
    const [{ id: other }] = await t.ds.query('SELECT id FROM branches WHERE id <> $1 LIMIT 1', [
      branchId,
    ]);
    const own = await stats(plain.c, { from: today, to: today, branchId: other });
    expect(own.branchId).toBe(branchId);
    expect(own.current.revenue).toBe(10_200);
  });

  it('answers today only without can_use_date_filter', async () => {
    const cashier = await as(['can_see_statistics', 'can_see_performance']);
    expect((await cashier.c.get('/api/Statistics?from=2020-01-01&to=2020-01-31')).status).toBe(403);
    expect((await cashier.c.get('/api/Performance?from=2020-01-01')).status).toBe(403);
    const s = await stats(cashier.c);
    expect([s.from, s.to]).toEqual([today, today]);
  });

  it('ranks the employee with the hand-computed performance row', async () => {
    const manager = await as(['can_see_performance', 'can_use_date_filter', 'can_see_profit']);
    const p = await perf(manager.c, { from: today, to: today });
    const row = p.rows.find((r) => r.userId === seller.id)!;
    const [shift] = await t.ds.query(
      `SELECT difference::int AS difference FROM shifts WHERE cashier_id = $1`,
      [seller.id],
    );
    expect(shift.difference).toBe(-100);
    expect(row).toEqual<PerformanceRowDto>({
      rank: 1,
      userId: seller.id,
      userName: expect.any(String),
      branchId,
      branchName: expect.any(String),
      salesCount: 3,
      salesAmount: 18_200,
      averageBasket: 6_067,
      returnsCount: 2,
      returnsAmount: 8_000,
      // 800 of 6000 + 8000 + 5000 listed; the largest on one invoice 800 / 8000 = 10% of a 20% cap.
      discounts: 800,
      discountPercent: 4.2,
      maxDiscountPercent: 10,
      discountCap: 20,
      capUsedPercent: 50,
      voids: 1,
      shiftCount: 1,
      cashDifference: -100,
      hoursWorked: 0.03,
      // issue 30 item 8: minutes of shift make no rate (it read 728,000 piasters an hour)
      salesPerHour: null,
      profit: 3_600,
    });
    // From PERFORMANCE_MIN_HOURS of shift time the rate is the sales over the hours worked.
    await t.ds.query(
      `UPDATE shifts SET closed_at = closed_at + interval '2 hours' WHERE cashier_id = $1`,
      [seller.id],
    );
    const [{ secs }] = await t.ds.query(
      `SELECT extract(epoch FROM closed_at - opened_at)::float AS secs FROM shifts WHERE cashier_id = $1`,
      [seller.id],
    );
    expect(secs / 3600).toBeGreaterThanOrEqual(PERFORMANCE_MIN_HOURS);
    const longer = (await perf(manager.c, { from: today, to: today })).rows.find(
      (r) => r.userId === seller.id,
    )!;
    expect(longer.salesPerHour).toBe(Math.round(18_200 / (secs / 3600)));
    // Without can_see_profit the row has no profit.
    const noProfit = await as(['can_see_performance', 'can_use_date_filter']);
    const q = await perf(noProfit.c, { from: today, to: today });
    expect(q.rows.every((r) => r.profit === undefined)).toBe(true);
  });

  it('keeps a manager without can_see_branches to their own branch', async () => {
    const [{ id: other }] = await t.ds.query('SELECT id FROM branches WHERE id <> $1 LIMIT 1', [
      branchId,
    ]);
    const elsewhere = await as(['can_see_performance', 'can_use_date_filter'], other);
    const p = await perf(elsewhere.c, { from: today, to: today, branchId });
    expect(p.branchId).toBe(other);
    expect(p.rows.some((r) => r.userId === seller.id)).toBe(false);
  });
});
