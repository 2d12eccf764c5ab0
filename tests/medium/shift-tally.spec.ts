import { randomUUID } from 'node:crypto';
import { Client, createTestApp, createUserWith, freeRegister, type TestApp } from './support/app';

// A domain-event subscriber in the command's transaction (issue 12): the shift's sales tally is
// kept by TallyShiftSalesHandler from SaleCompleted, SaleReturned, SaleEdited and
// CustomerPaymentReceived, none of whose commands name it; it always equals the shift's documents.
describe('shift sales tally (in-transaction domain-event subscriber)', () => {
  let t: TestApp;
  let admin: Client;
  let branchId: string;
  let inventoryId: string;
  let cash: string;

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
    cash = (await admin.get('/api/PaymentMethods')).body.find(
      (m: { type: string }) => m.type === 'cash',
    ).id;
  });
  afterAll(async () => {
    await t.close();
  });

  const product = async (stock: number, price: number) => {
    const res = await admin.post('/api/Products', {
      nameAr: `صنف وردية ${randomUUID().slice(0, 8)}`,
      variants: [
        {
          barcodes: [`T-${randomUUID().slice(0, 12)}`],
          sellPrice: price,
          minSellPrice: price,
          avgCost: Math.round(price * 0.6),
          openingStock: [{ inventoryId, quantity: stock }],
        },
      ],
    });
    expect(res.status).toBe(201);
    return res.body.variants[0].id as string;
  };

  const tally = async (shiftId: string) => {
    const [row] = await t.ds.query('SELECT * FROM shift_sales_tallies WHERE shift_id = $1', [
      shiftId,
    ]);
    return row
      ? {
          invoices: row.invoice_count,
          sales: Number(row.sales),
          returns: Number(row.returns),
          cost: Number(row.cost),
          returnedCost: Number(row.returned_cost),
          paymentsIn: Number(row.payments_in),
          byMethod: row.by_method as Record<string, number>,
        }
      : null;
  };
  /** The latest live `shift.totals` event of the shift, as it sits in the outbox. */
  const lastLive = async (shiftId: string) => {
    const [row] = await t.ds.query(
      `SELECT payload FROM outbox WHERE type = 'shift.totals' AND payload->>'shiftId' = $1
        ORDER BY seq DESC LIMIT 1`,
      [shiftId],
    );
    return row.payload.totals as {
      sales: number;
      returns: number;
      invoiceCount: number;
      byMethod: { methodId: string; amount: number }[];
    };
  };
  /** The same figures summed from the shift's documents. */
  const fromDocuments = async (shiftId: string) => {
    const [row] = await t.ds.query(
      `SELECT (SELECT count(*)::int FROM sales_invoices WHERE shift_id = $1) AS invoices,
              (SELECT COALESCE(sum(total), 0)::bigint FROM sales_invoices WHERE shift_id = $1) AS sales,
              (SELECT COALESCE(sum(total), 0)::bigint FROM sale_returns WHERE shift_id = $1) AS returns,
              (SELECT COALESCE(sum(cost_total), 0)::bigint FROM sales_invoices WHERE shift_id = $1) AS cost,
              (SELECT COALESCE(sum(cost_total), 0)::bigint FROM sale_returns WHERE shift_id = $1) AS returned_cost,
              (SELECT COALESCE(-sum(amount), 0)::bigint FROM customer_ledger WHERE shift_id = $1 AND type = 'payment') AS payments_in,
              (SELECT COALESCE(jsonb_object_agg(method_id, net), '{}'::jsonb)
                 FROM (SELECT method_id, sum(CASE WHEN kind = 'refund' THEN -amount ELSE amount END)::bigint AS net
                         FROM sale_payments WHERE shift_id = $1 GROUP BY 1) p) AS by_method`,
      [shiftId],
    );
    return {
      invoices: row.invoices,
      sales: Number(row.sales),
      returns: Number(row.returns),
      cost: Number(row.cost),
      returnedCost: Number(row.returned_cost),
      paymentsIn: Number(row.payments_in),
      byMethod: row.by_method as Record<string, number>,
    };
  };

  it('follows sales, a return, an edit and a payment on account, and a refused sale leaves it alone', async () => {
    const user = await createUserWith(t.ds, [
      'can_return_products',
      'can_see_customers',
      'can_grant_credit',
      'can_take_advance',
    ]);
    const c = new Client(t.app);
    await c.signIn(user.username, user.password);
    const register = await freeRegister(t.ds, branchId, 60);
    const opened = await c.post('/api/Shift/open', { openingCash: 10000, register });
    expect(opened.status).toBe(201);
    const shiftId = opened.body.id as string;

    const a = await product(10, 3000);
    const b = await product(10, 5000);
    const first = (
      await c.post('/api/Sales', {
        id: randomUUID(),
        lines: [{ variantId: a, quantity: 2 }],
        payments: [{ methodId: cash, amount: 6000 }],
      })
    ).body;
    expect(await tally(shiftId)).toEqual({
      invoices: 1,
      sales: 6000,
      returns: 0,
      cost: 3600,
      returnedCost: 0,
      paymentsIn: 0,
      byMethod: { [cash]: 6000 },
    });
    expect(await lastLive(shiftId)).toEqual({
      sales: 6000,
      returns: 0,
      invoiceCount: 1,
      byMethod: [{ methodId: cash, amount: 6000 }],
    });

    const customer = (await c.post('/api/Customers', { name: 'عميل وردية' })).body;
    const second = (
      await c.post('/api/Sales', {
        id: randomUUID(),
        customerId: customer.id,
        lines: [{ variantId: b, quantity: 1 }],
        payments: [],
      })
    ).body;
    expect(
      (
        await c.post(`/api/invoices/${first.id}/returns`, {
          id: randomUUID(),
          lines: [{ saleLineId: first.lines[0].id, quantity: 1 }],
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await admin.patch(`/api/invoices/${second.id}`, {
          lines: [{ variantId: b, quantity: 2 }],
          payments: [{ methodId: cash, amount: 10000 }],
          reason: 'قطعة ثانية',
        })
      ).status,
    ).toBe(200);
    expect(
      // the edit left nothing owed: taken as an advance (issue 30), into the shift all the same
      (
        await c.post(`/api/Customers/${customer.id}/payments`, {
          id: randomUUID(),
          methodId: cash,
          amount: 1500,
          advance: true,
        })
      ).status,
    ).toBe(201);

    // A sale the server refuses (more than in stock) changes nothing.
    const refused = await c.post('/api/Sales', {
      id: randomUUID(),
      lines: [{ variantId: a, quantity: 50 }],
      payments: [{ methodId: cash, amount: 150000 }],
    });
    expect(refused.status).toBe(400);

    const expected = await fromDocuments(shiftId);
    expect(expected).toEqual({
      invoices: 2,
      sales: 16000,
      returns: 3000,
      cost: 9600,
      returnedCost: 1800,
      paymentsIn: 1500,
      // 6,000 in, 3,000 refunded; the edit paid 10,000 for the sale on account
      byMethod: { [cash]: 6000 - 3000 + 10000 },
    });
    expect(await tally(shiftId)).toEqual(expected);
    // The live totals the edit sent (the last command that changes them) are the documents'.
    expect(await lastLive(shiftId)).toEqual({
      sales: expected.sales,
      returns: expected.returns,
      invoiceCount: expected.invoices,
      byMethod: [{ methodId: cash, amount: expected.byMethod[cash] }],
    });

    // The X report (summed from documents) agrees with the tally's figures.
    const report = (await admin.get(`/api/Shift/${shiftId}`)).body;
    expect(report.totals).toMatchObject({
      invoiceCount: 2,
      sales: 16000,
      returns: 3000,
      profit: 16000 - 9600 - (3000 - 1800),
    });
  });
});
