import { randomUUID } from 'node:crypto';
import type { TransferAction } from '@pos/contracts';
import { Client, createTestApp, openOwnShift, type TestApp } from './support/app';

// Issue 13 item 4: stock that moves without a sale is posted in the command's transaction by the
// accounting subscriber to the stock events: opening stock, adjustments (shrinkage / gain), a
// stock-taking, a transfer (through goods in transit) and an edited average cost (revaluation).
// The inventory account of each branch follows Σ(on hand × average cost) of the stock ledger.
describe('automatic stock postings', () => {
  let t: TestApp;
  let admin: Client;
  let b1: string;
  let b2: string;
  let inv1: string;
  let inv2: string;
  let cash: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = new Client(t.app);
    await admin.signIn('admin');
    [{ branch_id: b1 }] = await t.ds.query(`SELECT branch_id FROM users WHERE username = 'admin'`);
    [{ branch_id: b2 }] = await t.ds.query(
      `SELECT branch_id FROM users WHERE username = 'storekeeper'`,
    );
    [{ id: inv1 }] = await t.ds.query(
      'SELECT id FROM inventories WHERE branch_id = $1 AND is_default',
      [b1],
    );
    [{ id: inv2 }] = await t.ds.query(
      'SELECT id FROM inventories WHERE branch_id = $1 AND is_default',
      [b2],
    );
    cash = (await admin.get('/api/PaymentMethods')).body.find(
      (m: { type: string }) => m.type === 'cash',
    ).id;
  });
  afterAll(async () => {
    await t.close();
  });

  /** A product with one variant at this average cost and opening stock; its ids. */
  const product = async (avgCost: number, opening: { inventoryId: string; quantity: number }[]) => {
    const res = await admin.post('/api/Products', {
      nameAr: `صنف مخزون ${randomUUID().slice(0, 8)}`,
      vatRate: 14,
      variants: [
        {
          barcodes: [`S-${randomUUID().slice(0, 12)}`],
          sellPrice: 11400,
          minSellPrice: 0,
          avgCost,
          openingStock: opening,
        },
      ],
    });
    expect(res.status).toBe(201);
    return { productId: res.body.id as string, variantId: res.body.variants[0].id as string };
  };
  const adjust = async (body: object) => {
    const res = await admin.post('/api/StockAdjustments', body);
    expect(res.status).toBe(201);
    return res.body.id as string;
  };

  type Line = { account: string; debit: number; credit: number; branch: string | null };
  /** Every line posted for a document, sorted. */
  const posted = async (sourceType: string, sourceId: string): Promise<Line[]> =>
    (
      await t.ds.query(
        `SELECT a.system_key AS account, l.debit, l.credit, l.branch_id AS branch
           FROM journal_lines l JOIN journal_entries e ON e.id = l.entry_id JOIN accounts a ON a.id = l.account_id
          WHERE e.source_type = $1 AND e.source_id = $2
          ORDER BY e.number, a.system_key, l.debit, l.credit`,
        [sourceType, sourceId],
      )
    ).map((r: Record<string, string>) => ({
      account: r.account,
      debit: Number(r.debit),
      credit: Number(r.credit),
      branch: r.branch,
    }));
  const line = (account: string, debit: number, credit: number, branch: string): Line => ({
    account,
    debit,
    credit,
    branch,
  });

  /** Per branch: the inventory account's balance and the stock ledger's value at average cost. */
  const books = async () => {
    const rows: { branch_id: string; booked: string; stock: string }[] = await t.ds.query(
      `SELECT b.id AS branch_id,
              (SELECT COALESCE(sum(l.debit - l.credit), 0) FROM journal_lines l JOIN accounts a ON a.id = l.account_id
                WHERE a.system_key = 'inventory' AND l.branch_id = b.id)::bigint AS booked,
              (SELECT COALESCE(sum(round(s.on_hand * v.avg_cost)), 0) FROM stock_levels s
                 JOIN inventories i ON i.id = s.inventory_id JOIN variants v ON v.id = s.variant_id
                WHERE i.branch_id = b.id)::bigint AS stock
         FROM branches b ORDER BY b.id`,
    );
    return new Map(
      rows.map((r) => [r.branch_id, { booked: Number(r.booked), stock: Number(r.stock) }]),
    );
  };
  const transit = async () =>
    Number(
      (
        await t.ds.query(
          `SELECT COALESCE(sum(l.debit - l.credit), 0)::bigint AS n FROM journal_lines l
             JOIN accounts a ON a.id = l.account_id WHERE a.system_key = 'inventory_in_transit'`,
        )
      )[0].n,
    );

  const act = (id: string, action: TransferAction, body: object = {}) =>
    admin.post(`/api/TransferRequests/${id}/${action}`, body);
  const transfer = async (variantId: string, quantity: number) => {
    const res = await admin.post('/api/TransferRequests', {
      fromInventoryId: inv1,
      toInventoryId: inv2,
      lines: [{ variantId, quantity }],
    });
    expect(res.status).toBe(201);
    expect((await act(res.body.id, 'approve')).status).toBe(200);
    const shipped = await act(res.body.id, 'ship');
    expect(shipped.status).toBe(200);
    return { id: res.body.id as string, lineId: shipped.body.lines[0].id as string };
  };

  it('posts opening stock against opening balances and adjustments against shrinkage, at average cost', async () => {
    // 20 pieces at 60.00 enter with the new product: 1,200.00 of opening stock.
    const { productId, variantId } = await product(6000, [{ inventoryId: inv1, quantity: 20 }]);
    expect(await posted('product', productId)).toEqual([
      line('inventory', 120000, 0, b1),
      line('opening_balances', 0, 120000, b1),
    ]);
    // Three lost (180.00), then counted back up from 17 to 19 (a gain of 120.00).
    const loss = await adjust({
      inventoryId: inv1,
      reason: 'adjustment',
      lines: [{ variantId, quantity: -3 }],
    });
    expect(await posted('stock_adjustment', loss)).toEqual([
      line('inventory', 0, 18000, b1),
      line('shrinkage', 18000, 0, b1),
    ]);
    // The journal list links the adjustment to its inventory (it has no screen of its own).
    const listed = await admin.get(
      `/api/JournalEntries?sourceType=stock_adjustment&sourceId=${loss}`,
    );
    expect(listed.body).toMatchObject([{ sourceId: loss, sourceParentId: inv1 }]);
    const gain = await adjust({
      inventoryId: inv1,
      reason: 'adjustment',
      lines: [{ variantId, countedQuantity: 19 }],
    });
    expect(await posted('stock_adjustment', gain)).toEqual([
      line('inventory', 12000, 0, b1),
      line('shrinkage', 0, 12000, b1),
    ]);
    // An opening balance entered later by adjustment: 5 more pieces, 300.00.
    const opening = await adjust({
      inventoryId: inv1,
      reason: 'opening',
      lines: [{ variantId, quantity: 5 }],
    });
    expect(await posted('stock_adjustment', opening)).toEqual([
      line('inventory', 30000, 0, b1),
      line('opening_balances', 0, 30000, b1),
    ]);
    // Without a cost there is nothing to post, and nothing is.
    const free = await product(0, [{ inventoryId: inv1, quantity: 4 }]);
    expect(await posted('product', free.productId)).toEqual([]);
  });

  it('posts a stock-taking as one entry with a line per direction', async () => {
    const inv = await admin.post('/api/Inventories', {
      branchId: b1,
      name: `مخزن جرد قيود ${randomUUID().slice(0, 6)}`,
    });
    expect(inv.status).toBe(201);
    const a = await product(5000, [{ inventoryId: inv.body.id, quantity: 10 }]);
    const b = await product(2500, [{ inventoryId: inv.body.id, quantity: 4 }]);
    const st = await admin.post('/api/StockTakings', { inventoryId: inv.body.id, scope: 'all' });
    expect(st.status).toBe(201);
    const count = (variantId: string, quantity: number) =>
      admin.post(`/api/StockTakings/${st.body.id}/counts`, { variantId, quantity });
    expect((await count(a.variantId, 8)).status).toBe(201);
    expect((await count(b.variantId, 5)).status).toBe(201);
    expect((await admin.post(`/api/StockTakings/${st.body.id}/submit`, {})).status).toBe(200);
    const done = await admin.post(`/api/StockTakings/${st.body.id}/post`, {});
    expect(done.status).toBe(200);
    expect(done.body.varianceValue).toBe(-7500);
    // Two missing at 50.00 (100.00), one found at 25.00.
    expect(await posted('stock_taking', st.body.id)).toEqual([
      line('inventory', 0, 10000, b1),
      line('inventory', 2500, 0, b1),
      line('shrinkage', 0, 2500, b1),
      line('shrinkage', 10000, 0, b1),
    ]);
    const [{ number }] = await t.ds.query(
      `SELECT source_number AS number FROM journal_entries WHERE source_id = $1`,
      [st.body.id],
    );
    expect(number).toBe(st.body.number);
  });

  it('moves a transfer through goods in transit: no profit or loss but what did not arrive', async () => {
    const { variantId } = await product(6000, [{ inventoryId: inv1, quantity: 10 }]);
    const transitBefore = await transit();
    const tr = await transfer(variantId, 6);
    // Shipped: 360.00 leaves branch 1's inventory for the transit account (the destination's);
    // each branch's part balances on the inter-branch current account (branch 2 owes branch 1).
    expect(await posted('transfer', tr.id)).toEqual([
      line('inter_branch', 0, 36000, b2),
      line('inter_branch', 36000, 0, b1),
      line('inventory', 0, 36000, b1),
      line('inventory_in_transit', 36000, 0, b2),
    ]);
    expect(await transit()).toBe(transitBefore + 36000);
    const received = await act(tr.id, 'receive', {
      lines: [{ lineId: tr.lineId, receivedQuantity: 5, reason: 'قطعة مكسورة' }],
    });
    expect(received.status).toBe(200);
    // Received 5 (300.00) into branch 2; the sixth piece (60.00) is shrinkage at the destination.
    expect((await posted('transfer', tr.id)).slice(4)).toEqual([
      line('inventory', 30000, 0, b2),
      line('inventory_in_transit', 0, 36000, b2),
      line('shrinkage', 6000, 0, b2),
    ]);
    expect(await transit()).toBe(transitBefore);
  });

  it('revalues the stock on hand when the average cost is edited, branch by branch', async () => {
    const { productId, variantId } = await product(6000, [
      { inventoryId: inv1, quantity: 10 },
      { inventoryId: inv2, quantity: 4 },
    ]);
    const edited = await admin.patch(`/api/Products/variants/${variantId}`, { avgCost: 6550 });
    expect(edited.status).toBe(200);
    // 10 × 5.50 in branch 1, 4 × 5.50 in branch 2.
    expect(await posted('variant', variantId)).toEqual([
      line('inventory', 2200, 0, b2),
      line('inventory', 5500, 0, b1),
      line('inventory_revaluation', 0, 2200, b2),
      line('inventory_revaluation', 0, 5500, b1),
    ]);
    const listed = await admin.get(`/api/JournalEntries?sourceType=variant&sourceId=${variantId}`);
    expect(listed.body).toMatchObject([{ sourceParentId: productId }]);
    // A price edit without a cost change posts nothing more.
    expect(
      (await admin.patch(`/api/Products/variants/${variantId}`, { sellPrice: 12000 })).status,
    ).toBe(200);
    expect(await posted('variant', variantId)).toHaveLength(4);
  });

  it('keeps each branch’s inventory account equal to its stock at average cost through sales, returns, adjustments, a stock-taking, transfers and a cost edit', async () => {
    const before = await books();
    const transitBefore = await transit();
    const x = await product(6000, [
      { inventoryId: inv1, quantity: 30 },
      { inventoryId: inv2, quantity: 5 },
    ]);
    const y = await product(1234, [{ inventoryId: inv1, quantity: 12 }]);

    // Sales and a return at branch 1.
    await openOwnShift(t, admin, 'admin', b1, 80);
    const sale = await admin.post('/api/Sales', {
      id: randomUUID(),
      lines: [
        { variantId: x.variantId, quantity: 4 },
        { variantId: y.variantId, quantity: 3 },
      ],
      payments: [{ methodId: cash, amount: 4 * 11400 + 3 * 11400 }],
    });
    expect(sale.status).toBe(201);
    const xLine = sale.body.lines.find((l: { variantId: string }) => l.variantId === x.variantId);
    expect(
      (
        await admin.post(`/api/invoices/${sale.body.id}/returns`, {
          id: randomUUID(),
          lines: [{ saleLineId: xLine.id, quantity: 1 }],
        })
      ).status,
    ).toBe(201);
    // Adjustments, a cost edit while a transfer travels, the transfer received short.
    await adjust({
      inventoryId: inv1,
      reason: 'adjustment',
      lines: [{ variantId: y.variantId, quantity: -2 }],
    });
    await adjust({
      inventoryId: inv2,
      reason: 'adjustment',
      lines: [{ variantId: x.variantId, quantity: 1 }],
    });
    const travelling = await transfer(x.variantId, 7);
    expect(
      (await admin.patch(`/api/Products/variants/${x.variantId}`, { avgCost: 6333 })).status,
    ).toBe(200);
    expect(
      (
        await act(travelling.id, 'receive', {
          lines: [{ lineId: travelling.lineId, receivedQuantity: 6, reason: 'عجز' }],
        })
      ).status,
    ).toBe(200);
    // A second transfer stays in transit.
    await transfer(y.variantId, 2);
    // A stock-taking of branch 2's inventory for x: 13 counted.
    const st = await admin.post('/api/StockTakings', { inventoryId: inv2, scope: 'all' });
    expect(st.status).toBe(201);
    expect(
      (
        await admin.post(`/api/StockTakings/${st.body.id}/counts`, {
          variantId: x.variantId,
          quantity: 10,
        })
      ).status,
    ).toBe(201);
    expect((await admin.post(`/api/StockTakings/${st.body.id}/submit`, {})).status).toBe(200);
    expect((await admin.post(`/api/StockTakings/${st.body.id}/post`, {})).status).toBe(200);

    const after = await books();
    for (const branch of [b1, b2]) {
      const a = after.get(branch)!;
      const b = before.get(branch)!;
      expect([branch, a.booked - b.booked]).toEqual([branch, a.stock - b.stock]);
    }
    // The second transfer's 2 × 12.34 is in transit; the first left nothing there.
    expect(await transit()).toBe(transitBefore + 2468);
    const [{ d, c }] = await t.ds.query(
      'SELECT sum(debit)::bigint AS d, sum(credit)::bigint AS c FROM journal_lines',
    );
    expect(d).toBe(c);
  });
});
