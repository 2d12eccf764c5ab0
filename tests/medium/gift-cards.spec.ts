import { randomUUID } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';
import { IDEMPOTENCY_HEADER, type GiftCardDto } from '@pos/contracts';
import {
  Client,
  createTestApp,
  createUserWith,
  freeRegister,
  tableCounts,
  type TestApp,
} from './support/app';
import { bookViolations } from './support/invariants';

// Issue 33 item 5 (docs/decisions/0083): gift cards sold and topped up into the till, spent as a
// tender of a sale under the card's row lock (20 concurrent sales never spend more than the card
// holds), a return refunded to store credit; the books keep the liability equal to the cards.
describe('gift cards and store credit', () => {
  let t: TestApp;
  let seller: Client;
  let plain: Client;
  let branchId: string;
  let inventoryId: string;
  let cash: string;
  let gift: string;
  /** 10.00 a piece */
  let variantId: string;

  const key = () => randomUUID();
  const issue = (c: Client, body: object) =>
    c
      .post('/api/GiftCards', { id: randomUUID(), methodId: cash, ...body })
      .set(IDEMPOTENCY_HEADER, key());
  const liability = async () =>
    Number(
      (
        await t.ds.query(
          `SELECT COALESCE(sum(l.credit - l.debit), 0)::bigint AS v FROM journal_lines l
             JOIN accounts a ON a.id = l.account_id WHERE a.system_key = 'gift_card_liability'`,
        )
      )[0].v,
    );
  const sell = (quantity: number, payments: object[], customerId?: string) =>
    seller.post('/api/Sales', {
      id: uuidv7(),
      lines: [{ variantId, quantity }],
      payments,
      ...(customerId ? { customerId } : {}),
    });

  beforeAll(async () => {
    t = await createTestApp();
    const admin = new Client(t.app);
    await admin.signIn('admin');
    [{ branch_id: branchId }] = await t.ds.query(
      `SELECT branch_id FROM users WHERE username = 'admin'`,
    );
    [{ id: inventoryId }] = await t.ds.query(
      'SELECT id FROM inventories WHERE branch_id = $1 AND is_default',
      [branchId],
    );
    const methods = (await admin.get('/api/PaymentMethods')).body as { id: string; type: string }[];
    cash = methods.find((m) => m.type === 'cash')!.id;
    gift = methods.find((m) => m.type === 'gift_card')!.id;
    const product = await admin.post('/api/Products', {
      nameAr: `صنف الهدايا ${randomUUID().slice(0, 8)}`,
      variants: [
        {
          barcodes: [`GC-${randomUUID().slice(0, 12)}`],
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
    const register = await freeRegister(t.ds, branchId, 70);
    expect((await seller.post('/api/Shift/open', { openingCash: 0, register })).status).toBe(201);
    const other = await createUserWith(t.ds, [], { branchId });
    plain = new Client(t.app, 'ar');
    await plain.signIn(other.username, other.password);
  });
  afterAll(async () => {
    await t.close();
  });
  afterEach(async () => {
    expect(await bookViolations(t)).toEqual({});
  });

  it('sells, looks up and tops up a card: cash into the till, the liability up, no revenue', async () => {
    const before = await liability();
    const cashIn = async () =>
      (await seller.get('/api/Shift/current')).body.totals.cashIn as number;
    const drawerBefore = await cashIn();
    const sold = await issue(seller, { amount: 5_000 });
    expect(sold.status).toBe(201);
    const card = sold.body as GiftCardDto;
    expect(card).toMatchObject({ kind: 'gift', status: 'active', balance: 5_000 });
    expect(card.code).toMatch(/^GC\d{12}$/);
    // the till looks it up by the code, typed with dashes and in lower case
    const typed = `${card.code.slice(0, 6)}-${card.code.slice(6)}`.toLowerCase();
    const looked = await plain.get(`/api/GiftCards/lookup?code=${typed}`);
    expect([looked.status, looked.body.balance]).toEqual([200, 5_000]);
    const up = await seller
      .post(`/api/GiftCards/${card.id}/top-ups`, {
        id: randomUUID(),
        amount: 2_500,
        methodId: cash,
      })
      .set(IDEMPOTENCY_HEADER, key());
    expect([up.status, up.body.balance]).toEqual([201, 7_500]);
    expect((await liability()) - before).toBe(7_500);
    // the cash is in the till's expected cash
    expect((await cashIn()) - drawerBefore).toBe(7_500);
    const [entry] = await t.ds.query(
      `SELECT json_agg(json_build_object('k', a.system_key, 'd', l.debit, 'c', l.credit) ORDER BY a.code) AS lines
         FROM journal_entries e JOIN journal_lines l ON l.entry_id = e.id JOIN accounts a ON a.id = l.account_id
        WHERE e.source_type = 'gift_card' AND e.source_number = $1 GROUP BY e.id ORDER BY min(e.created_at) LIMIT 1`,
      [card.code],
    );
    expect(entry.lines).toEqual([
      { k: 'cash', d: 5_000, c: 0 },
      { k: 'gift_card_liability', d: 0, c: 5_000 },
    ]);
    const ledger = (await seller.get(`/api/GiftCards/${card.id}`)).body.ledger;
    expect(
      ledger.map((r: { type: string; balanceAfter: number }) => [r.type, r.balanceAfter]),
    ).toEqual([
      ['issue', 5_000],
      ['top_up', 7_500],
    ]);
  });

  it('refuses bad input with a 400 naming the field, a user without the permission, and writes nothing', async () => {
    const before = await tableCounts(t.ds);
    const bad = await issue(seller, { amount: 0 });
    expect([bad.status, bad.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    expect(bad.body.message).toMatch(/Amount|المبلغ/);
    const big = await issue(seller, { amount: 1_000_000_001 });
    expect([big.status, big.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    const byCard = await issue(seller, { amount: 1_000, methodId: gift });
    expect([byCard.status, byCard.body.code]).toEqual([400, 'GIFT_CARD_METHOD']);
    const forbidden = await issue(plain, { amount: 1_000 });
    expect(forbidden.status).toBe(403);
    const lookup = await plain.get('/api/GiftCards/lookup?code=<script>');
    expect([lookup.status, lookup.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    expect(lookup.body.message).toContain('الكود');
    const unknown = await plain.get('/api/GiftCards/lookup?code=GC000000000000');
    expect([unknown.status, unknown.body.code]).toEqual([404, 'GIFT_CARD_NOT_FOUND']);
    expect(await tableCounts(t.ds)).toEqual(before);
    const card = (await issue(seller, { amount: 1_000 })).body as GiftCardDto;
    const mid = await tableCounts(t.ds);
    const over = await seller
      .post(`/api/GiftCards/${card.id}/top-ups`, {
        id: randomUUID(),
        amount: 1_000_000_000,
        methodId: cash,
      })
      .set(IDEMPOTENCY_HEADER, key());
    expect([over.status, over.body.code]).toEqual([400, 'GIFT_CARD_BALANCE_LIMIT']);
    // a sale naming no card, an unknown card, or more than the card holds
    for (const [payments, code] of [
      [[{ methodId: gift, amount: 1_000 }], 'GIFT_CARD_CODE_REQUIRED'],
      [[{ methodId: gift, amount: 1_000, giftCardCode: 'GC999999999999' }], 'GIFT_CARD_NOT_FOUND'],
      [[{ methodId: gift, amount: 2_000, giftCardCode: card.code }], 'GIFT_CARD_INSUFFICIENT'],
      [[{ methodId: gift, amount: 1_000, giftCardCode: 'GC 1' }], 'VALIDATION_FAILED'],
    ] as const) {
      const res = await sell(payments[0].amount / 1_000, [...payments]);
      expect([res.status, res.body.code]).toEqual([400, code]);
    }
    expect(await tableCounts(t.ds)).toEqual(mid);
  });

  it('20 concurrent sales on a 100.00 card spend at most 100.00, each card once per sale', async () => {
    const card = (await issue(seller, { amount: 10_000 })).body as GiftCardDto;
    const before = await liability();
    const wants = Array.from({ length: 20 }, (_, i) => 1 + (i % 3)); // 10.00, 20.00 or 30.00
    const answers = await Promise.all(
      wants.map((q) => sell(q, [{ methodId: gift, amount: q * 1_000, giftCardCode: card.code }])),
    );
    const spent = answers.reduce((s, a, i) => s + (a.status === 201 ? wants[i] * 1_000 : 0), 0);
    for (const a of answers)
      expect([201, 'GIFT_CARD_INSUFFICIENT']).toContain(a.status === 201 ? 201 : a.body.code);
    expect(spent).toBeLessThanOrEqual(10_000);
    expect(spent).toBeGreaterThanOrEqual(10_000 - 2_000); // stops only when no 10.00–30.00 fits
    const [{ balance, ledger }] = await t.ds.query(
      `SELECT g.balance::int, (SELECT sum(amount)::int FROM gift_card_ledger WHERE card_id = g.id) AS ledger
         FROM gift_cards g WHERE g.id = $1`,
      [card.id],
    );
    expect([balance, ledger]).toEqual([10_000 - spent, 10_000 - spent]);
    expect(before - (await liability())).toBe(spent);
    // a sale sent again under its id does not spend the card again
    const first = answers.find((a) => a.status === 201)!;
    const again = await seller.post('/api/Sales', {
      id: first.body.id,
      lines: [{ variantId, quantity: first.body.lines[0].quantity }],
      payments: [{ methodId: gift, amount: first.body.total, giftCardCode: card.code }],
    });
    expect(again.status).toBe(200);
    expect(again.body.giftCards).toEqual(first.body.giftCards);
    const [{ n }] = await t.ds.query(
      `SELECT count(*)::int AS n FROM gift_card_ledger WHERE reference_id = $1`,
      [first.body.id],
    );
    expect(n).toBe(1);
  });

  it('pays part by card in a split payment; the receipt names the card and what it still holds', async () => {
    const card = (await issue(seller, { amount: 1_500 })).body as GiftCardDto;
    const res = await sell(3, [
      { methodId: gift, amount: 1_500, giftCardCode: card.code },
      { methodId: cash, amount: 2_000 },
    ]);
    expect(res.status).toBe(201);
    expect(res.body.giftCards).toEqual([{ code: card.code, amount: 1_500, balance: 0 }]);
    expect(res.body.changeDue).toBe(500);
    const read = await seller.get(`/api/invoices/${res.body.id}`);
    expect(read.body.giftCards).toEqual(res.body.giftCards);
  });

  it("refunds a return to the customer's store credit, then to a named card; spends store credit", async () => {
    const customer = await seller.post('/api/Customers', {
      name: `عميل الرصيد ${randomUUID().slice(0, 6)}`,
      phone: `011${String(Date.now()).slice(-8)}`,
    });
    const customerId = customer.body.id as string;
    const sale = await sell(2, [{ methodId: cash, amount: 2_000 }], customerId);
    expect(sale.status).toBe(201);
    const lineId = sale.body.lines[0].id;
    const ret = (refunds: object[]) =>
      seller
        .post(`/api/invoices/${sale.body.id}/returns`, {
          id: randomUUID(),
          lines: [{ saleLineId: lineId, quantity: 1 }],
          refunds,
        })
        .set(IDEMPOTENCY_HEADER, key());
    const before = await liability();
    const first = await ret([{ methodId: gift, amount: 1_000 }]);
    expect(first.status).toBe(201);
    const [store] = await t.ds.query(
      `SELECT id, code, balance::int FROM gift_cards WHERE customer_id = $1 AND kind = 'store_credit'`,
      [customerId],
    );
    expect(store.balance).toBe(1_000);
    expect((await liability()) - before).toBe(1_000);
    const credited = [{ code: store.code, amount: 1_000, balance: 1_000 }];
    expect(first.body.storeCredit).toEqual(credited);
    // spend it on a new sale
    const spend = await sell(1, [{ methodId: gift, amount: 1_000, giftCardCode: store.code }]);
    expect([spend.status, spend.body.giftCards[0].balance]).toEqual([201, 0]);
    // the return reprinted (from its invoice's page) prints the store credit as the till did:
    // what the card held after the refund, though it has been spent since
    const reprint = await seller.get(`/api/returns/${first.body.id}`);
    expect([reprint.status, reprint.body.storeCredit]).toEqual([200, credited]);
    // a return of a sale without a customer needs a card named
    const walkIn = await sell(1, [{ methodId: cash, amount: 1_000 }]);
    const refused = await seller
      .post(`/api/invoices/${walkIn.body.id}/returns`, {
        id: randomUUID(),
        lines: [{ saleLineId: walkIn.body.lines[0].id, quantity: 1 }],
        refunds: [{ methodId: gift, amount: 1_000 }],
      })
      .set(IDEMPOTENCY_HEADER, key());
    expect([refused.status, refused.body.code]).toEqual([400, 'STORE_CREDIT_NEEDS_CUSTOMER']);
    const card = (await issue(seller, { amount: 100 })).body as GiftCardDto;
    const named = await seller
      .post(`/api/invoices/${walkIn.body.id}/returns`, {
        id: randomUUID(),
        lines: [{ saleLineId: walkIn.body.lines[0].id, quantity: 1 }],
        refunds: [{ methodId: gift, amount: 1_000, giftCardCode: card.code }],
      })
      .set(IDEMPOTENCY_HEADER, key());
    expect([named.status, named.body.storeCredit]).toEqual([
      201,
      [{ code: card.code, amount: 1_000, balance: 1_100 }],
    ]);
    // a return refunded in cash reads none
    const inCash = await ret([{ methodId: cash, amount: 1_000 }]);
    expect(inCash.status).toBe(201);
    expect(inCash.body).not.toHaveProperty('storeCredit');
    expect((await seller.get(`/api/returns/${inCash.body.id}`)).body).not.toHaveProperty(
      'storeCredit',
    );
  });
});
