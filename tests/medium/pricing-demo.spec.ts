import { checkPricingRules, priceSaleLines, type PricingRulesDto } from '@pos/contracts';
import { COUPON, seedDemoPricing } from '../../server/src/seed/pricing-demo';
import { seedDemoGiftCards } from '../../server/src/seed/giftcards-demo';
import { bookViolations } from './support/invariants';
import { Client, createTestApp, type TestApp } from './support/app';

// The demo's prices (`npm run demo`, issue 33 item 8): a wholesale list for the traders' group and
// four running offers, valid rules the engine runs; seeded once.
describe('demo pricing', () => {
  let t: TestApp;
  let admin: Client;

  beforeAll(async () => {
    t = await createTestApp();
    admin = new Client(t.app);
    await admin.signIn('admin');
  });
  afterAll(async () => {
    await t.close();
  });

  it('sells two gift cards once, through the command: the liability equals the cards', async () => {
    await seedDemoGiftCards(process.env.DATABASE_URL!);
    await seedDemoGiftCards(process.env.DATABASE_URL!);
    const cards = await t.ds.query(
      `SELECT code, balance::int FROM gift_cards WHERE note = 'بطاقة هدية — بيانات العرض' ORDER BY balance DESC`,
    );
    expect(cards.map((c: { balance: number }) => c.balance)).toEqual([50_000, 20_000]);
    const looked = await admin.get(`/api/GiftCards/lookup?code=${cards[0].code}`);
    expect([looked.status, looked.body.balance]).toEqual([200, 50_000]);
    expect(await bookViolations(t)).toEqual({});
  });

  it('seeds a wholesale list for two traders, four offers and a coupon, once, as rules the engine runs', async () => {
    await seedDemoPricing(process.env.DATABASE_URL!);
    await seedDemoPricing(process.env.DATABASE_URL!);
    const [{ id: branchId }] = await t.ds.query(
      `SELECT branch_id AS id FROM users WHERE username = 'admin'`,
    );
    const rules = (await admin.get(`/api/PricingRules?branchId=${branchId}`))
      .body as PricingRulesDto;
    expect(checkPricingRules(rules)).toEqual([]);
    expect(rules.priceLists).toHaveLength(1);
    expect(rules.priceLists[0]).toMatchObject({ name: 'أسعار الجملة', kind: 'wholesale' });
    expect(rules.priceLists[0].items.length).toBeGreaterThan(0);
    expect(rules.promotions.map((p) => p.kind).sort()).toEqual([
      'buy-x-get-y',
      'item-discount',
      'item-discount',
      'set-price',
      'spend',
    ]);
    // the running coupon: a coupon promotion and its open code, checked as the till checks it
    const coupon = rules.promotions.find((p) => p.coupon);
    expect(coupon).toMatchObject({ name: COUPON.name, kind: 'item-discount' });
    const code = await admin.get(`/api/PricingRules/coupons/${COUPON.code}`);
    expect(code.body).toMatchObject({ promotionId: coupon!.id, active: true, usesLeft: 1000 });
    const [trader] = await t.ds.query(
      `SELECT m.customer_id AS id, m.group_id AS "groupId" FROM customer_group_members m
         JOIN customer_groups g ON g.id = m.group_id WHERE g.name = 'تجار الجملة'`,
    );
    expect(trader).toBeDefined();
    // a listed item at 85 % for a trader
    const item = rules.priceLists[0].items[0];
    const [v] = await t.ds.query(
      `SELECT v.sell_price::int AS price, p.id AS "productId", p.category_id AS "categoryId", p.vat_rate AS "vatRate"
         FROM variants v JOIN products p ON p.id = v.product_id WHERE v.id = $1`,
      [item.variantId],
    );
    const priced = priceSaleLines({
      rules,
      branchId,
      customerGroupId: trader.groupId,
      now: new Date(),
      lines: [
        {
          key: 'a',
          variantId: item.variantId,
          productId: v.productId,
          categoryId: v.categoryId,
          quantity: 1,
          listPrice: v.price,
          vatRate: v.vatRate,
        },
      ],
    });
    expect(priced.lines[0]).toMatchObject({
      unitPrice: Math.round(v.price * 0.85),
      priceListName: 'أسعار الجملة',
    });
  });
});
