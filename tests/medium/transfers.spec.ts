import { randomUUID } from 'node:crypto';
import type { PermissionKey, TransferAction, TransferResponseDto } from '@pos/contracts';
import { Client, createTestApp, createUserWith, type TestApp } from './support/app';

describe('transfer requests', () => {
  let t: TestApp;
  let admin: Client;
  let b1: string;
  let b2: string;
  let inv1: string;
  let inv2: string;
  let cash: string;
  let source: Client; // manager of branch 1 (the source), sees totals (value at cost: with the buy price)
  let dest: Client; // storekeeper of branch 2 (the destination), no totals

  const signedIn = async (permissions: PermissionKey[], branchId: string) => {
    const u = await createUserWith(t.ds, permissions, { branchId });
    const c = new Client(t.app);
    await c.signIn(u.username, u.password);
    return Object.assign(c, { userId: u.id });
  };

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
    source = await signedIn(
      ['can_transfer_products', 'can_see_transfer_totals', 'can_see_buy_price'],
      b1,
    );
    dest = await signedIn(['can_transfer_products'], b2);
  });
  afterAll(async () => {
    await t.close();
  });

  /** A fresh product with stock at the source (and cost 6000 piasters), sold by weight (fractions allowed). */
  const product = async (stock: number) => {
    const res = await admin.post('/api/Products', {
      nameAr: `صنف تحويل ${randomUUID().slice(0, 8)}`,
      unit: 'kg',
      variants: [
        {
          barcodes: [`T-${randomUUID().slice(0, 12)}`],
          sellPrice: 10000,
          minSellPrice: 8000,
          avgCost: 6000,
          openingStock: [{ inventoryId: inv1, quantity: stock }],
        },
      ],
    });
    expect(res.status).toBe(201);
    return res.body.variants[0].id as string;
  };

  const level = async (variantId: string, inventoryId: string) => {
    const [row] = await t.ds.query(
      'SELECT on_hand::float AS on_hand, reserved::float AS reserved FROM stock_levels WHERE variant_id = $1 AND inventory_id = $2',
      [variantId, inventoryId],
    );
    return row ?? { on_hand: 0, reserved: 0 };
  };

  const ledgerAgrees = async () =>
    t.ds.query(
      `SELECT s.variant_id FROM stock_levels s LEFT JOIN stock_movements m ON m.variant_id = s.variant_id AND m.inventory_id = s.inventory_id
        GROUP BY s.variant_id, s.inventory_id, s.on_hand HAVING s.on_hand <> COALESCE(sum(m.quantity), 0)`,
    );

  const request = async (
    by: Client,
    lines: { variantId: string; quantity: number }[],
    extra: object = {},
  ) => {
    const res = await by.post('/api/TransferRequests', {
      fromInventoryId: inv1,
      toInventoryId: inv2,
      lines,
      ...extra,
    });
    expect(res.status).toBe(201);
    return res.body as TransferResponseDto;
  };
  const act = (by: Client, id: string, action: TransferAction, body: object = {}) =>
    by.post(`/api/TransferRequests/${id}/${action}`, body);

  it('runs request → approve → ship → receive with a shortage; ledger and balances agree, each step on the timeline', async () => {
    const variantId = await product(20);
    const tr = await request(dest, [{ variantId, quantity: 6 }], { note: 'للعرض' });
    expect(tr).toMatchObject({
      state: 'requested',
      fromBranchId: b1,
      toBranchId: b2,
      lineCount: 1,
      totalQuantity: 6,
    });
    expect(tr.number).toMatch(/^B\d{2}-TR-\d{6}$/);
    expect(tr.valueAtCost).toBeUndefined(); // the storekeeper lacks can_see_transfer_totals
    expect(tr.actions).toEqual(['cancel']);

    // The destination cannot approve; the source can.
    const wrong = await act(dest, tr.id, 'approve');
    expect(wrong.status).toBe(403);
    expect(wrong.body.code).toBe('TRANSFER_NOT_SOURCE');
    const approved = await act(source, tr.id, 'approve');
    expect(approved.status).toBe(200);
    expect(approved.body.state).toBe('approved');
    expect(approved.body.valueAtCost).toBe(36000);
    expect(await level(variantId, inv1)).toEqual({ on_hand: 20, reserved: 6 });

    expect((await act(dest, tr.id, 'ship')).status).toBe(403);
    const shipped = await act(source, tr.id, 'ship');
    expect(shipped.body.state).toBe('shipped');
    expect(await level(variantId, inv1)).toEqual({ on_hand: 14, reserved: 0 });

    const lineId = shipped.body.lines[0].id;
    const notDest = await act(source, tr.id, 'receive', {
      lines: [{ lineId, receivedQuantity: 6 }],
    });
    expect(notDest.status).toBe(403);
    expect(notDest.body.code).toBe('TRANSFER_NOT_DESTINATION');
    const noReason = await act(dest, tr.id, 'receive', {
      lines: [{ lineId, receivedQuantity: 4.5 }],
    });
    expect(noReason.status).toBe(400);
    expect(noReason.body.code).toBe('TRANSFER_REASON_REQUIRED');
    const received = await act(dest, tr.id, 'receive', {
      lines: [{ lineId, receivedQuantity: 4.5, reason: 'كرتونة تالفة' }],
    });
    expect(received.status).toBe(200);
    expect(received.body.state).toBe('partially_received');
    expect(received.body.lines[0]).toMatchObject({
      shippedQuantity: 6,
      receivedQuantity: 4.5,
      difference: -1.5,
      reason: 'كرتونة تالفة',
    });
    expect((await level(variantId, inv2)).on_hand).toBe(4.5);
    expect(await ledgerAgrees()).toEqual([]);
    const moves = await t.ds.query(
      `SELECT reason, inventory_id, quantity::float AS q FROM stock_movements WHERE reference_id = $1 ORDER BY at, reason`,
      [tr.id],
    );
    expect(moves).toEqual(
      expect.arrayContaining([
        { reason: 'transfer_out', inventory_id: inv1, q: -6 },
        { reason: 'transfer_in', inventory_id: inv2, q: 4.5 },
      ]),
    );
    expect(
      received.body.timeline.map((e: { action: string; userName: string | null }) => e.action),
    ).toEqual(['create', 'approve', 'ship', 'receive']);
    expect(
      received.body.timeline.every(
        (e: { userName: string | null; at: string }) => e.userName && e.at,
      ),
    ).toBe(true);

    // One live event per step, routed to both branches by the payload.
    const events = await t.ds.query(
      `SELECT type, payload FROM outbox WHERE payload->>'transferId' = $1 ORDER BY seq`,
      [tr.id],
    );
    expect(events.map((e: { type: string }) => e.type)).toEqual([
      'transfer.requested',
      'transfer.approved',
      'transfer.shipped',
      'transfer.received',
    ]);
    expect(events[3].payload).toMatchObject({
      fromBranchId: b1,
      toBranchId: b2,
      state: 'partially_received',
      number: tr.number,
    });
  });

  it('over-receipt with a reason ends received; a full receipt needs no reason', async () => {
    const a = await product(10);
    const b = await product(10);
    const tr = await request(source, [
      { variantId: a, quantity: 2 },
      { variantId: b, quantity: 3 },
    ]);
    await act(source, tr.id, 'approve');
    const shipped = (await act(source, tr.id, 'ship')).body as TransferResponseDto;
    const lineA = shipped.lines!.find((l) => l.variantId === a)!;
    const res = await act(dest, tr.id, 'receive', {
      lines: [{ lineId: lineA.id, receivedQuantity: 3, reason: 'زيادة في الشحنة' }],
    });
    expect(res.body.state).toBe('received');
    expect((await level(a, inv2)).on_hand).toBe(3);
    expect((await level(b, inv2)).on_hand).toBe(3);
    expect(await ledgerAgrees()).toEqual([]);
  });

  it('approval reserves the stock: the POS cannot sell it until the request is cancelled', async () => {
    const variantId = await product(5);
    const tr = await request(source, [{ variantId, quantity: 5 }]);
    await act(source, tr.id, 'approve');
    const cashier = await signedIn([], b1);
    // Registers are shared with the other suites of this database: free this one first.
    await t.ds.query(
      `UPDATE shifts SET status = 'closed', closed_at = now() WHERE status = 'open' AND register = 41`,
    );
    expect((await cashier.post('/api/Shift/open', { openingCash: 0, register: 41 })).status).toBe(
      201,
    );
    const sale = () =>
      cashier.post('/api/Sales', {
        id: randomUUID(),
        lines: [{ variantId, quantity: 1 }],
        payments: [{ methodId: cash, amount: 10000 }],
      });
    const refused = await sale();
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('INSUFFICIENT_STOCK');
    const cancelled = await act(dest, tr.id, 'cancel', { note: 'لم نعد نحتاجه' });
    expect(cancelled.body.state).toBe('cancelled');
    expect(await level(variantId, inv1)).toEqual({ on_hand: 5, reserved: 0 });
    expect((await sale()).status).toBe(201);
  });

  it('checks availability at approval: nothing is reserved when short', async () => {
    const variantId = await product(3);
    const tr = await request(dest, [{ variantId, quantity: 4 }]);
    const res = await act(source, tr.id, 'approve');
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('INSUFFICIENT_STOCK');
    expect(res.body.message).toContain('صنف تحويل');
    expect(await level(variantId, inv1)).toEqual({ on_hand: 3, reserved: 0 });
    expect((await source.get(`/api/TransferRequests/${tr.id}`)).body.state).toBe('requested');
  });

  it('checks availability again at shipping: a shortage since approval is a 400 and nothing is written', async () => {
    // An inventory that allowed negative stock lets the balance fall under the reservation, then stops allowing it.
    const inv = await admin.post('/api/Inventories', {
      branchId: b1,
      name: `مخزن سالب ${randomUUID().slice(0, 6)}`,
      allowNegative: true,
    });
    expect(inv.status).toBe(201);
    const from = inv.body.id as string;
    const created = await admin.post('/api/Products', {
      nameAr: `صنف شحن ${randomUUID().slice(0, 8)}`,
      variants: [
        {
          barcodes: [`S-${randomUUID().slice(0, 12)}`],
          sellPrice: 10000,
          minSellPrice: 8000,
          avgCost: 6000,
          openingStock: [{ inventoryId: from, quantity: 5 }],
        },
      ],
    });
    expect(created.status).toBe(201);
    const variantId = created.body.variants[0].id as string;
    const tr = await request(source, [{ variantId, quantity: 5 }], { fromInventoryId: from });
    expect((await act(source, tr.id, 'approve')).status).toBe(200);
    expect(await level(variantId, from)).toEqual({ on_hand: 5, reserved: 5 });
    const lost = await admin.post('/api/StockAdjustments', {
      inventoryId: from,
      reason: 'adjustment',
      lines: [{ variantId, quantity: -3 }],
    });
    expect(lost.status).toBe(201);
    expect((await admin.patch(`/api/Inventories/${from}`, { allowNegative: false })).status).toBe(
      200,
    );

    const written = async () =>
      (
        await t.ds.query(
          `SELECT (SELECT count(*)::int FROM stock_movements WHERE reference_id = $1) AS moves,
                  (SELECT count(*)::int FROM transfer_request_events WHERE transfer_id = $1) AS steps,
                  (SELECT count(*)::int FROM outbox WHERE payload->>'transferId' = $1::text) AS events,
                  (SELECT count(*)::int FROM outbox WHERE type = 'stock.changed' AND payload->>'variantId' = $2::text) AS stock_events,
                  (SELECT count(*)::int FROM audit_logs WHERE entity_id = $1::text) AS audits,
                  (SELECT count(*)::int FROM transfer_request_lines WHERE transfer_id = $1 AND (shipped_quantity IS NOT NULL OR unit_cost IS NOT NULL)) AS shipped_lines`,
          [tr.id, variantId],
        )
      )[0];
    const before = await written();
    const res = await act(source, tr.id, 'ship');
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('INSUFFICIENT_STOCK');
    expect(res.body.message).toContain('صنف شحن');
    expect(await written()).toEqual(before);
    expect(before.shipped_lines).toBe(0);
    expect(await level(variantId, from)).toEqual({ on_hand: 2, reserved: 5 });
    expect((await source.get(`/api/TransferRequests/${tr.id}`)).body.state).toBe('approved');
    expect(await ledgerAgrees()).toEqual([]);
    // Dealt with by cancelling: the reservation goes, the stock stays.
    expect((await act(source, tr.id, 'cancel')).status).toBe(200);
    expect(await level(variantId, from)).toEqual({ on_hand: 2, reserved: 0 });
  });

  it('allows every legal transition and refuses every illegal one with a localised 409', async () => {
    const variantId = await product(100);
    const all: TransferAction[] = ['request', 'approve', 'reject', 'ship', 'receive', 'cancel'];
    const legal: Record<string, TransferAction[]> = {
      draft: ['request', 'cancel'],
      requested: ['approve', 'reject', 'cancel'],
      approved: ['ship', 'cancel'],
      rejected: [],
      shipped: ['receive'],
      received: [],
      partially_received: [],
      cancelled: [],
    };
    const paths: Record<string, TransferAction[]> = {
      draft: [],
      requested: ['request'],
      approved: ['request', 'approve'],
      rejected: ['request', 'reject'],
      shipped: ['request', 'approve', 'ship'],
      received: ['request', 'approve', 'ship', 'receive'],
      partially_received: ['request', 'approve', 'ship', 'receive'],
      cancelled: ['cancel'],
    };
    const body = async (id: string, action: TransferAction, short = false) => {
      if (action !== 'receive') return {};
      const { lines } = (await admin.get(`/api/TransferRequests/${id}`))
        .body as TransferResponseDto;
      return {
        lines: lines!.map((l) => ({
          lineId: l.id,
          receivedQuantity: short ? 0.5 : l.quantity,
          reason: short ? 'عجز' : undefined,
        })),
      };
    };
    const reach = async (state: string) => {
      const tr = await request(admin, [{ variantId, quantity: 1 }], { draft: true });
      expect(tr.state).toBe('draft');
      for (const step of paths[state]) {
        const res = await act(
          admin,
          tr.id,
          step,
          await body(tr.id, step, state === 'partially_received'),
        );
        expect(res.status).toBe(200);
      }
      const now = (await admin.get(`/api/TransferRequests/${tr.id}`)).body as TransferResponseDto;
      expect(now.state).toBe(state);
      return now;
    };
    for (const state of Object.keys(legal)) {
      const tr = await reach(state);
      expect(tr.actions.filter((a) => a !== 'edit').sort()).toEqual([...legal[state]].sort());
      for (const action of all.filter((a) => !legal[state].includes(a))) {
        const res = await act(admin, tr.id, action, await body(tr.id, action));
        expect([state, action, res.status]).toEqual([state, action, 409]);
        expect(res.body.code).toBe('TRANSFER_ILLEGAL_TRANSITION');
        expect(res.body.message).toContain(tr.number);
      }
      for (const action of legal[state]) {
        const fresh = await reach(state);
        const res = await act(admin, fresh.id, action, await body(fresh.id, action));
        expect([state, action, res.status]).toEqual([state, action, 200]);
      }
    }
    const en = new Client(t.app, 'en');
    await en.signIn('admin');
    const done = await reach('cancelled');
    const res = await en.agent
      .post(`/api/TransferRequests/${done.id}/approve`)
      .set('X-CSRF-Token', en.csrf)
      .set('Cookie', 'locale=en')
      .send({});
    expect(res.body.message).toBe(`Not possible: transfer request ${done.number} was cancelled`);
    expect(await ledgerAgrees()).toEqual([]);
    // Nothing stays reserved by requests that were cancelled, rejected or shipped.
    const [{ reserved }] = await t.ds.query(
      `SELECT COALESCE(sum(l.quantity), 0)::float AS reserved FROM transfer_request_lines l JOIN transfer_requests r ON r.id = l.transfer_id
        WHERE r.state = 'approved' AND l.variant_id = $1`,
      [variantId],
    );
    expect((await level(variantId, inv1)).reserved).toBe(reserved);
  });

  it('edits a draft only, and numbers per source branch', async () => {
    const a = await product(5);
    const b = await product(5);
    const draft = await request(dest, [{ variantId: a, quantity: 1 }], { draft: true });
    const edited = await dest.patch(`/api/TransferRequests/${draft.id}`, {
      lines: [
        { variantId: b, quantity: 2 },
        { variantId: b, quantity: 0.5 },
      ],
    });
    expect(edited.status).toBe(200);
    expect(edited.body.lines).toHaveLength(1);
    expect(edited.body.lines[0]).toMatchObject({ variantId: b, quantity: 2.5 });
    expect((await act(dest, draft.id, 'request')).body.state).toBe('requested');
    const late = await dest.patch(`/api/TransferRequests/${draft.id}`, { note: 'x' });
    expect(late.status).toBe(409);
    const [{ code }] = await t.ds.query('SELECT code FROM branches WHERE id = $1', [b1]);
    expect(draft.number.startsWith(`${code}-TR-`)).toBe(true);
  });

  it('scopes reads and writes to the branches involved; totals only with can_see_transfer_totals', async () => {
    const variantId = await product(5);
    const other = await admin.post('/api/Inventories', {
      branchId: b1,
      name: `مخزن ${randomUUID().slice(0, 6)}`,
    });
    expect(other.status).toBe(201);
    const inner = await source.post('/api/TransferRequests', {
      fromInventoryId: inv1,
      toInventoryId: other.body.id,
      lines: [{ variantId, quantity: 1 }],
    });
    expect(inner.status).toBe(201);
    expect(inner.body.valueAtCost).toBe(6000);
    // Branch 2 neither sees nor acts on a transfer inside branch 1.
    expect((await dest.get(`/api/TransferRequests/${inner.body.id}`)).status).toBe(404);
    expect((await act(dest, inner.body.id, 'cancel')).status).toBe(404);
    const list = await dest.get('/api/TransferRequests?pageSize=500');
    expect(list.status).toBe(200);
    expect(
      list.body.every((r: TransferResponseDto) => r.fromBranchId === b2 || r.toBranchId === b2),
    ).toBe(true);
    expect(list.body.every((r: TransferResponseDto) => r.valueAtCost === undefined)).toBe(true);
    expect(Number(list.headers['x-total-count'])).toBe(list.body.length);
    // The search box: the number, part of it, or several words (answered, the row found).
    const mine = await source.get('/api/TransferRequests?pageSize=500');
    const sample = (mine.body as TransferResponseDto[]).find((r) => r.id === inner.body.id)!;
    for (const q of [sample.number, sample.number.slice(-4), 'two words']) {
      const found = await source.get(`/api/TransferRequests?q=${encodeURIComponent(q)}`);
      expect(found.status).toBe(200);
      if (q !== 'two words')
        expect(found.body.map((r: TransferResponseDto) => r.id)).toContain(inner.body.id);
    }
    // Branch 2 cannot ask for stock between two inventories of branch 1.
    const outsider = await dest.post('/api/TransferRequests', {
      fromInventoryId: inv1,
      toInventoryId: other.body.id,
      lines: [{ variantId, quantity: 1 }],
    });
    expect(outsider.status).toBe(403);
    expect(outsider.body.code).toBe('TRANSFER_NOT_INVOLVED');
    const same = await source.post('/api/TransferRequests', {
      fromInventoryId: inv1,
      toInventoryId: inv1,
      lines: [{ variantId, quantity: 1 }],
    });
    expect(same.body.code).toBe('TRANSFER_SAME_INVENTORY');
    const empty = await source.post('/api/TransferRequests', {
      fromInventoryId: inv1,
      toInventoryId: inv2,
      lines: [],
    });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('أضف صنفًا واحدًا على الأقل لطلب التحويل');
    // Without can_transfer_products: nothing.
    const nobody = await signedIn(['can_see_inventories'], b1);
    expect((await nobody.get('/api/TransferRequests')).status).toBe(403);
    expect(
      (
        await nobody.post('/api/TransferRequests', {
          fromInventoryId: inv1,
          toInventoryId: inv2,
          lines: [{ variantId, quantity: 1 }],
        })
      ).status,
    ).toBe(403);
  });

  it('counts incoming and outgoing per state for the branch, and what waits for it', async () => {
    const variantId = await product(10);
    const before = (await dest.get('/api/TransferRequests/counts')).body;
    const tr = await request(dest, [{ variantId, quantity: 1 }]);
    const after = (await dest.get('/api/TransferRequests/counts')).body;
    expect(after.incoming.requested ?? 0).toBe((before.incoming.requested ?? 0) + 1);
    const src = (await source.get('/api/TransferRequests/counts')).body;
    expect(src.outgoing.requested).toBeGreaterThan(0);
    expect(src.pending).toBeGreaterThan(0);
    await act(source, tr.id, 'approve');
    await act(source, tr.id, 'ship');
    const waiting = (await dest.get('/api/TransferRequests/counts')).body;
    expect(waiting.pending).toBe((before.pending ?? 0) + 1);
    const incoming = await dest.get('/api/TransferRequests?direction=incoming&state=shipped');
    expect(incoming.body.some((r: TransferResponseDto) => r.id === tr.id)).toBe(true);
    // `all` counts each request of the branch once, one inside the branch too.
    const other = await admin.post('/api/Inventories', {
      branchId: b1,
      name: `مخزن داخلي ${randomUUID().slice(0, 6)}`,
    });
    const srcBefore = (await source.get('/api/TransferRequests/counts')).body;
    await request(source, [{ variantId, quantity: 1 }], { toInventoryId: other.body.id });
    const srcAfter = (await source.get('/api/TransferRequests/counts')).body;
    expect(srcAfter.all.requested).toBe((srcBefore.all.requested ?? 0) + 1);
    expect(srcAfter.incoming.requested).toBe((srcBefore.incoming.requested ?? 0) + 1);
    expect(srcAfter.outgoing.requested).toBe((srcBefore.outgoing.requested ?? 0) + 1);
  });

  it('counts for users without a branch: what they may read, and what waits on the branches they act for', async () => {
    const variantId = await product(10);
    await request(dest, [{ variantId, quantity: 1 }]);
    const byState: { state: string; n: number }[] = await t.ds.query(
      'SELECT state, count(*)::int AS n FROM transfer_requests GROUP BY state',
    );
    const everything = Object.fromEntries(byState.map((r) => [r.state, r.n]));
    const waiting = byState
      .filter((r) => ['requested', 'approved', 'shipped'].includes(r.state))
      .reduce((sum, r) => sum + r.n, 0);
    expect(waiting).toBeGreaterThan(0);

    const signedInNoBranch = async (permissions: PermissionKey[], isAdmin = false) => {
      const u = await createUserWith(t.ds, permissions, { branchId: null, isAdmin });
      const c = new Client(t.app);
      await c.signIn(u.username, u.password);
      return c;
    };
    const head = await signedInNoBranch([], true);
    const headCounts = (await head.get('/api/TransferRequests/counts')).body;
    expect(headCounts).toEqual({
      incoming: everything,
      outgoing: everything,
      all: everything,
      pending: waiting,
    });
    // The list shows the admin the same requests.
    const requested = await head.get('/api/TransferRequests?state=requested&pageSize=1');
    expect(Number(requested.headers['x-total-count'])).toBe(everything.requested);

    // can_see_branches widens reads only: the counts, but nothing waits for them.
    const auditor = await signedInNoBranch(['can_transfer_products', 'can_see_branches']);
    expect((await auditor.get('/api/TransferRequests/counts')).body).toEqual({
      incoming: everything,
      outgoing: everything,
      all: everything,
      pending: 0,
    });
    // Without a branch and without can_see_branches nothing is visible: zero, as the list.
    const nowhere = await signedInNoBranch(['can_transfer_products']);
    expect((await nowhere.get('/api/TransferRequests/counts')).body).toEqual({
      incoming: {},
      outgoing: {},
      all: {},
      pending: 0,
    });
    expect((await nowhere.get('/api/TransferRequests')).headers['x-total-count']).toBe('0');
  });
});
