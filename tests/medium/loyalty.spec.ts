import { randomUUID } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';
import { IDEMPOTENCY_HEADER, type ReportResultDto } from '@pos/contracts';
import {
  Client,
  createTestApp,
  createUserWith,
  freeRegister,
  tableCounts,
  type TestApp,
} from './support/app';
import { bookViolations } from './support/invariants';

// Issue 33 item 4 (docs/decisions/0091): points earned on what a customer paid (1 per 10.00, a
// point worth 0.10), redeemed as a tender under the balance row's lock (10 concurrent sales never
// take more than the balance), taken back by a return; the liability equals the points held.
describe('loyalty points', () => {
  let t: TestApp;
  let seller: Client;
  let admin: Client;
  let branchId: string;
  let cash: string;
  let gift: string;
  let points: string;
  /** 10.00 a piece */
  let variantId: string;

  const account = async (key: string) =>
    Number(
      (
        await t.ds.query(
          `SELECT COALESCE(sum(l.credit - l.debit), 0)::bigint AS v FROM journal_lines l
             JOIN accounts a ON a.id = l.account_id WHERE a.system_key = $1`,
          [key],
        )
      )[0].v,
    );
  const sell = (quantity: number, payments: object[], customerId?: string, id = uuidv7()) =>
    seller.post('/api/Sales', {
      id,
      lines: [{ variantId, quantity }],
      payments,
      ...(customerId ? { customerId } : {}),
    });
  const newCustomer = async () =>
    (
      await seller.post('/api/Customers', {
        name: `عميل النقاط ${randomUUID().slice(0, 6)}`,
        phone: `012${String(Date.now() + Math.floor(Math.random() * 1e6)).slice(-8)}`,
      })
    ).body.id as string;
  const held = async (customerId: string) =>
    (await seller.get(`/api/Loyalty/customers/${customerId}`)).body as {
      points: number;
      value: number;
    };

  beforeAll(async () => {
    t = await createTestApp();
    // the demo (npm run demo, the template of this lane): its customers' sales earned points
    const [demo] = await t.ds.query(
      'SELECT count(*)::int AS holders, COALESCE(sum(points), 0)::int AS points FROM loyalty_balances WHERE points > 0',
    );
    expect(demo.holders).toBeGreaterThanOrEqual(3);
    expect(await bookViolations(t)).toEqual({});
    admin = new Client(t.app);
    await admin.signIn('admin');
    [{ branch_id: branchId }] = await t.ds.query(
      `SELECT branch_id FROM users WHERE username = 'admin'`,
    );
    const [{ id: inventoryId }] = await t.ds.query(
      'SELECT id FROM inventories WHERE branch_id = $1 AND is_default',
      [branchId],
    );
    const methods = (await admin.get('/api/PaymentMethods')).body as { id: string; type: string }[];
    cash = methods.find((m) => m.type === 'cash')!.id;
    gift = methods.find((m) => m.type === 'gift_card')!.id;
    points = methods.find((m) => m.type === 'loyalty')!.id;
    const product = await admin.post('/api/Products', {
      nameAr: `صنف النقاط ${randomUUID().slice(0, 8)}`,
      variants: [
        {
          barcodes: [`LY-${randomUUID().slice(0, 12)}`],
          sellPrice: 1000,
          minSellPrice: 1000,
          avgCost: 500,
          openingStock: [{ inventoryId, quantity: 500 }],
        },
      ],
    });
    expect(product.status).toBe(201);
    variantId = product.body.variants[0].id;
    const user = await createUserWith(t.ds, ['can_sell_gift_cards', 'can_return_products'], {
      branchId,
    });
    seller = new Client(t.app, 'en');
    await seller.signIn(user.username, user.password);
    const register = await freeRegister(t.ds, branchId, 71);
    expect((await seller.post('/api/Shift/open', { openingCash: 0, register })).status).toBe(201);
  });
  afterAll(async () => {
    await t.close();
  });
  afterEach(async () => {
    expect(await bookViolations(t)).toEqual({});
  });

  it('earns on what was paid, not on the gift card; a return takes back the points of what it returns', async () => {
    const customerId = await newCustomer();
    const before = await account('loyalty_liability');
    const card = await seller
      .post('/api/GiftCards', { id: randomUUID(), methodId: cash, amount: 2_000 })
      .set(IDEMPOTENCY_HEADER, randomUUID());
    // 60.00: 20.00 by gift card, 40.00 cash → 4 points (0.40)
    const sale = await sell(
      6,
      [
        { methodId: gift, amount: 2_000, giftCardCode: card.body.code },
        { methodId: cash, amount: 4_000 },
      ],
      customerId,
    );
    expect(sale.status).toBe(201);
    expect(sale.body.loyalty).toEqual({ earned: 4, redeemed: 0, balance: 4 });
    expect((await seller.get(`/api/invoices/${sale.body.id}`)).body.loyalty).toEqual(
      sale.body.loyalty,
    );
    expect(await held(customerId)).toMatchObject({ points: 4, value: 40 });
    expect((await account('loyalty_liability')) - before).toBe(40);
    expect(-(await account('loyalty_expense'))).toBeGreaterThanOrEqual(40);
    // the journal lists the points entries by their source (its filter's choice)
    const pointsEntries = await admin.get(
      `/api/JournalEntries?sourceType=loyalty&sourceId=${sale.body.id}`,
    );
    expect([
      pointsEntries.status,
      pointsEntries.body.map((e: { sourceType: string }) => e.sourceType),
    ]).toEqual([200, ['loyalty']]);
    // each linked to its document: the points to the invoice, the card's spending to the card
    expect(pointsEntries.body[0].sourceParentId).toBe(sale.body.id);
    const cardEntries = await admin.get('/api/JournalEntries?sourceType=gift_card&pageSize=100');
    expect(cardEntries.body.map((e: { sourceParentId: string }) => e.sourceParentId)).toContain(
      card.body.id,
    );
    // a walk-in earns nothing
    expect((await sell(1, [{ methodId: cash, amount: 1_000 }])).body.loyalty).toBeUndefined();
    // returning 3 of 6 takes back 2 of the 4 points (half, rounded down), then the rest
    const ret = (quantity: number) =>
      seller
        .post(`/api/invoices/${sale.body.id}/returns`, {
          id: randomUUID(),
          lines: [{ saleLineId: sale.body.lines[0].id, quantity }],
        })
        .set(IDEMPOTENCY_HEADER, randomUUID());
    const firstReturn = await ret(3);
    expect(firstReturn.status).toBe(201);
    expect((await held(customerId)).points).toBe(2);
    // the return says what it took back and what the customer holds now (its receipt prints it)
    expect(firstReturn.body.loyalty).toEqual({ takenBack: 2, balance: 2 });
    // the return's entries and the points it took back open the invoice returned
    for (const type of ['return', 'loyalty']) {
      const listed = await admin.get(
        `/api/JournalEntries?sourceType=${type}&sourceId=${firstReturn.body.id}`,
      );
      expect([type, listed.body.length > 0]).toEqual([type, true]);
      for (const e of listed.body) expect([type, e.sourceParentId]).toEqual([type, sale.body.id]);
    }
    expect((await ret(3)).status).toBe(201);
    expect((await held(customerId)).points).toBe(0);
    expect((await account('loyalty_liability')) - before).toBe(0);
  });

  it('refuses points without a customer, off the point step, over the balance, as a refund; writes nothing', async () => {
    const customerId = await newCustomer();
    expect((await sell(3, [{ methodId: cash, amount: 3_000 }], customerId)).status).toBe(201);
    const sale = await sell(1, [{ methodId: cash, amount: 1_000 }], customerId);
    const before = await tableCounts(t.ds);
    const refund = await seller
      .post(`/api/invoices/${sale.body.id}/returns`, {
        id: randomUUID(),
        lines: [{ saleLineId: sale.body.lines[0].id, quantity: 1 }],
        refunds: [{ methodId: points, amount: 1_000 }],
      })
      .set(IDEMPOTENCY_HEADER, randomUUID());
    expect([refund.status, refund.body.code]).toEqual([400, 'PAYMENT_METHOD_INVALID']);
    for (const [payments, who, code] of [
      [
        [
          { methodId: points, amount: 10 },
          { methodId: cash, amount: 990 },
        ],
        undefined,
        'LOYALTY_NEEDS_CUSTOMER',
      ],
      [
        [
          { methodId: points, amount: 15 },
          { methodId: cash, amount: 985 },
        ],
        customerId,
        'LOYALTY_AMOUNT_STEP',
      ],
      [
        [
          { methodId: points, amount: 50 },
          { methodId: cash, amount: 950 },
        ],
        customerId,
        'LOYALTY_INSUFFICIENT',
      ],
    ] as const) {
      const res = await sell(1, [...payments], who);
      expect([res.status, res.body.code]).toEqual([400, code]);
    }
    expect(await tableCounts(t.ds)).toEqual(before);
  });

  it('10 concurrent sales redeeming 20 points each from 100 points: never more than the balance, once per sale id', async () => {
    const customerId = await newCustomer();
    // 1,000.00 paid → 100 points worth 10.00
    expect((await sell(100, [{ methodId: cash, amount: 100_000 }], customerId)).status).toBe(201);
    expect(await held(customerId)).toMatchObject({ points: 100, value: 1_000 });
    const before = await account('loyalty_liability');
    const pay = [
      { methodId: points, amount: 200 },
      { methodId: cash, amount: 800 },
    ];
    const answers = await Promise.all(Array.from({ length: 10 }, () => sell(1, pay, customerId)));
    const ok = answers.filter((a) => a.status === 201);
    for (const a of answers)
      expect([201, 'LOYALTY_INSUFFICIENT']).toContain(a.status === 201 ? 201 : a.body.code);
    expect(ok.length).toBe(5);
    expect(await held(customerId)).toMatchObject({ points: 0, value: 0 });
    expect(before - (await account('loyalty_liability'))).toBe(1_000);
    // the same sale id again: answered with the first sale, no second redemption
    const first = ok[0];
    const again = await sell(1, pay, customerId, first.body.id);
    expect(again.status).toBe(200);
    expect(again.body.loyalty).toEqual(first.body.loyalty);
    const [{ n }] = await t.ds.query(
      `SELECT count(*)::int AS n FROM loyalty_ledger WHERE reference_id = $1`,
      [first.body.id],
    );
    expect(n).toBe(1);
  });

  it('a new point value revalues the points held; off, nothing is earned; only the admin changes it', async () => {
    const customerId = await newCustomer();
    expect((await sell(3, [{ methodId: cash, amount: 3_000 }], customerId)).status).toBe(201);
    const set = (c: Client, body: object) =>
      c.put('/api/Loyalty/program', body).set(IDEMPOTENCY_HEADER, randomUUID());
    const forbidden = await set(seller, { enabled: true, spendPerPoint: 1000, pointValue: 20 });
    expect(forbidden.status).toBe(403);
    const bad = await set(admin, { enabled: true, spendPerPoint: 0, pointValue: 20 });
    expect([bad.status, bad.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    const [{ held: all }] = await t.ds.query(
      'SELECT sum(points)::bigint AS held FROM loyalty_balances',
    );
    const before = await account('loyalty_liability');
    const doubled = await set(admin, { enabled: false, spendPerPoint: 1000, pointValue: 20 });
    expect([doubled.status, doubled.body]).toEqual([
      200,
      { enabled: false, spendPerPoint: 1000, pointValue: 20 },
    ]);
    expect((await account('loyalty_liability')) - before).toBe(Number(all) * 10);
    expect(await held(customerId)).toMatchObject({ points: 3, value: 60 });
    // off: a sale earns nothing and points are not taken
    const off = await sell(2, [{ methodId: cash, amount: 2_000 }], customerId);
    expect(off.body.loyalty).toBeUndefined();
    const refused = await sell(
      1,
      [
        { methodId: points, amount: 20 },
        { methodId: cash, amount: 980 },
      ],
      customerId,
    );
    expect([refused.status, refused.body.code]).toEqual([400, 'LOYALTY_OFF']);
    expect((await set(admin, { enabled: true, spendPerPoint: 1000, pointValue: 10 })).status).toBe(
      200,
    );
    expect(await held(customerId)).toMatchObject({ points: 3, value: 30 });
  });

  it('the liabilities report: gift cards, store credit and points, each issued − used = outstanding = the books', async () => {
    const res = await admin.get('/api/Reports/Liabilities');
    expect(res.status).toBe(200);
    const rows = (res.body as ReportResultDto).rows as Record<string, number | string | null>[];
    expect(rows.map((r) => r.liability).sort()).toEqual(
      ['الرصيد الدائن للعملاء', 'بطاقات الهدايا', 'نقاط الولاء'].sort(),
    );
    const [db] = await t.ds.query(
      `SELECT (SELECT COALESCE(sum(balance), 0) FROM gift_cards WHERE kind = 'gift')::bigint AS gift,
              (SELECT COALESCE(sum(balance), 0) FROM gift_cards WHERE kind = 'store_credit')::bigint AS credit,
              (SELECT COALESCE(sum(points), 0) FROM loyalty_balances)::bigint AS points`,
    );
    const byName = new Map(rows.map((r) => [r.liability, r]));
    const gift = byName.get('بطاقات الهدايا')!;
    const credit = byName.get('الرصيد الدائن للعملاء')!;
    const loyalty = byName.get('نقاط الولاء')!;
    expect([gift.outstanding, credit.outstanding, loyalty.outstanding, loyalty.points]).toEqual([
      Number(db.gift),
      Number(db.credit),
      Number(db.points) * 10,
      Number(db.points),
    ]);
    for (const r of rows) expect(Number(r.issued) - Number(r.used)).toBe(r.outstanding);
    expect(Number(gift.outstanding) + Number(credit.outstanding)).toBe(
      await account('gift_card_liability'),
    );
    expect(loyalty.outstanding).toBe(await account('loyalty_liability'));
    expect((await seller.get('/api/Reports/Liabilities')).status).toBe(403);
    // the workbook (English headings): the same three rows and outstanding figures
    const xlsx = await admin.agent
      .get('/api/Reports/Liabilities?format=xlsx')
      .set('Cookie', 'locale=en')
      .buffer(true)
      .parse((r, cb) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => cb(null, Buffer.concat(chunks)));
      });
    expect(xlsx.status).toBe(200);
    const ExcelJS = (await import('exceljs')).default;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.body as never);
    const ws = wb.worksheets[0];
    const head = (ws.getRow(3).values as unknown[]).slice(1);
    const col = head.indexOf('Outstanding') + 1;
    expect(col).toBeGreaterThan(0);
    const sheet: number[] = [];
    ws.eachRow((r, i) => {
      if (i > 3) sheet.push(Math.round(Number(r.getCell(col).value) * 100));
    });
    expect(sheet.sort((x, y) => x - y)).toEqual(
      rows.map((r) => Number(r.outstanding)).sort((x, y) => x - y),
    );
  });
});
