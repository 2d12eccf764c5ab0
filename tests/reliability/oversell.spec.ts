import { randomUUID } from 'node:crypto';
import { Client, createTestApp, createUserWith, type TestApp } from '../medium/support/app';

// 64 concurrent sales for the last 10 units: exactly 10 succeed, the rest are refused cleanly,
// and the ledger equals the balance.
describe('oversell', () => {
  let t: TestApp;
  afterAll(async () => {
    await t?.close();
  });

  it('sells exactly the 10 units there are to 64 concurrent buyers', async () => {
    t = await createTestApp();
    const admin = new Client(t.app);
    await admin.signIn('admin');
    const [{ branch_id }] = await t.ds.query(
      `SELECT branch_id FROM users WHERE username = 'admin'`,
    );
    const [{ id: inventoryId }] = await t.ds.query(
      'SELECT id FROM inventories WHERE branch_id = $1 AND is_default',
      [branch_id],
    );
    const cash = (await t.ds.query(`SELECT id FROM payment_methods WHERE type = 'cash'`))[0].id;
    const product = await admin.post('/api/Products', {
      nameAr: 'آخر عشر قطع',
      variants: [
        {
          barcodes: [`OS-${randomUUID().slice(0, 10)}`],
          sellPrice: 5000,
          openingStock: [{ inventoryId, quantity: 10 }],
        },
      ],
    });
    const variantId = product.body.variants[0].id;
    const cashiers: Client[] = [];
    for (let i = 0; i < 8; i++) {
      const user = await createUserWith(t.ds, []);
      const c = new Client(t.app);
      await c.signIn(user.username, user.password);
      expect((await c.post('/api/Shift/open', { openingCash: 0, register: 70 + i })).status).toBe(
        201,
      );
      cashiers.push(c);
    }
    const results = await Promise.all(
      Array.from({ length: 64 }, (_, i) =>
        cashiers[i % 8].post('/api/Sales', {
          id: randomUUID(),
          lines: [{ variantId, quantity: 1 }],
          payments: [{ methodId: cash, amount: 5000 }],
        }),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(10);
    expect(
      results.filter((r) => r.status === 400 && r.body.code === 'INSUFFICIENT_STOCK'),
    ).toHaveLength(54);
    const [{ on_hand }] = await t.ds.query(
      'SELECT on_hand FROM stock_levels WHERE variant_id = $1 AND inventory_id = $2',
      [variantId, inventoryId],
    );
    expect(Number(on_hand)).toBe(0);
    const [{ ledger }] = await t.ds.query(
      'SELECT sum(quantity) AS ledger FROM stock_movements WHERE variant_id = $1 AND inventory_id = $2',
      [variantId, inventoryId],
    );
    expect(Number(ledger)).toBe(0);
    const [{ n }] = await t.ds.query(
      'SELECT count(*)::int AS n FROM sale_lines WHERE variant_id = $1',
      [variantId],
    );
    expect(n).toBe(10);
  });
});
