import { randomUUID } from 'node:crypto';
import type { PermissionKey, StockTakingLineDto, StockTakingResponseDto } from '@pos/contracts';
import { Client, createTestApp, createUserWith, type TestApp } from './support/app';

describe('stock-taking', () => {
  let t: TestApp;
  let admin: Client;
  let b1: string;
  let cash: string;
  let counterA: Client;
  let counterB: Client;
  let register = 60;

  const signedIn = async (permissions: PermissionKey[]) => {
    const u = await createUserWith(t.ds, permissions, { branchId: b1 });
    const c = new Client(t.app);
    await c.signIn(u.username, u.password);
    return Object.assign(c, { userId: u.id });
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = new Client(t.app);
    await admin.signIn('admin');
    [{ branch_id: b1 }] = await t.ds.query(`SELECT branch_id FROM users WHERE username = 'admin'`);
    cash = (await admin.get('/api/PaymentMethods')).body.find(
      (m: { type: string }) => m.type === 'cash',
    ).id;
    counterA = await signedIn(['can_start_stock_taking', 'can_see_buy_price']);
    counterB = await signedIn(['can_start_stock_taking']);
  });
  afterAll(async () => {
    await t.close();
  });

  /** A fresh inventory of branch 1 and a category of its own, so each test counts only its items. */
  const place = async () => {
    const inv = await admin.post('/api/Inventories', {
      branchId: b1,
      name: `مخزن جرد ${randomUUID().slice(0, 6)}`,
    });
    expect(inv.status).toBe(201);
    const cat = await admin.post('/api/Categories', {
      name: `قسم جرد ${randomUUID().slice(0, 6)}`,
    });
    expect(cat.status).toBe(201);
    return { inventoryId: inv.body.id as string, categoryId: cat.body.id as string };
  };
  const product = async (
    p: { inventoryId: string; categoryId: string },
    stock: number,
    avgCost = 5000,
  ) => {
    const barcode = `C${randomUUID().replace(/-/g, '').slice(0, 12)}`;
    const res = await admin.post('/api/Products', {
      nameAr: `صنف جرد ${randomUUID().slice(0, 8)}`,
      // By weight: the counts below add fractions (counted goods take whole numbers, issue 11).
      unit: 'kg',
      categoryId: p.categoryId,
      variants: [
        {
          barcodes: [barcode],
          sellPrice: 10000,
          minSellPrice: 8000,
          avgCost,
          openingStock: stock ? [{ inventoryId: p.inventoryId, quantity: stock }] : [],
        },
      ],
    });
    expect(res.status).toBe(201);
    return { id: res.body.variants[0].id as string, barcode };
  };
  const start = async (p: { inventoryId: string; categoryId: string }, by: Client = counterA) => {
    const res = await by.post('/api/StockTakings', {
      inventoryId: p.inventoryId,
      scope: 'categories',
      categoryIds: [p.categoryId],
    });
    expect(res.status).toBe(201);
    return res.body as StockTakingResponseDto;
  };
  const onHand = async (variantId: string, inventoryId: string) =>
    Number(
      (
        await t.ds.query(
          'SELECT on_hand FROM stock_levels WHERE variant_id = $1 AND inventory_id = $2',
          [variantId, inventoryId],
        )
      )[0]?.on_hand ?? 0,
    );
  const lines = async (id: string, filter = 'all', by: Client = counterA) => {
    const res = await by.get(`/api/StockTakings/${id}/lines?filter=${filter}`);
    expect(res.status).toBe(200);
    return res.body as StockTakingLineDto[];
  };
  const ledgerAgrees = async () =>
    t.ds.query(
      `SELECT s.variant_id FROM stock_levels s LEFT JOIN stock_movements m ON m.variant_id = s.variant_id AND m.inventory_id = s.inventory_id
        GROUP BY s.variant_id, s.inventory_id, s.on_hand HAVING s.on_hand <> COALESCE(sum(m.quantity), 0)`,
    );

  it('runs open → review → open → review → posted and refuses illegal transitions with a localised 409', async () => {
    const p = await place();
    const a = await product(p, 10);
    const b = await product(p, 4);
    const st = await start(p);
    expect(st).toMatchObject({ state: 'open', total: 2, counted: 0, scope: 'categories' });
    expect(st.number).toMatch(/^B\d{2}-ST-\d{6}$/);
    // One active session per inventory.
    const again = await counterB.post('/api/StockTakings', {
      inventoryId: p.inventoryId,
      scope: 'all',
    });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('STOCKTAKING_ALREADY_OPEN');

    const illegal = async (action: string, state: string) => {
      const res = await counterA.post(
        `/api/StockTakings/${st.id}/${action}`,
        action === 'counts' ? { variantId: a.id, quantity: 1 } : {},
      );
      expect([action, state, res.status]).toEqual([action, state, 409]);
      expect(res.body.code).toBe('STOCKTAKING_ILLEGAL_TRANSITION');
      expect(res.body.message).toContain(st.number);
    };
    await illegal('post', 'open');
    await illegal('reopen', 'open');
    expect(
      (
        await counterA.post(`/api/StockTakings/${st.id}/counts`, {
          barcode: a.barcode,
          quantity: 9,
        })
      ).status,
    ).toBe(201);
    expect((await counterA.post(`/api/StockTakings/${st.id}/submit`, {})).body.state).toBe(
      'review',
    );
    await illegal('counts', 'review');
    await illegal('submit', 'review');
    expect((await counterA.post(`/api/StockTakings/${st.id}/reopen`, {})).body.state).toBe('open');
    expect(
      (await counterA.post(`/api/StockTakings/${st.id}/counts`, { variantId: b.id, quantity: 4 }))
        .status,
    ).toBe(201);
    expect((await counterA.post(`/api/StockTakings/${st.id}/submit`, {})).body.state).toBe(
      'review',
    );
    const posted = await counterA.post(`/api/StockTakings/${st.id}/post`, {});
    expect(posted.status).toBe(200);
    expect(posted.body).toMatchObject({
      state: 'posted',
      counted: 2,
      differences: 1,
      varianceValue: -5000,
    });
    for (const action of ['counts', 'submit', 'reopen', 'post', 'cancel'])
      await illegal(action, 'posted');
    expect(await onHand(a.id, p.inventoryId)).toBe(9);
    expect(await onHand(b.id, p.inventoryId)).toBe(4);
    const moves = await t.ds.query(
      `SELECT variant_id, quantity::float AS q, reason FROM stock_movements WHERE reference_id = $1`,
      [st.id],
    );
    expect(moves).toEqual([{ variant_id: a.id, q: -1, reason: 'stocktaking' }]);

    // cancel from open and from review; a cancelled session takes nothing more.
    const st2 = await start(p);
    expect((await counterB.post(`/api/StockTakings/${st2.id}/cancel`, {})).body.state).toBe(
      'cancelled',
    );
    const en = new Client(t.app, 'en');
    await en.signIn('admin');
    const late = await en.agent
      .post(`/api/StockTakings/${st2.id}/submit`)
      .set('X-CSRF-Token', en.csrf)
      .set('Cookie', 'locale=en')
      .send({});
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(`Not possible: stock-taking ${st2.number} was cancelled`);
    // Every step on a cancelled session is refused, and it writes nothing.
    const untouched = () =>
      t.ds.query(
        `SELECT st.state, st.cancelled_at, (SELECT count(*)::int FROM stock_taking_counts WHERE stock_taking_id = st.id) AS counts,
                (SELECT count(*)::int FROM stock_taking_lines WHERE stock_taking_id = st.id AND counted_quantity IS NOT NULL) AS counted,
                (SELECT count(*)::int FROM stock_movements WHERE reference_id = st.id) AS moves
           FROM stock_takings st WHERE st.id = $1`,
        [st2.id],
      );
    const cancelledBefore = await untouched();
    for (const action of ['counts', 'submit', 'reopen', 'post', 'cancel']) {
      const res = await counterA.post(
        `/api/StockTakings/${st2.id}/${action}`,
        action === 'counts' ? { barcode: a.barcode, quantity: 1 } : {},
      );
      expect([action, res.status]).toEqual([action, 409]);
      expect(res.body.code).toBe('STOCKTAKING_ILLEGAL_TRANSITION');
      expect(res.body.message).toContain(st2.number);
    }
    expect(await untouched()).toEqual(cancelledBefore);
    expect(cancelledBefore[0]).toMatchObject({
      state: 'cancelled',
      counts: 0,
      counted: 0,
      moves: 0,
    });
    const st3 = await start(p);
    await counterA.post(`/api/StockTakings/${st3.id}/submit`, {});
    expect((await counterA.post(`/api/StockTakings/${st3.id}/cancel`, {})).body.state).toBe(
      'cancelled',
    );
    expect(await onHand(a.id, p.inventoryId)).toBe(9);
  });

  it('adds up counts from two counters scanning at once; every count row is kept; progress is pushed', async () => {
    const p = await place();
    const a = await product(p, 50);
    await product(p, 1);
    const st = await start(p);
    const scans = (c: Client, n: number, q: number) =>
      Promise.all(
        Array.from({ length: n }, () =>
          c.post(`/api/StockTakings/${st.id}/counts`, { barcode: a.barcode, quantity: q }),
        ),
      );
    const [ra, rb] = await Promise.all([scans(counterA, 15, 1), scans(counterB, 15, 0.25)]);
    expect([...ra, ...rb].every((r) => r.status === 201)).toBe(true);
    const [line] = await lines(st.id, 'counted');
    expect(line).toMatchObject({
      variantId: a.id,
      counted: 18.75,
      countRows: 30,
      expectedAtStart: 50,
      expected: 50,
      variance: -31.25,
    });
    expect(line.varianceValue).toBe(-156250);
    const [{ n }] = await t.ds.query(
      'SELECT count(*)::int AS n FROM stock_taking_counts WHERE stock_taking_id = $1',
      [st.id],
    );
    expect(n).toBe(30);
    // A retried count (same client id) is recorded once.
    const id = randomUUID();
    expect(
      (
        await counterA.post(`/api/StockTakings/${st.id}/counts`, {
          id,
          variantId: a.id,
          quantity: 1,
        })
      ).status,
    ).toBe(201);
    const retry = await counterA.post(`/api/StockTakings/${st.id}/counts`, {
      id,
      variantId: a.id,
      quantity: 1,
    });
    expect(retry.status).toBe(200);
    expect(retry.body.line.counted).toBe(19.75);
    expect(retry.body.progress).toEqual({ counted: 1, total: 2 });
    const progress = await t.ds.query(
      `SELECT payload FROM outbox WHERE type = 'stocktaking.progress' AND payload->>'stockTakingId' = $1 ORDER BY seq DESC LIMIT 1`,
      [st.id],
    );
    expect(progress[0].payload).toEqual({
      stockTakingId: st.id,
      counted: 1,
      total: 2,
      state: 'open',
    });
    // The counter without can_see_buy_price sees no money.
    const [plain] = await lines(st.id, 'counted', counterB);
    expect(plain.varianceValue).toBeUndefined();
    expect(plain.unitCost).toBeUndefined();
    expect(
      ((await counterB.get(`/api/StockTakings/${st.id}`)).body as StockTakingResponseDto)
        .varianceValue,
    ).toBeUndefined();
    // Filters, last scans, unknown barcodes and items outside the scope.
    expect((await lines(st.id, 'uncounted')).length).toBe(1);
    expect((await lines(st.id, 'differences')).map((l) => l.variantId)).toEqual([a.id]);
    const mine = await counterB.get(`/api/StockTakings/${st.id}/counts?mine=true`);
    expect(mine.body).toHaveLength(15);
    const unknown = await counterA.post(`/api/StockTakings/${st.id}/counts`, {
      barcode: 'NO-SUCH-CODE',
      quantity: 1,
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('STOCKTAKING_UNKNOWN_BARCODE');
    const elsewhere = await product(await place(), 1);
    const outside = await counterA.post(`/api/StockTakings/${st.id}/counts`, {
      variantId: elsewhere.id,
      quantity: 1,
    });
    expect(outside.body.code).toBe('STOCKTAKING_OUT_OF_SCOPE');
    const negative = await counterA.post(`/api/StockTakings/${st.id}/counts`, {
      variantId: a.id,
      quantity: -100,
    });
    expect(negative.body.code).toBe('STOCKTAKING_NEGATIVE_COUNT');
    expect((await lines(st.id, 'counted'))[0].counted).toBe(19.75);
  });

  it('a sale during counting gives no false variance', async () => {
    const p = await place();
    const a = await product(p, 10);
    const st = await start(p);
    const cashier = await signedIn([]);
    // Registers are shared with the other suites of this database: free this one first.
    await t.ds.query(
      `UPDATE shifts SET status = 'closed', closed_at = now() WHERE status = 'open' AND register = $1`,
      [register],
    );
    expect(
      (await cashier.post('/api/Shift/open', { openingCash: 0, register: register++ })).status,
    ).toBe(201);
    const sale = await cashier.post('/api/Sales', {
      id: randomUUID(),
      inventoryId: p.inventoryId,
      lines: [{ variantId: a.id, quantity: 2 }],
      payments: [{ methodId: cash, amount: 20000 }],
    });
    expect(sale.status).toBe(201);
    // The shelf now holds 8: counted after the sale.
    await counterB.post(`/api/StockTakings/${st.id}/counts`, { barcode: a.barcode, quantity: 8 });
    const [line] = await lines(st.id);
    expect(line).toMatchObject({
      expectedAtStart: 10,
      movementsSince: -2,
      expected: 8,
      counted: 8,
      variance: 0,
    });
    expect(await lines(st.id, 'differences')).toEqual([]);
    await counterA.post(`/api/StockTakings/${st.id}/submit`, {});
    const posted = await counterA.post(`/api/StockTakings/${st.id}/post`, {});
    expect(posted.body).toMatchObject({ state: 'posted', differences: 0, varianceValue: 0 });
    expect(await onHand(a.id, p.inventoryId)).toBe(8);
    const [{ n }] = await t.ds.query(
      'SELECT count(*)::int AS n FROM stock_movements WHERE reference_id = $1',
      [st.id],
    );
    expect(n).toBe(0);
  });

  it('a sale after the item was counted gives no false variance; posting leaves on hand = counted − sold after the count', async () => {
    const p = await place();
    const a = await product(p, 10); // counted right: 10 on the shelf
    const b = await product(p, 10); // counted short: 9 on the shelf
    const st = await start(p);
    expect(
      (
        await counterA.post(`/api/StockTakings/${st.id}/counts`, {
          barcode: a.barcode,
          quantity: 10,
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await counterB.post(`/api/StockTakings/${st.id}/counts`, {
          barcode: b.barcode,
          quantity: 9,
        })
      ).status,
    ).toBe(201);
    const cashier = await signedIn([]);
    await t.ds.query(
      `UPDATE shifts SET status = 'closed', closed_at = now() WHERE status = 'open' AND register = $1`,
      [register],
    );
    expect(
      (await cashier.post('/api/Shift/open', { openingCash: 0, register: register++ })).status,
    ).toBe(201);
    // Both items are sold after their count: 2 of a, 3 of b.
    const sale = await cashier.post('/api/Sales', {
      id: randomUUID(),
      inventoryId: p.inventoryId,
      lines: [
        { variantId: a.id, quantity: 2 },
        { variantId: b.id, quantity: 3 },
      ],
      payments: [{ methodId: cash, amount: 50000 }],
    });
    expect(sale.status).toBe(201);
    expect(await onHand(a.id, p.inventoryId)).toBe(8);
    expect(await onHand(b.id, p.inventoryId)).toBe(7);
    const byVariant = new Map((await lines(st.id)).map((l) => [l.variantId, l]));
    expect(byVariant.get(a.id)).toMatchObject({
      expectedAtStart: 10,
      movementsSince: 0,
      expected: 10,
      counted: 10,
      variance: 0,
    });
    expect(byVariant.get(b.id)).toMatchObject({
      expectedAtStart: 10,
      movementsSince: 0,
      expected: 10,
      counted: 9,
      variance: -1,
      varianceValue: -5000,
    });
    expect((await lines(st.id, 'differences')).map((l) => l.variantId)).toEqual([b.id]);
    expect(
      ((await counterA.get(`/api/StockTakings/${st.id}`)).body as StockTakingResponseDto)
        .differences,
    ).toBe(1);

    await counterA.post(`/api/StockTakings/${st.id}/submit`, {});
    const posted = await counterA.post(`/api/StockTakings/${st.id}/post`, {});
    expect(posted.status).toBe(200);
    expect(posted.body).toMatchObject({ state: 'posted', differences: 1, varianceValue: -5000 });
    // The shelf holds counted − sold after the count: 10 − 2 and 9 − 3.
    expect(await onHand(a.id, p.inventoryId)).toBe(8);
    expect(await onHand(b.id, p.inventoryId)).toBe(6);
    const moves = await t.ds.query(
      `SELECT variant_id, quantity::float AS q FROM stock_movements WHERE reference_id = $1`,
      [st.id],
    );
    expect(moves).toEqual([{ variant_id: b.id, q: -1 }]);
    expect(await ledgerAgrees()).toEqual([]);
    const frozen = new Map((await lines(st.id)).map((l) => [l.variantId, l]));
    expect(frozen.get(a.id)).toMatchObject({ expected: 10, counted: 10, variance: 0 });
    expect(frozen.get(b.id)).toMatchObject({ expected: 10, counted: 9, variance: -1 });
  });

  it('posting is atomic: a failure on a later line leaves nothing posted; uncounted lines can be zeroed', async () => {
    const p = await place();
    const a = await product(p, 10);
    const b = await product(p, 10); // created after a: its movement comes after a's in the ledger's order
    const c = await product(p, 3);
    const st = await start(p);
    await counterA.post(`/api/StockTakings/${st.id}/counts`, { variantId: a.id, quantity: 7 });
    await counterA.post(`/api/StockTakings/${st.id}/counts`, { variantId: b.id, quantity: 1 });
    // An approved transfer holds 5 of b: a count of 1 cannot be posted under that reservation.
    const [{ id: inv2 }] = await t.ds.query(
      `SELECT i.id FROM inventories i JOIN users u ON u.branch_id = i.branch_id WHERE u.username = 'storekeeper' AND i.is_default`,
    );
    const tr = await admin.post('/api/TransferRequests', {
      fromInventoryId: p.inventoryId,
      toInventoryId: inv2,
      lines: [{ variantId: b.id, quantity: 5 }],
    });
    expect((await admin.post(`/api/TransferRequests/${tr.body.id}/approve`, {})).status).toBe(200);
    await counterA.post(`/api/StockTakings/${st.id}/submit`, {});
    const before = await t.ds.query(
      `SELECT (SELECT count(*)::int FROM stock_movements) AS moves, (SELECT count(*)::int FROM outbox) AS events,
              (SELECT count(*)::int FROM audit_logs WHERE entity = 'stock_taking') AS audits`,
    );
    const failed = await counterA.post(`/api/StockTakings/${st.id}/post`, {
      uncountedAsZero: true,
    });
    expect(failed.status).toBe(400);
    expect(failed.body.code).toBe('INSUFFICIENT_STOCK');
    expect(await onHand(a.id, p.inventoryId)).toBe(10);
    expect(await onHand(b.id, p.inventoryId)).toBe(10);
    expect(await onHand(c.id, p.inventoryId)).toBe(3);
    const after = await t.ds.query(
      `SELECT (SELECT count(*)::int FROM stock_movements) AS moves, (SELECT count(*)::int FROM outbox) AS events,
              (SELECT count(*)::int FROM audit_logs WHERE entity = 'stock_taking') AS audits`,
    );
    expect(after).toEqual(before);
    const state = await t.ds.query(
      `SELECT st.state, count(l.posted_variance)::int AS posted FROM stock_takings st JOIN stock_taking_lines l ON l.stock_taking_id = st.id
        WHERE st.id = $1 GROUP BY st.state`,
      [st.id],
    );
    expect(state).toEqual([{ state: 'review', posted: 0 }]);

    // Once the reservation is gone the same posting goes through, zeroing the uncounted c.
    expect((await admin.post(`/api/TransferRequests/${tr.body.id}/cancel`, {})).status).toBe(200);
    const posted = await counterA.post(`/api/StockTakings/${st.id}/post`, {
      uncountedAsZero: true,
    });
    expect(posted.status).toBe(200);
    expect(posted.body.varianceValue).toBe((-3 - 9 - 3) * 5000);
    expect(await onHand(a.id, p.inventoryId)).toBe(7);
    expect(await onHand(b.id, p.inventoryId)).toBe(1);
    expect(await onHand(c.id, p.inventoryId)).toBe(0);
    expect(await ledgerAgrees()).toEqual([]);
    const frozen = await lines(st.id, 'differences');
    expect(frozen.map((l) => [l.variantId, l.variance]).sort()).toEqual(
      [
        [a.id, -3],
        [b.id, -9],
        [c.id, -3],
      ].sort(),
    );
  });

  it('scopes sessions to the branch and the permission; lists per inventory', async () => {
    const p = await place();
    await product(p, 1);
    const st = await start(p);
    const list = await counterA.get(`/api/StockTakings?inventoryId=${p.inventoryId}`);
    expect(list.body.map((s: StockTakingResponseDto) => s.id)).toEqual([st.id]);
    expect(list.headers['x-total-count']).toBe('1');
    const [{ branch_id: b2 }] = await t.ds.query(
      `SELECT branch_id FROM users WHERE username = 'storekeeper'`,
    );
    const u2 = await createUserWith(t.ds, ['can_start_stock_taking'], { branchId: b2 });
    const other = new Client(t.app);
    await other.signIn(u2.username, u2.password);
    expect((await other.get(`/api/StockTakings/${st.id}`)).status).toBe(404);
    expect(
      (await other.post(`/api/StockTakings/${st.id}/counts`, { barcode: 'X1234', quantity: 1 }))
        .status,
    ).toBe(404);
    expect(
      (await other.post('/api/StockTakings', { inventoryId: p.inventoryId, scope: 'all' })).status,
    ).toBe(404);
    const none = await signedIn(['can_see_inventories']);
    expect((await none.get('/api/StockTakings')).status).toBe(403);
    expect(
      (await none.post(`/api/StockTakings/${st.id}/counts`, { barcode: 'X1234', quantity: 1 }))
        .status,
    ).toBe(403);
    const bad = await counterA.post('/api/StockTakings', {
      inventoryId: p.inventoryId,
      scope: 'categories',
      categoryIds: [],
    });
    expect(bad.status).toBe(400);
    await counterA.post(`/api/StockTakings/${st.id}/cancel`, {});
  });
});
