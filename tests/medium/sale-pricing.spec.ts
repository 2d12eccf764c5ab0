import { randomUUID } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';
import type { PermissionKey, PricingRulesDto } from '@pos/contracts';
import { Client, createTestApp, createUserWith, freeRegister, type TestApp } from './support/app';

// Issue 33 items 1–2 wired to the sale (docs/decisions/0079): the server prices every sale again
// with the till's engine and the rules of the version the till priced it with; a sale whose lines
// do not match is refused with a 400 naming the line; an offline sale rung at an earlier version
// is checked against that version; the cashier's discount comes on top of the promotions.
describe('sales priced with the pricing engine', () => {
  let t: TestApp;
  let admin: Client;
  let branchId: string;
  let inventoryId: string;
  let cash: string;
  let groupId: string;
  let trader: string;
  let listId: string;
  let promoId: string;
  /** a: on the wholesale list at 80.00 (sell price 100.00); b: buy 2 get 1 (30.00 each) */
  let a: string;
  let b: string;

  const rules = async () =>
    (await admin.get(`/api/PricingRules?branchId=${branchId}`)).body as PricingRulesDto;

  const product = async (price: number) => {
    const res = await admin.post('/api/Products', {
      nameAr: `صنف مسعّر ${randomUUID().slice(0, 8)}`,
      variants: [
        {
          barcodes: [`P-${randomUUID().slice(0, 12)}`],
          sellPrice: price,
          minSellPrice: Math.round(price * 0.9),
          avgCost: Math.round(price * 0.5),
          openingStock: [{ inventoryId, quantity: 100 }],
        },
      ],
    });
    expect(res.status).toBe(201);
    return res.body.variants[0].id as string;
  };

  let nextRegister = 60;
  /** A signed-in cashier with an open shift and a registered till. */
  const cashier = async (permissions: PermissionKey[] = [], maxDiscountPercent = 0) => {
    const user = await createUserWith(t.ds, permissions);
    await t.ds.query('UPDATE users SET max_discount_percent = $2 WHERE id = $1', [
      user.id,
      maxDiscountPercent,
    ]);
    const c = new Client(t.app);
    await c.signIn(user.username, user.password);
    const register = await freeRegister(t.ds, branchId, nextRegister);
    nextRegister = register + 1;
    expect((await c.post('/api/Shift/open', { openingCash: 0, register })).status).toBe(201);
    const deviceId = uuidv7();
    expect((await c.post('/api/PosDevices', { id: deviceId, name: 'كاشير' })).status).toBe(201);
    let receiptNo = 0;
    const sell = (body: object, offline = false) =>
      c.post('/api/Sales', {
        id: uuidv7(),
        device: { deviceId, receiptNo: ++receiptNo, rungAt: new Date().toISOString(), offline },
        payments: [{ methodId: cash, amount: 100_000 }],
        ...body,
      });
    return Object.assign(c, { sell });
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = new Client(t.app);
    await admin.signIn('admin');
    [{ branch_id: branchId }] = await t.ds.query(
      `SELECT branch_id FROM users WHERE username = 'admin'`,
    );
    [{ id: inventoryId }] = await t.ds.query(
      'SELECT id FROM inventories WHERE branch_id = $1 AND is_default',
      [branchId],
    );
    const methods = (await admin.get('/api/PaymentMethods')).body;
    cash = methods.find((m: { type: string }) => m.type === 'cash').id;
    a = await product(10000);
    b = await product(3000);

    groupId = (
      await admin.post('/api/CustomerGroups', { name: `جملة ${randomUUID().slice(0, 6)}` })
    ).body.id;
    const list = await admin.post('/api/PriceLists', {
      name: 'أسعار الجملة',
      kind: 'wholesale',
      priority: 10,
      customerGroupIds: [groupId],
    });
    expect(list.status).toBe(201);
    listId = list.body.id;
    expect(
      (
        await admin.put(`/api/PriceLists/${listId}/prices`, {
          items: [{ variantId: a, unitPrice: 8000 }],
        })
      ).status,
    ).toBe(200);
    const customer = await admin.post('/api/Customers', {
      name: `تاجر ${randomUUID().slice(0, 6)}`,
      phone: `010${String(Date.now()).slice(-8)}`,
    });
    expect(customer.status).toBe(201);
    trader = customer.body.id;
    expect(
      (await admin.put(`/api/PricingRules/customers/${trader}/group`, { groupId })).status,
    ).toBe(200);
    const promo = await admin.post('/api/Promotions', {
      name: 'اشتري 2 والثالث مجانًا',
      kind: 'buy-x-get-y',
      buy: { variantIds: [b] },
      buyQuantity: 2,
      getQuantity: 1,
      percent: 100,
    });
    expect(promo.status).toBe(201);
    promoId = promo.body.id;
  });
  afterAll(async () => {
    await t.close();
  });

  it("accepts a sale priced as the engine prices it: the wholesale customer's list and buy 2 get 1", async () => {
    const c = await cashier();
    const { version } = await rules();
    const res = await c.sell({
      customerId: trader,
      pricing: { version },
      lines: [
        { variantId: a, quantity: 2, unitPrice: 8000 },
        { variantId: b, quantity: 3, promotionDiscount: 3000 },
      ],
    });
    expect(res.status).toBe(201);
    expect(res.body.total).toBe(16000 + 6000);
    const byVariant = new Map(
      (res.body.lines as { variantId: string }[]).map((l) => [l.variantId, l]),
    );
    expect(byVariant.get(a)).toMatchObject({
      unitPrice: 8000,
      listPrice: 10000,
      discount: 0,
      priceListName: 'أسعار الجملة',
      promotions: [],
    });
    expect(byVariant.get(b)).toMatchObject({
      unitPrice: 3000,
      discount: 3000,
      priceListName: null,
      promotions: [{ promotionId: promoId, name: 'اشتري 2 والثالث مجانًا', amount: 3000 }],
    });
    // kept on the sale: its version, and each line's list and promotions (the invoice reads them)
    const [sale] = await t.ds.query('SELECT pricing_version FROM sales_invoices WHERE id = $1', [
      res.body.id,
    ]);
    expect(sale.pricing_version).toBe(version);
    const read = await admin.get(`/api/invoices/${res.body.id}`);
    expect(read.status).toBe(200);
    expect(
      read.body.lines.find((l: { variantId: string }) => l.variantId === a).priceListName,
    ).toBe('أسعار الجملة');
  });

  it('refuses a tampered price or promotion with a 400 naming the line', async () => {
    const c = await cashier();
    const { version } = await rules();
    // a walk-in customer at the wholesale price
    const walkIn = await c.sell({
      pricing: { version },
      lines: [{ variantId: a, quantity: 1, unitPrice: 8000 }],
    });
    expect(walkIn.status).toBe(400);
    expect(walkIn.body.code).toBe('PRICING_MISMATCH');
    expect(walkIn.body.message).toContain('lines.0.unitPrice');
    // a larger promotion than the rules give
    const more = await c.sell({
      pricing: { version },
      lines: [{ variantId: b, quantity: 3, promotionDiscount: 6000 }],
    });
    expect(more.status).toBe(400);
    expect(more.body.code).toBe('PRICING_MISMATCH');
    expect(more.body.message).toContain('lines.0.promotionDiscount');
    // a promotion left out is a mismatch too (the till's receipt would differ from the invoice)
    const less = await c.sell({ pricing: { version }, lines: [{ variantId: b, quantity: 3 }] });
    expect(less.status).toBe(400);
    // a sale made without a version (an API client) is priced by the server
    const plain = await c.sell({ lines: [{ variantId: b, quantity: 3 }] });
    expect(plain.status).toBe(201);
    expect(plain.body.total).toBe(6000);
  });

  it("the cashier's discount comes after the promotions, within their cap", async () => {
    const c = await cashier([], 10);
    const { version } = await rules();
    // 6000 after the promotion; 600 off is 10 %
    const within = await c.sell({
      pricing: { version },
      lines: [{ variantId: b, quantity: 3, promotionDiscount: 3000, discount: 600 }],
    });
    expect(within.status).toBe(201);
    expect(within.body.lines[0].discount).toBe(3600);
    expect(within.body.total).toBe(5400);
    const over = await c.sell({
      pricing: { version },
      lines: [{ variantId: b, quantity: 3, promotionDiscount: 3000, discount: 700 }],
    });
    expect(over.status).toBe(400);
    expect(over.body.code).toBe('MAX_DISCOUNT_EXCEEDED');
  });

  it('a picked price list needs can_sell_at_price_list', async () => {
    const { version } = await rules();
    const body = {
      pricing: { version, priceListId: listId },
      lines: [{ variantId: a, quantity: 1, unitPrice: 8000 }],
    };
    const plain = await cashier();
    const refused = await plain.sell(body);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('PRICE_LIST_FORBIDDEN');
    const allowed = await cashier(['can_sell_at_price_list']);
    const sold = await allowed.sell(body);
    expect(sold.status).toBe(201);
    expect(sold.body.lines[0]).toMatchObject({ unitPrice: 8000, priceListName: 'أسعار الجملة' });
  });

  it('checks a sale rung at an earlier version against that version; an unknown one offline is kept as rung and flagged', async () => {
    const c = await cashier();
    const before = (await rules()).version;
    // the offer ends after the till priced the cart
    expect((await admin.post(`/api/Promotions/${promoId}/deactivate`)).status).toBe(200);
    const after = (await rules()).version;
    expect(Number(after)).toBeGreaterThan(Number(before));
    const rung = { lines: [{ variantId: b, quantity: 3, promotionDiscount: 3000 }] };
    // rung offline with the rules it held: the promotion stands
    const offline = await c.sell({ ...rung, pricing: { version: before } }, true);
    expect(offline.status).toBe(201);
    expect(offline.body.total).toBe(6000);
    // the same claim at the new version is a mismatch
    const now = await c.sell({ ...rung, pricing: { version: after } });
    expect(now.status).toBe(400);
    expect(now.body.code).toBe('PRICING_MISMATCH');
    // offline, the same mismatch has happened: kept as rung, flagged for review
    const rungOffline = await c.sell({ ...rung, pricing: { version: after } }, true);
    expect(rungOffline.status).toBe(201);
    expect(rungOffline.body.total).toBe(6000);
    const [flag] = await t.ds.query('SELECT kind, detail FROM sale_flags WHERE sale_id = $1', [
      rungOffline.body.id,
    ]);
    expect(flag).toMatchObject({
      kind: 'price_changed',
      detail: {
        reason: 'pricing_mismatch',
        field: 'lines.0.promotionDiscount',
        rung: 3000,
        expected: 0,
      },
    });
    // a version the server does not hold: online, the till prices again; offline, kept and flagged
    const unknown = { ...rung, pricing: { version: '1' } };
    const online = await c.sell(unknown);
    expect(online.status).toBe(400);
    expect(online.body.code).toBe('PRICING_RULES_CHANGED');
    const kept = await c.sell(unknown, true);
    expect(kept.status).toBe(201);
    expect(kept.body.total).toBe(6000);
    const flags = await t.ds.query('SELECT kind, detail FROM sale_flags WHERE sale_id = $1', [
      kept.body.id,
    ]);
    expect(flags).toEqual([
      { kind: 'price_changed', detail: { reason: 'pricing_version_unknown', version: '1' } },
    ]);
  });
});
