import { randomUUID } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';
import type { PricingRulesDto } from '@pos/contracts';
import { Client, createTestApp, freeRegister, type TestApp } from './support/app';

// Issue 33 item 3 (docs/decisions/0086): coupon codes of a coupon promotion, checked and redeemed
// in the sale's transaction: limits in all and per customer (a single-use code rung by 5 sales at
// once is redeemed once), a bound customer, validity days, a retried sale redeeming nothing more,
// bad input a 400; an offline sale past a code's limit kept and flagged.
describe('coupons at the sale', () => {
  let t: TestApp;
  let admin: Client;
  let branchId: string;
  let cash: string;
  let promoId: string;
  let v: string;
  let deviceId: string;
  let receiptNo = 0;
  const customers: string[] = [];

  const rules = async () =>
    (await admin.get(`/api/PricingRules?branchId=${branchId}`)).body as PricingRulesDto;
  const code = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}`.toUpperCase();
  const coupon = async (terms: object = {}, c = code('C')) => {
    const res = await admin.post('/api/Coupons', { promotionId: promoId, code: c, ...terms });
    expect(res.status).toBe(201);
    return c;
  };
  /** A sale of one unit (20.00, the coupon takes 5.00) priced with the current rules. */
  const sale = async (
    codes: string[] | undefined,
    extra: { customerId?: string; offline?: boolean; id?: string; discount?: number } = {},
  ) => {
    const { version } = await rules();
    const body = {
      id: extra.id ?? uuidv7(),
      device: {
        deviceId,
        receiptNo: ++receiptNo,
        rungAt: new Date().toISOString(),
        offline: extra.offline ?? false,
      },
      payments: [{ methodId: cash, amount: 2000 }],
      pricing: { version },
      lines: [{ variantId: v, quantity: 1, promotionDiscount: extra.discount ?? 500 }],
      ...(codes ? { coupons: codes } : {}),
      ...(extra.customerId ? { customerId: extra.customerId } : {}),
    };
    return Object.assign(await admin.post('/api/Sales', body), { sent: body });
  };
  const redemptions = async (c: string) =>
    (
      await t.ds.query(
        `SELECT r.sale_id, r.amount::int, r.over_limit, c.uses FROM coupon_redemptions r
           JOIN coupons c ON c.id = r.coupon_id WHERE c.code = $1`,
        [c],
      )
    ).map((r: object) => r) as {
      sale_id: string;
      amount: number;
      over_limit: boolean;
      uses: number;
    }[];

  beforeAll(async () => {
    t = await createTestApp();
    admin = new Client(t.app);
    await admin.signIn('admin');
    [{ branch_id: branchId }] = await t.ds.query(
      `SELECT branch_id FROM users WHERE username = 'admin'`,
    );
    const [{ id: inventoryId }] = await t.ds.query(
      'SELECT id FROM inventories WHERE branch_id = $1 AND is_default',
      [branchId],
    );
    cash = (await admin.get('/api/PaymentMethods')).body.find(
      (m: { type: string }) => m.type === 'cash',
    ).id;
    const product = await admin.post('/api/Products', {
      nameAr: `صنف بكوبون ${randomUUID().slice(0, 8)}`,
      variants: [
        {
          barcodes: [`K-${randomUUID().slice(0, 12)}`],
          sellPrice: 2000,
          avgCost: 1000,
          openingStock: [{ inventoryId, quantity: 100 }],
        },
      ],
    });
    expect(product.status).toBe(201);
    v = product.body.variants[0].id;
    const promo = await admin.post('/api/Promotions', {
      name: 'كوبون 5 جنيه',
      kind: 'item-discount',
      coupon: true,
      target: { variantIds: [v] },
      off: { amount: 500 },
    });
    expect(promo.status).toBe(201);
    promoId = promo.body.id;
    for (const n of [1, 2]) {
      const c = await admin.post('/api/Customers', {
        name: `عميل كوبون ${n} ${randomUUID().slice(0, 6)}`,
        phone: `011${String(Date.now() + n).slice(-8)}`,
      });
      expect(c.status).toBe(201);
      customers.push(c.body.id);
    }
    // the admin's shift (an earlier file may have left one open) and a till
    const open = await admin.post('/api/Shift/open', {
      openingCash: 0,
      register: await freeRegister(t.ds, branchId, 80),
    });
    expect([201, 400]).toContain(open.status);
    deviceId = uuidv7();
    expect((await admin.post('/api/PosDevices', { id: deviceId, name: 'كاشير' })).status).toBe(201);
  });
  afterAll(async () => {
    await t.close();
  });

  it('runs the promotion only with its code, and prints the code on the line', async () => {
    const c = await coupon();
    expect((await sale(undefined)).body.code).toBe('PRICING_MISMATCH');
    expect((await sale(undefined, { discount: 0 })).status).toBe(201);
    const res = await sale([c.toLowerCase()]);
    expect(res.status).toBe(201);
    expect(res.body.total).toBe(1500);
    expect(res.body.lines[0].promotions).toEqual([
      { promotionId: promoId, name: 'كوبون 5 جنيه', amount: 500, code: c },
    ]);
    expect(await redemptions(c)).toEqual([
      { sale_id: res.body.id, amount: 500, over_limit: false, uses: 1 },
    ]);
    // a code only for a coupon promotion
    const plainPromo = await admin.post('/api/Promotions', {
      name: 'عرض عادي',
      kind: 'item-discount',
      target: { variantIds: [v] },
      off: { amount: 1 },
      active: false,
    });
    const wrong = await admin.post('/api/Coupons', { promotionId: plainPromo.body.id });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('COUPON_NOT_A_COUPON_OFFER');
  });

  it('redeems a single-use code once when 5 sales ring it at once', async () => {
    const c = await coupon({ maxUses: 1 });
    const results = await Promise.all([1, 2, 3, 4, 5].map(() => sale([c])));
    expect(results.map((r) => r.status).sort()).toEqual([201, 400, 400, 400, 400]);
    for (const r of results.filter((x) => x.status === 400))
      expect(r.body.code).toBe('COUPON_USED_UP');
    expect(await redemptions(c)).toHaveLength(1);
    expect((await redemptions(c))[0].uses).toBe(1);
  });

  it('a retried sale (the same id) redeems nothing more', async () => {
    const c = await coupon({ maxUses: 1 });
    const first = await sale([c]);
    expect(first.status).toBe(201);
    // the till's retry of a sale whose answer it never saw: the same body
    const again = await admin.post('/api/Sales', first.sent);
    expect(again.status).toBeLessThan(300);
    expect(again.body.id).toBe(first.body.id);
    expect(await redemptions(c)).toEqual([
      { sale_id: first.body.id, amount: 500, over_limit: false, uses: 1 },
    ]);
  });

  it('holds a code to its customer, its per-customer limit and its days', async () => {
    const [mine, other] = customers;
    const bound = await coupon({ customerId: mine });
    const res = await sale([bound], { customerId: other });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('COUPON_OTHER_CUSTOMER');
    expect(res.body.message).toContain(bound);
    expect(res.body.message).toContain('كود الكوبون 1'); // the field by its label
    expect((await sale([bound], { customerId: mine })).status).toBe(201);

    const perCustomer = await coupon({ maxUsesPerCustomer: 1 });
    expect((await sale([perCustomer])).body.code).toBe('COUPON_CUSTOMER_REQUIRED');
    expect((await sale([perCustomer], { customerId: mine })).status).toBe(201);
    expect((await sale([perCustomer], { customerId: mine })).body.code).toBe(
      'COUPON_CUSTOMER_LIMIT',
    );
    expect((await sale([perCustomer], { customerId: other })).status).toBe(201);

    const expired = await coupon({ validFrom: '2026-01-01', validTo: '2026-01-31' });
    expect((await sale([expired])).body.code).toBe('COUPON_EXPIRED');
    const later = await coupon({ validFrom: '2099-01-01' });
    expect((await sale([later])).body.code).toBe('COUPON_NOT_STARTED');
  });

  it('refuses bad input with a 400 naming the field; a batch, the list, a disabled code', async () => {
    const unknown = await sale(['NO-SUCH-CODE']);
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe('COUPON_NOT_FOUND');
    const bad = await sale(['a b;']);
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('VALIDATION_FAILED');
    const many = await sale(['AAA', 'BBB', 'CCC', 'DDD', 'EEE', 'FFF']);
    expect(many.status).toBe(400);
    const badTerms = await admin.post('/api/Coupons', { promotionId: promoId, maxUses: 0 });
    expect(badTerms.status).toBe(400);

    const batch = await admin.post('/api/Coupons/batch', {
      promotionId: promoId,
      count: 3,
      prefix: 'eid',
      maxUses: 1,
    });
    expect(batch.status).toBe(201);
    expect(batch.body.codes).toHaveLength(3);
    for (const c of batch.body.codes as string[]) expect(c).toMatch(/^EID-[A-Z2-9]{8}$/);
    const list = await admin.get(`/api/Coupons?promotionId=${promoId}&q=EID-&pageSize=50`);
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(3);
    const target = list.body[0];
    expect(target).toMatchObject({ promotionName: 'كوبون 5 جنيه', uses: 0, active: true });
    // the till's check of a code
    const check = await admin.get(`/api/PricingRules/coupons/${target.code.toLowerCase()}`);
    expect(check.body).toMatchObject({ promotionId: promoId, usesLeft: 1, active: true });
    expect((await admin.post(`/api/Coupons/${target.id}/deactivate`, {})).status).toBeLessThan(300);
    expect((await sale([target.code])).body.code).toBe('COUPON_INACTIVE');
  });

  it('keeps an offline sale past the limit, flagged and redeemed over the limit', async () => {
    const c = await coupon({ maxUses: 1 });
    expect((await sale([c])).status).toBe(201);
    const offline = await sale([c], { offline: true });
    expect(offline.status).toBe(201);
    expect(offline.body.total).toBe(1500);
    const flags = await t.ds.query(`SELECT kind, detail FROM sale_flags WHERE sale_id = $1`, [
      offline.body.id,
    ]);
    expect(flags).toEqual([
      { kind: 'coupon_refused', detail: { code: c, reason: 'COUPON_USED_UP', field: 'coupons.0' } },
    ]);
    expect((await redemptions(c)).map((r) => [r.over_limit, r.uses])).toEqual([
      [false, 2],
      [true, 2],
    ]);
  });
});
