import { priceCart, type CartLine, type PricingRulesDto } from '@pos/contracts';
import { Client, createTestApp, createUserWith, type TestApp } from './support/app';

// Issue 33 items 1–2 (storage): price lists with prices and quantity breaks, promotions and
// customer groups stored by the pricing module; the active rule set per branch in priceCart's
// shape, with a version every write raises; permissions, branch scope and localised 400s.
describe('pricing rules', () => {
  let t: TestApp;
  let admin: Client;
  let branchId: string;
  let otherBranchId: string;
  let variants: { id: string; productId: string; categoryId: string | null; sellPrice: number }[];

  const version = async (c: Client, branch?: string) => {
    const res = await c.get(`/api/PricingRules${branch ? `?branchId=${branch}` : ''}`);
    expect(res.status).toBe(200);
    return res.body as PricingRulesDto;
  };
  /** The admin's request in English (the locale cookie beside the session's). */
  const en = (method: 'post' | 'put', path: string, body: object) =>
    admin.agent[method](path).set('Cookie', 'locale=en').set('X-CSRF-Token', admin.csrf).send(body);
  const line = (key: string, i: number, quantity: number): CartLine => ({
    key,
    variantId: variants[i].id,
    productId: variants[i].productId,
    categoryId: variants[i].categoryId,
    quantity,
    listPrice: variants[i].sellPrice,
    vatRate: 14,
  });

  beforeAll(async () => {
    t = await createTestApp();
    admin = new Client(t.app, 'ar');
    await admin.signIn('admin');
    [{ id: branchId }, { id: otherBranchId }] = await t.ds.query(
      `SELECT id FROM branches ORDER BY created_at LIMIT 2`,
    );
    variants = await t.ds.query(
      `SELECT v.id, v.product_id AS "productId", p.category_id AS "categoryId", v.sell_price::int AS "sellPrice"
         FROM variants v JOIN products p ON p.id = v.product_id
        WHERE v.active AND v.sell_price > 10000 ORDER BY v.sku LIMIT 2`,
    );
    expect(variants).toHaveLength(2);
  });
  afterAll(async () => {
    await t.close();
  });

  it('creates a wholesale list for a customer group, sets prices and breaks, and prices a cart with them', async () => {
    const group = await admin.post('/api/CustomerGroups', { name: 'تجار الجملة' });
    expect(group.status).toBe(201);
    const v0 = (await version(admin)).version;

    const list = await admin.post('/api/PriceLists', {
      name: 'جملة',
      kind: 'wholesale',
      priority: 10,
      customerGroupIds: [group.body.id],
    });
    expect(list.status).toBe(201);
    expect(list.body).toMatchObject({ kind: 'wholesale', active: true, items: 0 });
    const v1 = (await version(admin)).version;
    expect(Number(v1)).toBeGreaterThan(Number(v0));

    const prices = await admin.put(`/api/PriceLists/${list.body.id}/prices`, {
      items: [
        {
          variantId: variants[0].id,
          unitPrice: variants[0].sellPrice - 1000,
          breaks: [{ minQuantity: 10, unitPrice: variants[0].sellPrice - 2000 }],
        },
      ],
    });
    expect(prices.status).toBe(200);
    expect(prices.body).toEqual({ set: 1, removed: 0, items: 1 });
    const items = await admin.get(`/api/PriceLists/${list.body.id}/items`);
    expect(items.status).toBe(200);
    expect(items.body[0]).toMatchObject({
      variantId: variants[0].id,
      unitPrice: variants[0].sellPrice - 1000,
    });

    // a customer put in the group
    const [{ id: customerId }] = await t.ds.query(`SELECT id FROM customers LIMIT 1`);
    const member = await admin.put(`/api/PricingRules/customers/${customerId}/group`, {
      groupId: group.body.id,
    });
    expect(member.status).toBe(200);
    expect(member.body).toEqual({ groupId: group.body.id });

    const promo = await admin.post('/api/Promotions', {
      name: 'اشتري 2 والثالث مجانًا',
      kind: 'buy-x-get-y',
      buy: { variantIds: [variants[1].id] },
      buyQuantity: 2,
      getQuantity: 1,
      percent: 100,
      window: { weekdays: [0, 1, 2, 3, 4, 5, 6] },
      branchIds: [branchId],
    });
    expect(promo.status).toBe(201);
    expect(promo.body).toMatchObject({ kind: 'buy-x-get-y', buyQuantity: 2, percent: 100 });

    const rules = await version(admin, branchId);
    expect(Number(rules.version)).toBeGreaterThan(Number(v1));
    expect(rules.priceLists.map((l) => l.id)).toContain(list.body.id);
    expect(rules.promotions.map((p) => p.id)).toContain(promo.body.id);
    // the other branch does not get the branch's promotion
    const other = await version(admin, otherBranchId);
    expect(other.promotions.map((p) => p.id)).not.toContain(promo.body.id);
    // the same version again: the same rules (kept per version)
    expect((await version(admin, branchId)).version).toBe(rules.version);
    // tagged by version: asked again with the tag, a 304 until the next write
    const tagged = await admin.get(`/api/PricingRules?branchId=${branchId}`);
    expect(tagged.headers.etag).toBe(`"pricing-${rules.version}-${branchId}"`);
    const again = await admin
      .get(`/api/PricingRules?branchId=${branchId}`)
      .set('If-None-Match', tagged.headers.etag);
    expect(again.status).toBe(304);

    const { groupId } = (await admin.get(`/api/PricingRules/customers/${customerId}/group`)).body;
    const priced = priceCart({
      lines: [line('a', 0, 10), line('b', 1, 3)],
      branchId,
      customerGroupId: groupId,
      now: new Date(),
      rules,
    });
    expect(priced.rulesVersion).toBe(rules.version);
    const [a, b] = priced.lines;
    expect(a).toMatchObject({ priceListId: list.body.id, unitPrice: variants[0].sellPrice - 2000 });
    expect(b.discount).toBe(variants[1].sellPrice);
    expect(priced.promotions.map((p) => p.promotionId)).toEqual([promo.body.id]);
    // without the group: the wholesale list does not apply
    const retail = priceCart({ lines: [line('a', 0, 10)], branchId, now: new Date(), rules });
    expect(retail.lines[0].priceListId).toBeNull();
  });

  it('updates and deactivates a promotion and a list, each write raising the version', async () => {
    const promo = await admin.post('/api/Promotions', {
      name: 'خصم 10%',
      kind: 'item-discount',
      target: { productIds: [variants[0].productId] },
      off: { percent: 10 },
    });
    expect(promo.status).toBe(201);
    const v1 = (await version(admin)).version;
    const patched = await admin.patch(`/api/Promotions/${promo.body.id}`, {
      off: { amount: 500 },
      priority: 5,
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ off: { amount: 500 }, priority: 5 });
    const v2 = (await version(admin)).version;
    expect(Number(v2)).toBeGreaterThan(Number(v1));
    const off = await admin.post(`/api/Promotions/${promo.body.id}/deactivate`);
    expect(off.status).toBe(200);
    expect(off.body.active).toBe(false);
    const rules = await version(admin);
    expect(Number(rules.version)).toBeGreaterThan(Number(v2));
    expect(rules.promotions.map((p) => p.id)).not.toContain(promo.body.id);
    const [audit] = await t.ds.query(
      `SELECT count(*)::int AS n FROM audit_logs WHERE entity_id = $1`,
      [promo.body.id],
    );
    expect(audit.n).toBe(3);

    const list = await admin.post('/api/PriceLists', {
      name: 'فرع',
      kind: 'branch',
      branchIds: [branchId],
    });
    expect(list.status).toBe(201);
    const renamed = await admin.patch(`/api/PriceLists/${list.body.id}`, { validTo: '2030-12-31' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.validTo).toBe('2030-12-31');
    expect((await admin.post(`/api/PriceLists/${list.body.id}/deactivate`)).body.active).toBe(
      false,
    );
    const page = await admin.get('/api/PriceLists?active=false');
    expect(page.status).toBe(200);
    expect(page.body.map((l: { id: string }) => l.id)).toContain(list.body.id);
  });

  it('refuses bad rules with a 400 naming the field, in Arabic and in English, writing nothing', async () => {
    const before = (await version(admin)).version;
    const missing = await en('post', '/api/Promotions', {
      name: 'x',
      kind: 'set-price',
      target: {},
    });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toContain('Quantity');
    expect(missing.body.message).toContain('Set price');
    const missingAr = await admin.post('/api/Promotions', {
      name: 'x',
      kind: 'set-price',
      target: {},
    });
    expect(missingAr.status).toBe(400);
    expect(missingAr.body.message).toContain('سعر المجموعة');

    const both = await en('post', '/api/Promotions', {
      name: 'x',
      kind: 'item-discount',
      target: {},
      off: { percent: 10, amount: 100 },
    });
    expect(both.status).toBe(400);
    expect(both.body.message).toContain('Discount');

    const dates = await en('post', '/api/PriceLists', {
      name: 'x',
      kind: 'retail',
      validFrom: '2030-02-01',
      validTo: '2030-01-01',
    });
    expect(dates.status).toBe(400);
    expect(dates.body.message).toContain('Valid to');
    const datesAr = await admin.post('/api/PriceLists', {
      name: 'x',
      kind: 'retail',
      validFrom: '2030-02-01',
      validTo: '2030-01-01',
    });
    expect(datesAr.status).toBe(400);
    expect(datesAr.body.message).toContain('ساري حتى');

    const noBranch = await en('post', '/api/PriceLists', { name: 'x', kind: 'branch' });
    expect(noBranch.status).toBe(400);
    expect(noBranch.body.message).toContain('Branches');

    const stack = await en('post', '/api/Promotions', {
      name: 'x',
      kind: 'set-price',
      target: {},
      quantity: 3,
      price: 10000,
      stackable: true,
    });
    expect(stack.status).toBe(400);
    expect(stack.body.message).toContain('Stacks with other offers');

    const list = await admin.post('/api/PriceLists', { name: 'y', kind: 'retail' });
    const dup = await en('put', `/api/PriceLists/${list.body.id}/prices`, {
      items: [
        { variantId: variants[0].id, unitPrice: 100 },
        { variantId: variants[0].id, unitPrice: 200 },
      ],
    });
    expect(dup.status).toBe(400);
    expect(dup.body.message).toContain('Item');
    const badType = await en('put', `/api/PriceLists/${list.body.id}/prices`, {
      items: [{ variantId: variants[0].id, unitPrice: -1 }],
    });
    expect(badType.status).toBe(400);
    const [{ n }] = await t.ds.query(
      `SELECT count(*)::int AS n FROM price_list_items WHERE price_list_id = $1`,
      [list.body.id],
    );
    expect(n).toBe(0);
    expect(Number((await version(admin)).version)).toBe(Number(before) + 1); // the list 'y' only
  });

  it('checks permissions and the branch scope of rules', async () => {
    const viewer = await createUserWith(t.ds, ['can_see_products'], { branchId });
    const v = new Client(t.app, 'en');
    await v.signIn(viewer.username, viewer.password);
    expect((await v.get('/api/PriceLists')).status).toBe(200);
    expect((await v.post('/api/PriceLists', { name: 'x', kind: 'retail' })).status).toBe(403);
    expect(
      (
        await v.post('/api/Promotions', {
          name: 'x',
          kind: 'spend',
          minSpend: 1,
          off: { amount: 1 },
        })
      ).status,
    ).toBe(403);

    const nobody = await createUserWith(t.ds, [], { branchId });
    const n = new Client(t.app, 'en');
    await n.signIn(nobody.username, nobody.password);
    expect((await n.get('/api/PriceLists')).status).toBe(403);
    expect((await n.get('/api/Promotions')).status).toBe(403);
    // the till's read: any signed-in user, their own branch only
    expect((await n.get('/api/PricingRules')).status).toBe(200);
    expect((await n.get(`/api/PricingRules?branchId=${otherBranchId}`)).status).toBe(403);

    const manager = await createUserWith(t.ds, ['can_see_products', 'can_manage_products'], {
      branchId,
    });
    const m = new Client(t.app, 'en');
    await m.signIn(manager.username, manager.password);
    // store-wide or another branch's rule: refused; their own branch's: made
    const wide = await m.post('/api/Promotions', {
      name: 'x',
      kind: 'spend',
      minSpend: 1,
      off: { amount: 1 },
    });
    expect(wide.status).toBe(403);
    expect(wide.body.code).toBe('PRICING_BRANCH_SCOPE');
    expect(wide.body.message).toBe('يمكنك تعديل قوائم الأسعار والعروض الخاصة بفرعك فقط');
    const foreign = await m.post('/api/PriceLists', {
      name: 'x',
      kind: 'branch',
      branchIds: [otherBranchId],
    });
    expect(foreign.status).toBe(403);
    const own = await m.post('/api/Promotions', {
      name: 'own',
      kind: 'spend',
      minSpend: 50000,
      off: { percent: 5 },
      maxDiscount: 2000,
      branchIds: [branchId],
    });
    expect(own.status).toBe(201);
    // an administrator's store-wide rule: the manager may see it but not change it
    const storeWide = await admin.post('/api/Promotions', {
      name: 'wide',
      kind: 'spend',
      minSpend: 1000,
      off: { amount: 100 },
    });
    expect(storeWide.status).toBe(201);
    expect((await m.get(`/api/Promotions/${storeWide.body.id}`)).status).toBe(200);
    expect((await m.post(`/api/Promotions/${storeWide.body.id}/deactivate`)).status).toBe(403);
    // another branch's rule is not in the manager's reads
    const otherPromo = await admin.post('/api/Promotions', {
      name: 'other',
      kind: 'spend',
      minSpend: 1000,
      off: { amount: 100 },
      branchIds: [otherBranchId],
    });
    expect((await m.get(`/api/Promotions/${otherPromo.body.id}`)).status).toBe(404);
    const mine = await m.get('/api/PricingRules');
    expect(mine.body.branchId).toBe(branchId);
    expect(mine.body.promotions.map((p: { id: string }) => p.id)).toEqual(
      expect.arrayContaining([own.body.id, storeWide.body.id]),
    );
    expect(mine.body.promotions.map((p: { id: string }) => p.id)).not.toContain(otherPromo.body.id);
  });
});
