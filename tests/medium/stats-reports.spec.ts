import { randomUUID } from 'node:crypto';
import type { ReportResultDto } from '@pos/contracts';
import { Client, createTestApp, createUserWith, openOwnShift, type TestApp } from './support/app';

// The stock, tax, expense and balance reports (issue 19, part B) of /api/Reports/{key}: on a
// branch of their own, each report's figures equal a hand computation; the permission keys open
// each report and hide the figures at cost.
describe('stock, VAT, expense and balance reports', () => {
  let t: TestApp;
  let admin: Client;
  let branchId: string;
  let inventoryId: string;
  let cash: string;
  let today: string;
  let a: string;
  let c: string;
  let saleNumber: string;

  const as = async (permissions: Parameters<typeof createUserWith>[1]) => {
    const u = await createUserWith(t.ds, permissions, { branchId });
    const client = new Client(t.app);
    expect((await client.signIn(u.username, u.password)).status).toBe(200);
    return { ...u, c: client };
  };
  const report = async (client: Client, key: string, query: Record<string, string> = {}) => {
    const res = await client.get(
      `/api/Reports/${key}?${new URLSearchParams({ branchId, ...query }).toString()}`,
    );
    expect({ key, status: res.status }).toEqual({ key, status: 200 });
    return res.body as ReportResultDto;
  };
  const product = async (
    categoryId: string,
    price: number,
    cost: number,
    stock: number,
    vat = 0,
  ) => {
    const res = await admin.post('/api/Products', {
      nameAr: `صنف مخزون ${randomUUID().slice(0, 8)}`,
      categoryId,
      vatRate: vat,
      variants: [
        {
          barcodes: [`V-${randomUUID().slice(0, 12)}`],
          sellPrice: price,
          minSellPrice: Math.round(price * 0.5),
          avgCost: cost,
          openingStock: [{ inventoryId, quantity: stock }],
        },
      ],
    });
    expect(res.status).toBe(201);
    return res.body.variants[0].id as string;
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = new Client(t.app);
    await admin.signIn('admin');
    const branch = await admin.post('/api/Branch', {
      name: `فرع مخزون ${randomUUID().slice(0, 6)}`,
    });
    expect(branch.status).toBe(201);
    branchId = branch.body.id;
    [{ id: inventoryId }] = await t.ds.query(
      'SELECT id FROM inventories WHERE branch_id = $1 AND is_default',
      [branchId],
    );
    const methods: { id: string; type: string }[] = (await admin.get('/api/PaymentMethods')).body;
    cash = methods.find((m) => m.type === 'cash')!.id;
    [{ today }] = await t.ds.query(
      `SELECT to_char((now() AT TIME ZONE COALESCE((SELECT time_zone FROM store_settings WHERE id = 1), 'Africa/Cairo'))::date, 'YYYY-MM-DD') AS today`,
    );
    const category = (
      await admin.post('/api/Categories', { name: `فئة مخزون ${randomUUID().slice(0, 6)}` })
    ).body;
    // A 3000 (cost 1800) × 50 and B 5000 (cost 3000) × 20 at 0% VAT; C 11400 (cost 7000) × 5 at 14%.
    a = await product(category.id, 3000, 1800, 50);
    await product(category.id, 5000, 3000, 20);
    c = await product(category.id, 11_400, 7_000, 5, 14);
    const seller = await as(['can_return_products']);
    await openOwnShift(t, seller.c, seller.username, branchId, 10);
    // Sale: 2 × A (6000) + 1 × C (11400 with 1400 VAT at 14%), cash; return 1 × A (3000).
    const sale = await seller.c.post('/api/Sales', {
      id: randomUUID(),
      lines: [
        { variantId: a, quantity: 2 },
        { variantId: c, quantity: 1 },
      ],
      payments: [{ methodId: cash, amount: 17_400 }],
    });
    expect(sale.status).toBe(201);
    expect(sale.body.vatTotal).toBe(1_400);
    saleNumber = sale.body.number;
    const ret = await seller.c.post(`/api/invoices/${sale.body.id}/returns`, {
      id: randomUUID(),
      lines: [{ saleLineId: sale.body.lines[0].id, quantity: 1 }],
    });
    expect(ret.status).toBe(201);
  });
  afterAll(() => t?.close());

  it('values each inventory at cost and at price; the cost only with can_see_buy_price', async () => {
    const r = await report(admin, 'InventoryValuation');
    // On hand: A 49, B 20, C 4.
    expect(r.rows).toEqual([
      expect.objectContaining({
        variants: 3,
        quantity: 73,
        cost_value: 49 * 1800 + 20 * 3000 + 4 * 7000,
        price_value: 49 * 3000 + 20 * 5000 + 4 * 11_400,
        expected_margin: 49 * 1200 + 20 * 2000 + 4 * 4400,
      }),
    ]);
    const keeper = await as(['can_see_inventories', 'can_see_profit']);
    const hidden = await report(keeper.c, 'InventoryValuation');
    expect(hidden.columns.map((col) => col.key)).toEqual([
      'inventory',
      'branch',
      'variants',
      'quantity',
      'price_value',
    ]);
    expect(Object.keys(hidden.rows[0])).not.toContain('cost_value');
    const cashier = await as(['can_see_products']);
    expect((await cashier.c.get('/api/Reports/InventoryValuation')).status).toBe(403);
  });

  it('lists one item’s movements with the balance after each', async () => {
    const r = await report(admin, 'StockMovement', { variantId: a, from: today, to: today });
    expect(
      r.rows.map((row) => [row.reason, row.quantity_in, row.quantity_out, row.balance_after]),
    ).toEqual([
      ['رصيد افتتاحي', 50, 0, 50],
      ['بيع', 0, 2, 48],
      ['مرتجع بيع', 1, 0, 49],
    ]);
    expect(r.rows[1].reference).toBe(saleNumber);
    expect(r.rows.every((row) => typeof row.user === 'string' && row.user !== '')).toBe(true);
    // Only the report's columns leave the server (not the look-up keys of the late columns).
    expect(Object.keys(r.rows[0]).sort()).toEqual(r.columns.map((c) => c.key).sort());
    expect(r.totals).toMatchObject({ quantity_in: 51, quantity_out: 2 });
    // A page of one (the late columns looked up for it), and the order by a late column.
    const second = await report(admin, 'StockMovement', {
      variantId: a,
      from: today,
      to: today,
      limit: '1',
      offset: '1',
    });
    expect(second.count).toBe(3);
    expect(second.rows.map((row) => [row.reason, row.reference])).toEqual([['بيع', saleNumber]]);
    const byReference = await report(admin, 'StockMovement', {
      variantId: a,
      from: today,
      to: today,
      sort: '-reference',
    });
    const refs = byReference.rows.map((row) => row.reference as string | null);
    expect(refs).toEqual([...refs].sort((x, y) => (y ?? '').localeCompare(x ?? '')));
    expect(refs).toContain(saleNumber);
    const none = await report(admin, 'StockMovement', { from: today, to: today });
    expect(none.rows).toEqual([]);
  });

  it('finds the items in stock with no sale in N days', async () => {
    const r = await report(admin, 'DeadStock', { days: '30' });
    // A and C sold today; B never.
    expect(r.rows).toEqual([
      expect.objectContaining({
        sku: expect.any(String),
        quantity: 20,
        last_sale: null,
        cost_value: 60_000,
        price_value: 100_000,
      }),
    ]);
  });

  it('sums output and input VAT per month', async () => {
    // An expense of 1000 + 140 VAT in the branch (input VAT), and a voided one (ignored).
    const [{ id: vaultId }] = await t.ds.query(
      'SELECT id FROM vaults WHERE branch_id = $1 AND is_main',
      [branchId],
    );
    const catId = randomUUID();
    await t.ds.query('INSERT INTO expense_categories (id, name) VALUES ($1, $2)', [
      catId,
      `بند ${catId.slice(0, 8)}`,
    ]);
    const expense = (amount: number, vat: number, void_ = false) =>
      t.ds.query(
        `INSERT INTO expenses (id, number, status, expense_date, branch_id, category_id, vault_id, amount, vat, total, voided_at)
         VALUES ($1, $2, $3, $4::date, $5, $6, $7, $8, $9, $8::bigint + $9::bigint, $10)`,
        [
          randomUUID(),
          `EX-${randomUUID().slice(0, 12)}`,
          void_ ? 'void' : 'recorded',
          today,
          branchId,
          catId,
          vaultId,
          amount,
          vat,
          void_ ? new Date() : null,
        ],
      );
    await expense(1000, 140);
    await expense(500, 0);
    await expense(9000, 1260, true);
    const owner = await as(['can_see_totals', 'can_use_date_filter', 'can_see_expenses']);
    const vat = await report(owner.c, 'Vat', { from: today, to: today });
    // Sales 6000 + 11400 − 3000 back = 14400, of which 1400 VAT.
    expect(vat.rows).toEqual([
      {
        month: today.slice(0, 7),
        sales_base: 13_000,
        output_vat: 1_400,
        purchases_base: 0,
        purchases_vat: 0,
        expenses_vat: 140,
        input_vat: 140,
        net_vat: 1_260,
      },
    ]);
    expect(vat.totals).toMatchObject({ output_vat: 1_400, input_vat: 140, net_vat: 1_260 });
    const noTotals = await as(['can_see_expenses']);
    expect((await noTotals.c.get('/api/Reports/Vat')).status).toBe(403);

    const byCategory = await report(owner.c, 'ExpensesByCategory', { from: today, to: today });
    expect(byCategory.rows).toEqual([
      {
        category: `بند ${catId.slice(0, 8)}`,
        expenses: 2,
        amount: 1_500,
        vat: 140,
        total: 1_640,
        share: 100,
      },
    ]);
  });

  it('lists customer balances, and vendor balances only with can_see_vendors', async () => {
    const customer = await admin.post('/api/Customers', {
      name: `عميل رصيد ${randomUUID().slice(0, 6)}`,
      phone: '01012345678',
    });
    expect(customer.status).toBe(201);
    await t.ds.query('UPDATE customers SET balance = 12345 WHERE id = $1', [customer.body.id]);
    const vendorName = `مورد رصيد ${randomUUID().slice(0, 6)}`;
    await t.ds.query(
      'INSERT INTO vendors (id, name, search_text, balance) VALUES ($1, $2, $2, 500)',
      [randomUUID(), vendorName],
    );
    const debts = await as(['can_see_customer_depts']);
    const mine = await report(debts.c, 'Balances', { limit: '1000' });
    expect(mine.rows).toContainEqual(
      expect.objectContaining({ party: 'عميل', name: customer.body.name, balance: 12_345 }),
    );
    expect(mine.rows.some((r) => r.name === vendorName)).toBe(false);
    const both = await as(['can_see_customer_depts', 'can_see_vendors']);
    const all = await report(both.c, 'Balances', { limit: '1000' });
    expect(all.rows).toContainEqual(
      expect.objectContaining({ party: 'مورد', name: vendorName, balance: 500 }),
    );
    const vendorsOnly = await report(both.c, 'Balances', { party: 'vendor', limit: '1000' });
    expect(vendorsOnly.rows.every((r) => r.party === 'مورد')).toBe(true);
    const nobody = await as(['can_see_customers']);
    expect((await nobody.c.get('/api/Reports/Balances')).status).toBe(403);
    // The balances were set by hand (no ledger, no posting): put them back for the suites that
    // compare the books with the parties' ledgers in this shared database.
    await t.ds.query('UPDATE customers SET balance = 0 WHERE id = $1', [customer.body.id]);
    await t.ds.query('DELETE FROM vendors WHERE name = $1', [vendorName]);
  });
});
