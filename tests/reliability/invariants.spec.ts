import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { Client, createTestApp, createUserWith, type TestApp } from '../medium/support/app';
import { FULL } from './support';

// A random mix of sales, returns, stock adjustments and payments on account, then the invariants:
// balances equal their ledgers, no negative stock where it is not allowed, invoices add up, and
// no operation ever answered with a 5xx. Full form: 10 runs × 1,000 operations.
type Op =
  | {
      kind: 'sale';
      cashier: number;
      variant: number;
      qty: number;
      credit: boolean;
      discount: number;
    }
  | { kind: 'return'; cashier: number; pick: number; qty: number }
  | { kind: 'adjust'; variant: number; delta: number }
  | { kind: 'pay'; amount: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('sale' as const),
      cashier: fc.nat(2),
      variant: fc.nat(5),
      qty: fc.integer({ min: 1, max: 4 }),
      credit: fc.boolean(),
      discount: fc.integer({ min: 0, max: 300 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('return' as const),
      cashier: fc.nat(2),
      pick: fc.nat(1000),
      qty: fc.integer({ min: 1, max: 3 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('adjust' as const),
      variant: fc.nat(5),
      delta: fc.integer({ min: -6, max: 8 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('pay' as const),
      amount: fc.integer({ min: 1, max: 5000 }),
    }),
  },
);

describe('invariants after random operations', () => {
  let t: TestApp;
  let admin: Client;
  let inventoryId: string;
  let cash: string;
  const cashiers: Client[] = [];
  let customerId: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = new Client(t.app);
    await admin.signIn('admin');
    const [{ branch_id }] = await t.ds.query(
      `SELECT branch_id FROM users WHERE username = 'admin'`,
    );
    [{ id: inventoryId }] = await t.ds.query(
      'SELECT id FROM inventories WHERE branch_id = $1 AND is_default',
      [branch_id],
    );
    cash = (await t.ds.query(`SELECT id FROM payment_methods WHERE type = 'cash'`))[0].id;
    for (let i = 0; i < 3; i++) {
      // can_grant_credit: their credit sales go to a customer without a limit (issue 11).
      const user = await createUserWith(t.ds, ['can_return_products', 'can_grant_credit']);
      await t.ds.query('UPDATE users SET max_discount_percent = 10 WHERE id = $1', [user.id]);
      const c = new Client(t.app);
      await c.signIn(user.username, user.password);
      expect((await c.post('/api/Shift/open', { openingCash: 0, register: 60 + i })).status).toBe(
        201,
      );
      cashiers.push(c);
    }
    customerId = (await admin.post('/api/Customers', { name: 'عميل الخصائص' })).body.id;
  });
  afterAll(async () => {
    await t.close();
  });

  it(
    'keeps every balance equal to its ledger, whatever the order of operations',
    async () => {
      const runs = FULL ? 10 : 2;
      const ops = FULL ? 1000 : 120;
      await fc.assert(
        fc.asyncProperty(fc.array(opArb, { minLength: ops, maxLength: ops }), async (script) => {
          const variants: string[] = [];
          for (let i = 0; i < 6; i++) {
            const res = await admin.post('/api/Products', {
              nameAr: `خاصية ${randomUUID().slice(0, 6)}`,
              variants: [
                {
                  barcodes: [`INV-${randomUUID().slice(0, 10)}`],
                  sellPrice: 1000 + i * 250,
                  avgCost: 600,
                  openingStock: [{ inventoryId, quantity: 5 }],
                },
              ],
            });
            variants.push(res.body.variants[0].id);
          }
          const sales: { id: string; lineId: string; cashier: number }[] = [];
          const statuses: number[] = [];
          for (const op of script) {
            let status = 0;
            if (op.kind === 'sale') {
              const res = await cashiers[op.cashier].post('/api/Sales', {
                id: randomUUID(),
                customerId: op.credit ? customerId : undefined,
                lines: [
                  { variantId: variants[op.variant], quantity: op.qty, discount: op.discount },
                ],
                payments: op.credit ? [] : [{ methodId: cash, amount: 100_000 }],
              });
              status = res.status;
              if (res.status === 201)
                sales.push({ id: res.body.id, lineId: res.body.lines[0].id, cashier: op.cashier });
            } else if (op.kind === 'return' && sales.length) {
              const sale = sales[op.pick % sales.length];
              const res = await cashiers[sale.cashier].post(`/api/invoices/${sale.id}/returns`, {
                id: randomUUID(),
                lines: [{ saleLineId: sale.lineId, quantity: op.qty }],
              });
              status = res.status;
            } else if (op.kind === 'adjust') {
              const res = await admin.post('/api/StockAdjustments', {
                inventoryId,
                reason: 'adjustment',
                lines: [{ variantId: variants[op.variant], quantity: op.delta }],
              });
              status = res.status;
            } else if (op.kind === 'pay') {
              const res = await admin.post(`/api/Customers/${customerId}/payments`, {
                id: randomUUID(),
                methodId: cash,
                amount: op.amount,
              });
              status = res.status;
            }
            if (status) statuses.push(status);
          }
          expect(statuses.filter((s) => s >= 500)).toEqual([]);
          const stock = await t.ds.query(
            `SELECT s.variant_id FROM stock_levels s LEFT JOIN stock_movements m ON m.variant_id = s.variant_id AND m.inventory_id = s.inventory_id
            GROUP BY s.variant_id, s.inventory_id, s.on_hand HAVING s.on_hand <> COALESCE(sum(m.quantity), 0)`,
          );
          expect(stock).toEqual([]);
          const negative = await t.ds.query(
            `SELECT s.variant_id FROM stock_levels s JOIN inventories i ON i.id = s.inventory_id WHERE NOT i.allow_negative AND s.on_hand < 0`,
          );
          expect(negative).toEqual([]);
          const reserved = await t.ds.query(
            'SELECT variant_id FROM stock_levels WHERE reserved < 0 OR reserved > GREATEST(on_hand, 0)',
          );
          expect(reserved).toEqual([]);
          const customers = await t.ds.query(
            `SELECT c.id FROM customers c LEFT JOIN customer_ledger l ON l.customer_id = c.id GROUP BY c.id, c.balance HAVING c.balance <> COALESCE(sum(l.amount), 0)`,
          );
          expect(customers).toEqual([]);
          const invoices = await t.ds.query(
            `SELECT i.id FROM sales_invoices i JOIN sale_lines l ON l.invoice_id = i.id GROUP BY i.id, i.total, i.paid_total, i.due_amount
            HAVING i.total <> sum(l.line_total) OR i.paid_total + i.due_amount <> i.total`,
          );
          expect(invoices).toEqual([]);
          const returns = await t.ds.query(
            'SELECT id FROM sale_lines WHERE returned_quantity > quantity OR returned_quantity < 0',
          );
          expect(returns).toEqual([]);
        }),
        { numRuns: runs, seed: Number(process.env.FC_SEED ?? 20261122) },
      );
      // The full form is 10,000 operations through HTTP: minutes, not the default two.
    },
    FULL ? 20 * 60_000 : 120_000,
  );
});
