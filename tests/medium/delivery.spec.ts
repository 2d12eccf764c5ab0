import { randomUUID } from 'node:crypto';
import {
  Client,
  createTestApp,
  createUserWith,
  freeRegister,
  tableCounts,
  type TestApp,
} from './support/app';
import { bookViolations, customerOpenItems } from './support/invariants';

// Issue 18 item 3: delivery orders against the real database — the status table (legal moves and
// illegal ones refused with 409, nothing written), drivers, cash on delivery and its settlement
// into a vault (equal to what was collected, with the journal lines), failed orders bringing the
// stock back through the sale's return.
describe('delivery', () => {
  let t: TestApp;
  let admin: Client;
  let cashier: Client;
  let driverA: Client & { id: string };
  let driverB: Client & { id: string };
  let branchId: string;
  let inventoryId: string;
  let vaultId: string;
  let cash: string;
  let customerId: string;

  const signIn = async (user: { username: string; password: string }) => {
    const c = new Client(t.app, 'en');
    await c.signIn(user.username, user.password);
    return c;
  };
  const driver = async () => {
    const user = await createUserWith(t.ds, []);
    await t.ds.query(
      `UPDATE users SET role_id = (SELECT id FROM roles WHERE is_driver ORDER BY name LIMIT 1) WHERE id = $1`,
      [user.id],
    );
    return Object.assign(await signIn(user), { id: user.id });
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = new Client(t.app, 'en');
    await admin.signIn('admin');
    [{ branch_id: branchId }] = await t.ds.query(
      `SELECT branch_id FROM users WHERE username = 'admin'`,
    );
    [{ id: inventoryId }] = await t.ds.query(
      'SELECT id FROM inventories WHERE branch_id = $1 AND is_default',
      [branchId],
    );
    [{ id: vaultId }] = await t.ds.query(
      `SELECT id FROM vaults WHERE branch_id = $1 AND is_main AND type = 'cash'`,
      [branchId],
    );
    cash = (await admin.get('/api/PaymentMethods')).body.find(
      (m: { type: string }) => m.type === 'cash',
    ).id;
    customerId = (await admin.post('/api/Customers', { name: `عميل توصيل ${randomUUID()}` })).body
      .id;
    const user = await createUserWith(t.ds, ['can_grant_credit', 'can_return_products']);
    cashier = await signIn(user);
    const register = await freeRegister(t.ds, branchId, 60);
    expect((await cashier.post('/api/Shift/open', { openingCash: 0, register })).status).toBe(201);
    driverA = await driver();
    driverB = await driver();
  });
  afterAll(async () => {
    await t.close();
  });

  const product = async (stock: number, price = 10000) => {
    const res = await admin.post('/api/Products', {
      nameAr: `صنف توصيل ${randomUUID().slice(0, 8)}`,
      variants: [
        {
          barcodes: [`D-${randomUUID().slice(0, 12)}`],
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
  const sale = async (variantId: string, quantity: number, paid: number) => {
    const res = await cashier.post('/api/Sales', {
      id: randomUUID(),
      customerId,
      lines: [{ variantId, quantity }],
      payments: paid ? [{ methodId: cash, amount: paid }] : [],
    });
    expect(res.status).toBe(201);
    return res.body.id as string;
  };
  const order = async (saleId: string, fee: number) => {
    const res = await cashier.post('/api/Delivery', {
      id: randomUUID(),
      saleId,
      address: 'القاهرة، مدينة نصر، شارع عباس العقاد 12',
      phone: '01001234567',
      area: 'مدينة نصر',
      fee,
    });
    expect(res.status).toBe(201);
    return res.body as { id: string; codAmount: number; status: string };
  };
  const step = (c: Client, id: string, action: string, extra = {}) =>
    c.post(`/api/Delivery/${id}/step`, { action, ...extra });
  const balance = async (table: 'customers' | 'vaults', id: string) =>
    Number((await t.ds.query(`SELECT balance FROM ${table} WHERE id = $1`, [id]))[0].balance);
  const journal = async (type: string, id: string) =>
    (
      await t.ds.query(
        `SELECT COALESCE(a.system_key, 'vault') AS account, l.debit, l.credit
           FROM journal_lines l JOIN journal_entries e ON e.id = l.entry_id JOIN accounts a ON a.id = l.account_id
          WHERE e.source_type = $1 AND e.source_id = $2 ORDER BY l.line_no`,
        [type, id],
      )
    ).map((r: Record<string, string>) => ({
      account: r.account,
      debit: Number(r.debit),
      credit: Number(r.credit),
    }));
  const noWrite = async (work: () => Promise<unknown>) => {
    const before = await tableCounts(t.ds, ['sessions', 'outbox']);
    await work();
    expect(await tableCounts(t.ds, ['sessions', 'outbox'])).toEqual(before);
  };

  it('moves an order through assigned, out and delivered, refusing every illegal move', async () => {
    const variantId = await product(5);
    const saleId = await sale(variantId, 1, 4000); // 6 000 left due on the customer
    const customerBefore = await balance('customers', customerId);
    const o = await order(saleId, 1500);
    expect(o).toMatchObject({ status: 'pending', codAmount: 7500 });
    // found by the customer's name (the app's Arabic search), the area and the invoice number
    for (const q of ['عميل توصيل', 'مدينه نصر'])
      expect(
        (await cashier.get(`/api/Delivery?q=${encodeURIComponent(q)}`)).body.map(
          (r: { id: string }) => r.id,
        ),
      ).toContain(o.id);
    const dup = await cashier.post('/api/Delivery', {
      id: randomUUID(),
      saleId,
      address: 'x',
      phone: '01001234567',
      fee: 0,
    });
    expect(dup.status).toBe(409);
    expect(dup.body.code).toBe('DELIVERY_ALREADY_EXISTS');

    for (const action of ['dispatch', 'deliver', 'return'])
      await noWrite(async () => {
        const res = await step(cashier, o.id, action);
        expect(res.status).toBe(409);
        expect(res.body.code).toBe('DELIVERY_ILLEGAL_TRANSITION');
      });
    await noWrite(async () => {
      const notDriver = await step(cashier, o.id, 'assign', { driverId: randomUUID() });
      expect(notDriver.status).toBe(400);
      expect(notDriver.body.code).toBe('DELIVERY_DRIVER_INVALID');
    });
    expect((await step(cashier, o.id, 'assign', { driverId: driverA.id })).body.status).toBe(
      'assigned',
    );
    // the driver sees it on their own list and moves it
    const mine = await driverA.get('/api/Delivery?mine=true');
    expect(mine.body.map((r: { id: string }) => r.id)).toContain(o.id);
    expect((await driverB.get('/api/Delivery?mine=true')).body).toEqual([]);
    expect((await step(driverA, o.id, 'dispatch')).body.status).toBe('out_for_delivery');
    const delivered = await step(driverA, o.id, 'deliver');
    expect(delivered.body).toMatchObject({ status: 'delivered', collected: 7500 });
    expect(delivered.body.events.map((e: { to: string }) => e.to)).toEqual([
      'pending',
      'assigned',
      'out_for_delivery',
      'delivered',
    ]);
    expect(await balance('customers', customerId)).toBe(customerBefore - 6000);
    expect(await journal('delivery', o.id)).toEqual([
      { account: 'driver_cash', debit: 7500, credit: 0 },
      { account: 'customers', debit: 0, credit: 6000 },
      // the fee includes the store's services VAT (14 %): 15 × 14 / 114 = 1.84
      { account: 'other_income', debit: 0, credit: 1316 },
      { account: 'vat_output', debit: 0, credit: 184 },
    ]);
    await noWrite(async () => {
      expect((await step(driverA, o.id, 'fail')).status).toBe(409);
    });
  });

  it('a role flagged as a driver role in the role editor makes its users drivers', async () => {
    const role = await admin.post('/api/Roles', { name: `مندوب ${randomUUID()}`, permissions: [] });
    expect(role.status).toBe(201);
    expect(role.body.isDriver).toBe(false);
    const user = await createUserWith(t.ds, [], { branchId });
    await t.ds.query('UPDATE users SET role_id = $2 WHERE id = $1', [user.id, role.body.id]);
    const o = await order(await sale(await product(2), 1, 10000), 500);
    const refused = await step(cashier, o.id, 'assign', { driverId: user.id });
    expect(refused.body.code).toBe('DELIVERY_DRIVER_INVALID');
    const flagged = await admin.patch(`/api/Roles/${role.body.id}`, { isDriver: true });
    expect(flagged.status).toBe(200);
    expect(flagged.body.isDriver).toBe(true);
    const drivers = await cashier.get('/api/Delivery/drivers');
    expect(drivers.body.map((d: { id: string }) => d.id)).toContain(user.id);
    expect((await step(cashier, o.id, 'assign', { driverId: user.id })).body.status).toBe(
      'assigned',
    );
  });

  it("settles a driver's cash into the vault: exactly the cash on delivery collected", async () => {
    const variantId = await product(5);
    const orders = [
      await order(await sale(variantId, 1, 10000), 2000),
      await order(await sale(variantId, 2, 5000), 1000),
    ];
    for (const o of orders) {
      await step(cashier, o.id, 'assign', { driverId: driverB.id });
      await step(driverB, o.id, 'dispatch');
      expect((await step(driverB, o.id, 'deliver')).status).toBe(200);
    }
    const collected = orders.reduce((s, o) => s + o.codAmount, 0);
    expect(collected).toBe(2000 + 15000 + 1000);
    // only the vault keeper reads balances and settles
    expect((await driverB.get('/api/Delivery/balances')).status).toBe(403);
    const owed = (await admin.get('/api/Delivery/balances')).body.find(
      (b: { driverId: string }) => b.driverId === driverB.id,
    );
    expect(owed).toMatchObject({ owed: collected, orders: 2 });
    const vaultBefore = await balance('vaults', vaultId);
    const id = randomUUID();
    const settled = await admin.post('/api/Delivery/settlements', {
      id,
      driverId: driverB.id,
      vaultId,
    });
    expect(settled.status).toBe(201);
    expect(settled.body).toMatchObject({ amount: collected, orders: 2 });
    expect(await balance('vaults', vaultId)).toBe(vaultBefore + collected);
    expect(await journal('delivery_settlement', id)).toEqual([
      { account: 'vault', debit: collected, credit: 0 },
      { account: 'driver_cash', debit: 0, credit: collected },
    ]);
    // driver cash for these orders nets to zero in the books
    const [{ net }] = await t.ds.query(
      `SELECT COALESCE(sum(l.debit - l.credit), 0)::bigint AS net FROM journal_lines l
         JOIN journal_entries e ON e.id = l.entry_id JOIN accounts a ON a.id = l.account_id
        WHERE a.system_key = 'driver_cash' AND (e.source_id = ANY($1) OR e.source_id = $2)`,
      [orders.map((o) => o.id), id],
    );
    expect(Number(net)).toBe(0);
    expect(
      (await admin.get('/api/Delivery/balances')).body.some(
        (b: { driverId: string }) => b.driverId === driverB.id,
      ),
    ).toBe(false);
    const again = await admin.post('/api/Delivery/settlements', {
      id: randomUUID(),
      driverId: driverB.id,
      vaultId,
    });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('DELIVERY_NOTHING_TO_SETTLE');
  });

  it('brings the stock back when an order fails (the sale is returned), once', async () => {
    const variantId = await product(3);
    const saleId = await sale(variantId, 2, 0);
    const o = await order(saleId, 500);
    await step(cashier, o.id, 'assign', { driverId: driverA.id });
    await step(driverA, o.id, 'dispatch');
    // the driver cannot return a sale
    await noWrite(async () => {
      expect((await step(driverA, o.id, 'fail')).status).toBe(403);
    });
    const customerBefore = await balance('customers', customerId);
    const failed = await step(cashier, o.id, 'fail', { note: 'العميل لا يرد' });
    expect(failed.status).toBe(200);
    expect(failed.body.status).toBe('failed');
    const [level] = await t.ds.query(
      'SELECT on_hand FROM stock_levels WHERE variant_id = $1 AND inventory_id = $2',
      [variantId, inventoryId],
    );
    expect(Number(level.on_hand)).toBe(3);
    const [inv] = await t.ds.query('SELECT status FROM sales_invoices WHERE id = $1', [saleId]);
    expect(inv.status).toBe('returned');
    // the debt of the returned sale is gone from the customer
    expect(await balance('customers', customerId)).toBe(customerBefore - 20000);
    await noWrite(async () => {
      expect((await step(cashier, o.id, 'return')).status).toBe(409);
    });
  });

  // Issue 30 item 21: cash on delivery is not credit.
  it('books a cash-on-delivery sale without the credit permission: the driver owes it until settled, a failed delivery returns it', async () => {
    const user = await createUserWith(t.ds, ['can_return_products']);
    const till = await signIn(user);
    const register = await freeRegister(t.ds, branchId, 70);
    expect((await till.post('/api/Shift/open', { openingCash: 0, register })).status).toBe(201);
    const variantId = await product(4);
    const codSale = (cod: boolean) =>
      till.post('/api/Sales', {
        id: randomUUID(),
        customerId,
        lines: [{ variantId, quantity: 1 }],
        payments: [{ methodId: cash, amount: 2000 }],
        ...(cod ? { cod: true } : {}),
      });
    const customerBefore = await balance('customers', customerId);
    // without the choice it is credit, which this cashier may not grant
    const credit = await codSale(false);
    expect(credit.status).toBe(403);
    expect(credit.body.code).toBe('CREDIT_NEEDS_PERMISSION');

    // `cod` is a JSON boolean (CreateSaleDto); anything else is a 400 naming the field, nothing sold
    const bad = await till.post('/api/Sales', {
      id: randomUUID(),
      customerId,
      lines: [{ variantId, quantity: 1 }],
      payments: [{ methodId: cash, amount: 2000 }],
      cod: 'yes',
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('cod');

    const sold = await codSale(true);
    expect(sold.status).toBe(201);
    const saleId = sold.body.id as string;
    expect(sold.body.dueAmount).toBe(8000);
    // SaleDto says it is cash on delivery (the receipt and the sale page show it), on every read
    expect(sold.body.cod).toBe(true);
    expect((await admin.get(`/api/invoices/${saleId}`)).body.cod).toBe(true);
    const listed = (await admin.get('/api/invoices?pageSize=20')).body as {
      id: string;
      cod: boolean;
    }[];
    expect(listed.find((x) => x.id === saleId)?.cod).toBe(true);
    expect(listed.filter((x) => x.id !== saleId).every((x) => typeof x.cod === 'boolean')).toBe(
      true,
    );
    expect(await balance('customers', customerId)).toBe(customerBefore);
    expect(
      await t.ds.query('SELECT 1 FROM customer_ledger WHERE reference_id = $1', [saleId]),
    ).toEqual([]);
    expect(
      (await journal('sale', saleId)).filter((l: { account: string }) =>
        ['customers', 'cod_receivable'].includes(l.account),
      ),
    ).toEqual([{ account: 'cod_receivable', debit: 8000, credit: 0 }]);
    expect(await bookViolations(t, customerOpenItems([]))).toEqual({});

    const driverC = await driver();
    const o = await order(saleId, 1500);
    expect(o.codAmount).toBe(9500);
    await step(till, o.id, 'assign', { driverId: driverC.id });
    await step(driverC, o.id, 'dispatch');
    const delivered = await step(driverC, o.id, 'deliver');
    expect(delivered.body).toMatchObject({ status: 'delivered', collected: 9500 });
    expect(await balance('customers', customerId)).toBe(customerBefore);
    expect(await journal('delivery', o.id)).toEqual([
      { account: 'cod_receivable', debit: 1500, credit: 0 },
      { account: 'other_income', debit: 0, credit: 1316 },
      { account: 'vat_output', debit: 0, credit: 184 },
    ]);
    expect(await bookViolations(t, customerOpenItems([]))).toEqual({});

    const vaultBefore = await balance('vaults', vaultId);
    const id = randomUUID();
    const settled = await admin.post('/api/Delivery/settlements', {
      id,
      driverId: driverC.id,
      vaultId,
    });
    expect(settled.status).toBe(201);
    expect(settled.body).toMatchObject({ amount: 9500, orders: 1 });
    expect(await balance('vaults', vaultId)).toBe(vaultBefore + 9500);
    expect(await journal('delivery_settlement', id)).toEqual([
      { account: 'vault', debit: 9500, credit: 0 },
      { account: 'cod_receivable', debit: 0, credit: 9500 },
    ]);
    const receivable = async (ids: string[]) =>
      Number(
        (
          await t.ds.query(
            `SELECT COALESCE(sum(l.debit - l.credit), 0)::bigint AS net FROM journal_lines l
               JOIN journal_entries e ON e.id = l.entry_id JOIN accounts a ON a.id = l.account_id
              WHERE a.system_key = 'cod_receivable' AND e.source_id = ANY($1)`,
            [ids],
          )
        )[0].net,
      );
    expect(await receivable([saleId, o.id, id])).toBe(0);
    expect(await bookViolations(t, customerOpenItems([]))).toEqual({});

    // a failed delivery returns the sale: the return lowers the COD receivable, not the customer
    const failing = await codSale(true);
    expect(failing.status).toBe(201);
    const f = await order(failing.body.id, 500);
    await step(till, f.id, 'assign', { driverId: driverC.id });
    await step(driverC, f.id, 'dispatch');
    expect(await bookViolations(t, customerOpenItems([]))).toEqual({});
    const failed = await step(till, f.id, 'fail', { note: 'العميل رفض الاستلام' });
    expect(failed.status).toBe(200);
    expect(failed.body.status).toBe('failed');
    const [ret] = await t.ds.query(
      'SELECT id, total, credit_reduction FROM sale_returns WHERE invoice_id = $1',
      [failing.body.id],
    );
    expect({ total: Number(ret.total), reduced: Number(ret.credit_reduction) }).toEqual({
      total: 10000,
      reduced: 8000,
    });
    expect(await balance('customers', customerId)).toBe(customerBefore);
    const returned = await journal('return', ret.id);
    expect(returned.filter((l: { account: string }) => l.account === 'cod_receivable')).toEqual([
      { account: 'cod_receivable', debit: 0, credit: 8000 },
    ]);
    expect(returned.some((l: { account: string }) => l.account === 'customers')).toBe(false);
    expect(await receivable([failing.body.id, ret.id])).toBe(0);
    // nothing left for the driver to settle
    const none = await admin.post('/api/Delivery/settlements', {
      id: randomUUID(),
      driverId: driverC.id,
      vaultId,
    });
    expect(none.body.code).toBe('DELIVERY_NOTHING_TO_SETTLE');
    expect(await bookViolations(t, customerOpenItems([]))).toEqual({});
  });
});
