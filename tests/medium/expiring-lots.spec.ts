import { randomUUID } from 'node:crypto';
import type { ExpiringLotsDto, ReportResultDto } from '@pos/contracts';
import { ExpiringLotsCheck } from '../../server/src/modules/inventory/jobs/expiring-lots.job';
import { Client, createTestApp, createUserWith, type TestApp } from './support/app';
import { bookViolations, STOCK_TRACKING_INVARIANTS } from './support/invariants';

// Issue 34 item 7 (docs/decisions/0111): a branch's lots near expiry (the store's window,
// expiryWarningDays), the expired apart; the low-stock list's permission and the branch scope;
// the `lots.expiring` push of a receipt inside the window and of the daily check; the
// StockByBatch report (value at cost only with can_see_buy_price).
describe('lots near expiry', () => {
  let t: TestApp;
  let admin: Client;
  let adminEn: Client;
  let b1: string;
  let b2: string;
  let inv1: string;
  let today: string;
  let milk: string;

  const day = (offset: number) => {
    const d = new Date(`${today}T00:00:00Z`);
    d.setUTCDate(d.getUTCDate() + offset);
    return d.toISOString().slice(0, 10);
  };
  const as = async (permissions: Parameters<typeof createUserWith>[1], branchId?: string) => {
    const u = await createUserWith(t.ds, permissions, branchId ? { branchId } : {});
    const c = new Client(t.app);
    expect((await c.signIn(u.username, u.password)).status).toBe(200);
    return c;
  };
  const adjust = (lines: object[]) =>
    admin.post('/api/StockAdjustments', { inventoryId: inv1, reason: 'adjustment', lines });
  const events = async (since: string) =>
    (await t.ds.query(
      `SELECT branch_id, payload FROM outbox WHERE type = 'lots.expiring' AND id > $1 ORDER BY seq`,
      [since],
    )) as { branch_id: string; payload: { expiring: number; expired: number } }[];
  const lastOutboxId = async () =>
    ((await t.ds.query('SELECT id FROM outbox ORDER BY id DESC LIMIT 1'))[0]?.id as string) ??
    '00000000-0000-0000-0000-000000000000';
  const list = async (c: Client, query = '') => {
    const res = await c.get(`/api/Batches/expiring${query}`);
    expect(res.status).toBe(200);
    return res.body as ExpiringLotsDto;
  };
  const mine = (lots: ExpiringLotsDto['expiring']) =>
    lots.filter((l) => l.variantId === milk).map((l) => [l.lot, l.daysLeft, l.onHand]);

  beforeAll(async () => {
    t = await createTestApp();
    admin = new Client(t.app);
    await admin.signIn('admin');
    adminEn = new Client(t.app, 'en');
    await adminEn.signIn('admin');
    const patchEn = adminEn.patch.bind(adminEn);
    adminEn.patch = (path: string, body?: unknown) =>
      patchEn(path, body).set('Cookie', 'locale=en');
    [{ branch_id: b1 }] = await t.ds.query(`SELECT branch_id FROM users WHERE username = 'admin'`);
    [{ id: b2 }] = await t.ds.query('SELECT id FROM branches WHERE id <> $1 ORDER BY created_at', [
      b1,
    ]);
    [{ id: inv1 }] = await t.ds.query(
      'SELECT id FROM inventories WHERE branch_id = $1 AND is_default',
      [b1],
    );
    today = (await list(admin)).today;
    const res = await admin.post('/api/Products', {
      nameAr: `لبن بتشغيلات ${randomUUID().slice(0, 8)}`,
      vatRate: 14,
      tracking: 'batch',
      variants: [
        { barcodes: [`EX-${randomUUID().slice(0, 12)}`], sellPrice: 2_000, minSellPrice: 0 },
      ],
    });
    expect(res.status).toBe(201);
    milk = res.body.variants[0].id;
  });
  afterAll(async () => {
    await admin.patch('/api/StoreSettings', { expiryWarningDays: 30 });
    await t.close();
  });

  it('pushes lots.expiring when a lot comes in already inside the window, not otherwise', async () => {
    const before = await lastOutboxId();
    const far = await adjust([
      {
        variantId: milk,
        quantity: 4,
        unitCost: 1_000,
        batch: { lot: 'FAR-1', expiryDate: day(100) },
      },
    ]);
    expect(far.status).toBe(201);
    expect(await events(before)).toEqual([]);
    const soon = await adjust([
      {
        variantId: milk,
        quantity: 6,
        unitCost: 1_000,
        batch: { lot: 'SOON-5', expiryDate: day(5) },
      },
      {
        variantId: milk,
        quantity: 2,
        unitCost: 1_000,
        batch: { lot: 'OLD-1', expiryDate: day(2) },
      },
    ]);
    expect(soon.status).toBe(201);
    const told = await events(before);
    expect(told).toHaveLength(1);
    const now = await list(admin);
    expect(told[0]).toEqual({
      branch_id: b1,
      payload: { expiring: now.expiring.length, expired: now.expired.length },
    });
    expect(await bookViolations(t, STOCK_TRACKING_INVARIANTS)).toEqual({});
  });

  it('lists the branch’s lots within the window by expiry, the expired apart', async () => {
    // OLD-1 passes its date: moved back (the days passing, not a stock movement)
    await t.ds.query(
      `UPDATE batches SET expiry_date = $2::date WHERE variant_id = $1 AND lot = 'OLD-1'`,
      [milk, day(-3)],
    );
    const r = await list(admin);
    expect(r).toMatchObject({ branchId: b1, days: 30, today });
    expect(mine(r.expiring)).toEqual([['SOON-5', 5, 6]]);
    expect(mine(r.expired)).toEqual([['OLD-1', -3, 2]]);
    const lot = r.expiring.find((l) => l.variantId === milk)!;
    expect(lot).toMatchObject({ inventoryId: inv1, expiryDate: day(5), branchId: b1 });
    const dates = r.expiring.map((l) => l.expiryDate);
    expect(dates).toEqual([...dates].sort());
    expect(r.expired.every((l) => l.daysLeft < 0)).toBe(true);
    expect(r.expiring.every((l) => l.daysLeft >= 0 && l.daysLeft <= 30)).toBe(true);

    // a wider window takes FAR-1 in
    const wide = await admin.patch('/api/StoreSettings', { expiryWarningDays: 120 });
    expect(wide.status).toBe(200);
    expect(wide.body.expiryWarningDays).toBe(120);
    expect(mine((await list(admin)).expiring)).toEqual([
      ['SOON-5', 5, 6],
      ['FAR-1', 100, 4],
    ]);
    expect((await admin.patch('/api/StoreSettings', { expiryWarningDays: 30 })).status).toBe(200);
  });

  it('refuses a window out of bounds (400 naming the field), writing nothing', async () => {
    for (const bad of [0, 366, 2.5, 'ten']) {
      const res = await admin.patch('/api/StoreSettings', { expiryWarningDays: bad });
      expect({ bad, status: res.status }).toEqual({ bad, status: 400 });
      expect(JSON.stringify(res.body)).toContain('أيام التنبيه قبل انتهاء الصلاحية');
    }
    const en = await adminEn.patch('/api/StoreSettings', { expiryWarningDays: 0 });
    expect(en.status).toBe(400);
    expect(JSON.stringify(en.body)).toContain('Expiry warning days');
    expect((await admin.get('/api/StoreSettings')).body.expiryWarningDays).toBe(30);
  });

  it('needs can_see_near_end_products and keeps to the user’s branch', async () => {
    const none = await as(['can_see_inventories'], b1);
    expect((await none.get('/api/Batches/expiring')).status).toBe(403);
    const other = await as(['can_see_near_end_products'], b2);
    expect((await other.get(`/api/Batches/expiring?branchId=${b1}`)).status).toBe(403);
    const own = await list(other);
    expect(own.branchId).toBe(b2);
    expect(mine(own.expiring)).toEqual([]);
    expect(mine(own.expired)).toEqual([]);
    const here = await as(['can_see_near_end_products'], b1);
    expect(mine((await list(here)).expiring)).toEqual([['SOON-5', 5, 6]]);
    // who reads every branch may ask for another
    expect((await list(admin, `?branchId=${b2}`)).branchId).toBe(b2);
    expect((await admin.get('/api/Batches/expiring?branchId=nope')).status).toBe(400);
  });

  it('the daily check pushes each branch with lots in the window its counts', async () => {
    const before = await lastOutboxId();
    const told = await t.app.get(ExpiringLotsCheck).check();
    const now = await list(admin);
    expect(told).toContainEqual({
      branchId: b1,
      expiring: now.expiring.length,
      expired: now.expired.length,
    });
    const written = await events(before);
    expect(written.map((e) => e.branch_id).sort()).toEqual(told.map((e) => e.branchId).sort());
  });

  it('reports the stock by lot and expiry, the value at cost only with can_see_buy_price', async () => {
    const report = async (c: Client) => {
      const res = await c.get(`/api/Reports/StockByBatch?branchId=${b1}`);
      expect(res.status).toBe(200);
      return res.body as ReportResultDto;
    };
    // the item's average cost, as a purchase would have left it (an adjustment keeps it)
    await t.ds.query('UPDATE variants SET avg_cost = 1000 WHERE id = $1', [milk]);
    const r = await report(admin);
    const rows = r.rows.filter(
      (row) =>
        String(row.product).startsWith('لبن بتشغيلات') &&
        ['SOON-5', 'OLD-1', 'FAR-1'].includes(row.lot as string),
    );
    expect(
      rows.map((row) => [row.lot, row.expiry_date, row.days_left, row.quantity, row.cost_value]),
    ).toEqual([
      ['OLD-1', day(-3), -3, 2, 2 * 1_000],
      ['SOON-5', day(5), 5, 6, 6 * 1_000],
      ['FAR-1', day(100), 100, 4, 4 * 1_000],
    ]);
    const keeper = await as(['can_see_inventories'], b1);
    const hidden = await report(keeper);
    expect(hidden.columns.map((col) => col.key)).toEqual([
      'inventory',
      'product',
      'sku',
      'lot',
      'expiry_date',
      'days_left',
      'quantity',
    ]);
    expect(hidden.rows.some((row) => 'cost_value' in row)).toBe(false);
    const cashier = await as(['can_see_near_end_products'], b1);
    expect((await cashier.get('/api/Reports/StockByBatch')).status).toBe(403);
  });
});
