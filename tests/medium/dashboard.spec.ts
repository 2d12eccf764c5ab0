import { v7 as uuidv7 } from 'uuid';
import type { DashboardDto } from '@pos/contracts';
import { Client, createTestApp, createUserWith, type TestApp } from './support/app';

// GET /api/Dashboard (issue 6): the branch's business day, each part only with its permission.
describe('GET /api/Dashboard', () => {
  let t: TestApp;
  let branchId: string;
  let otherBranchId: string;
  let inventoryId: string;

  const as = async (permissions: Parameters<typeof createUserWith>[1], branch?: string) => {
    const u = await createUserWith(t.ds, permissions, { branchId: branch ?? branchId });
    const c = new Client(t.app);
    expect((await c.signIn(u.username, u.password)).status).toBe(200);
    return { ...u, c };
  };
  const read = async (c: Client, query = ''): Promise<DashboardDto> => {
    const res = await c.get(`/api/Dashboard${query}`);
    expect(res.status).toBe(200);
    return res.body as DashboardDto;
  };

  beforeAll(async () => {
    t = await createTestApp();
    [{ id: branchId }, { id: otherBranchId }] = await t.ds.query(
      'SELECT id FROM branches ORDER BY created_at LIMIT 2',
    );
    [{ id: inventoryId }] = await t.ds.query(
      'SELECT id FROM inventories WHERE branch_id = $1 ORDER BY is_default DESC LIMIT 1',
      [branchId],
    );
  });
  afterAll(() => t?.close());

  it('needs a session', async () => {
    expect((await t.http.get('/api/Dashboard')).status).toBe(401);
  });

  it('shows the day’s sales, payments per method, open shifts with totals, recent sales and the low count', async () => {
    const manager = await as([
      'can_see_invoices',
      'can_see_invoices_totals',
      'can_see_profit',
      'view_all_shifts',
      'can_see_shift_totals',
      'can_see_near_end_products',
    ]);
    const cashier = await as(['can_see_invoices']);
    const before = await read(manager.c);
    expect(before.salesAvailable).toBe(true);
    expect(before.branchId).toBe(branchId);

    // One open shift of the cashier with two sales paid in cash and card, one partly refunded.
    const cash = uuidv7();
    const card = uuidv7();
    await t.ds.query(
      `INSERT INTO payment_methods (id, name_ar, name_en, type, sort_order) VALUES ($1, $2, 'Cash T', 'cash', 900), ($3, $4, 'Card T', 'card', 901)`,
      [cash, `نقدي ${cash.slice(-6)}`, card, `بطاقة ${card.slice(-6)}`],
    );
    const shiftId = uuidv7();
    await t.ds.query(
      `INSERT INTO shifts (id, branch_id, register, cashier_id, opening_cash) VALUES ($1, $2, $3, $4, 50000)`,
      [shiftId, branchId, 900 + Math.floor(Math.random() * 9000), cashier.id],
    );
    const sell = async (total: number, cost: number, payments: [string, number][]) => {
      const id = uuidv7();
      await t.ds.query(
        `INSERT INTO sales_invoices (id, number, branch_id, inventory_id, shift_id, cashier_id, subtotal, line_discount_total,
            invoice_discount, vat_total, total, cost_total, paid_total, change_due, due_amount, request_hash)
         VALUES ($1, $2, $3, $4, $5, $6, $7, 0, 0, 0, $7, $8, $7, 0, 0, 'h')`,
        [id, `T-${id.slice(-12)}`, branchId, inventoryId, shiftId, cashier.id, total, cost],
      );
      for (const [methodId, amount] of payments) {
        await t.ds.query(
          `INSERT INTO sale_payments (id, invoice_id, method_id, amount, shift_id, branch_id) VALUES ($1, $2, $3, $4, $5, $6)`,
          [uuidv7(), id, methodId, amount, shiftId, branchId],
        );
      }
      return id;
    };
    const first = await sell(10_000, 6_000, [[cash, 10_000]]);
    const second = await sell(5_050, 3_000, [
      [cash, 2_050],
      [card, 3_000],
    ]);
    const returnId = uuidv7();
    await t.ds.query(
      `INSERT INTO sale_returns (id, number, invoice_id, branch_id, shift_id, cashier_id, total, cost_total, request_hash)
       VALUES ($1, $2, $3, $4, $5, $6, 1000, 600, 'h')`,
      [returnId, `R-${returnId.slice(-12)}`, first, branchId, shiftId, cashier.id],
    );
    await t.ds.query(
      `INSERT INTO sale_payments (id, invoice_id, method_id, amount, kind, return_id, shift_id, branch_id) VALUES ($1, $2, $3, 1000, 'refund', $4, $5, $6)`,
      [uuidv7(), first, cash, returnId, shiftId, branchId],
    );

    const after = await read(manager.c);
    expect(after.invoiceCount! - before.invoiceCount!).toBe(2);
    expect(after.sales! - before.sales!).toBe(15_050);
    expect(after.returns! - before.returns!).toBe(1_000);
    expect(after.net! - before.net!).toBe(14_050);
    expect(after.profit! - before.profit!).toBe(15_050 - 9_000 - (1_000 - 600));
    expect(after.averageBasket).toBe(Math.round(after.sales! / after.invoiceCount!));
    expect(after.byMethod!.filter((m) => m.methodId === cash || m.methodId === card)).toEqual([
      {
        methodId: cash,
        methodName: `نقدي ${cash.slice(-6)}`,
        methodNameEn: 'Cash T',
        amount: 11_050,
      },
      {
        methodId: card,
        methodName: `بطاقة ${card.slice(-6)}`,
        methodNameEn: 'Card T',
        amount: 3_000,
      },
    ]);
    const shift = after.openShifts.find((s) => s.shiftId === shiftId)!;
    expect(shift).toMatchObject({ cashierId: cashier.id, openingCash: 50_000 });
    expect(shift.totals).toEqual({
      invoiceCount: 2,
      sales: 15_050,
      returns: 1_000,
      byMethod: [
        { methodId: cash, methodName: `نقدي ${cash.slice(-6)}`, amount: 11_050 },
        { methodId: card, methodName: `بطاقة ${card.slice(-6)}`, amount: 3_000 },
      ],
    });
    expect(after.recentSales!.slice(0, 2).map((s) => [s.invoiceId, s.total])).toEqual([
      [second, 5_050],
      [first, 10_000],
    ]);
    expect(typeof after.lowStockCount).toBe('number');

    // The cashier: counts and their own shift, no money figures, no low list.
    const mine = await read(cashier.c);
    expect(mine.invoiceCount).toBe(after.invoiceCount);
    for (const key of [
      'sales',
      'returns',
      'net',
      'averageBasket',
      'byMethod',
      'profit',
      'lowStockCount',
    ] as const)
      expect(mine[key]).toBeUndefined();
    expect(mine.recentSales!.find((s) => s.invoiceId === second)).not.toHaveProperty('total');
    expect(mine.openShifts.map((s) => s.shiftId)).toEqual([shiftId]);
    expect(mine.openShifts[0]).not.toHaveProperty('totals');

    // view_all_shifts without can_see_shift_totals: every open shift, no totals.
    const supervisor = await as(['view_all_shifts']);
    const seen = await read(supervisor.c);
    expect(seen.openShifts.find((s) => s.shiftId === shiftId)).not.toHaveProperty('totals');
    expect(seen.invoiceCount).toBeUndefined();
    expect(seen.recentSales).toBeUndefined();

    // Another branch's user sees nothing of it, and may not ask for this branch.
    const elsewhere = await as(
      ['can_see_invoices', 'can_see_invoices_totals', 'view_all_shifts', 'can_see_shift_totals'],
      otherBranchId,
    );
    const theirs = await read(elsewhere.c);
    expect(theirs.branchId).toBe(otherBranchId);
    expect(theirs.openShifts.find((s) => s.shiftId === shiftId)).toBeUndefined();
    expect(theirs.recentSales!.find((s) => s.invoiceId === first)).toBeUndefined();
    expect((await elsewhere.c.get(`/api/Dashboard?branchId=${branchId}`)).status).toBe(403);
    // can_see_branches may.
    const owner = await as(['can_see_branches', 'can_see_invoices'], otherBranchId);
    expect(
      (await read(owner.c, `?branchId=${branchId}`)).recentSales!.some(
        (s) => s.invoiceId === first,
      ),
    ).toBe(true);
    await t.ds.query('UPDATE shifts SET status = $1, closed_at = now() WHERE id = $2', [
      'closed',
      shiftId,
    ]);
  });

  it('answers without the sales figures (not a 500) while a sales table is missing', async () => {
    const manager = await as([
      'can_see_invoices',
      'can_see_invoices_totals',
      'can_see_near_end_products',
    ]);
    await t.ds.query('ALTER TABLE sale_returns RENAME TO sale_returns_hidden_by_test');
    try {
      const res = await manager.c.get('/api/Dashboard');
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ branchId, salesAvailable: false, openShifts: [] });
      expect(res.body.sales).toBeUndefined();
      expect(typeof res.body.lowStockCount).toBe('number');
    } finally {
      await t.ds.query('ALTER TABLE sale_returns_hidden_by_test RENAME TO sale_returns');
    }
  });
});
