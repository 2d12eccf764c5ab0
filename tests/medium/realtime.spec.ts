import Redis from 'ioredis';
import type { ChildProcess } from 'node:child_process';
import { v7 as uuidv7 } from 'uuid';
import type { LiveEvent, SaleCompletedPayload, ShiftPayload } from '@pos/contracts';
import { ApiKeysService } from '../../server/src/modules/api-keys/services/api-keys.service';
import { OutboxRelay } from '../../server/src/core/outbox/outbox-relay.service';
import { OutboxService } from '../../server/src/core/outbox/outbox.service';
import { LiveGateway } from '../../server/src/core/realtime/live.gateway';
import { realtimeNames } from '../../server/src/core/realtime/realtime.config';
import { createUserWith } from './support/app';
import {
  connectLive,
  LiveClient,
  sessionCookie,
  sleep,
  startListeningApp,
  startRedis,
  stopRedis,
  waitFor,
  type ListeningApp,
} from './support/live';
import { closeAll } from '../support-wait';

// Issue 6 acceptance: outbox → relay → Redis → socket.io gateway, on the real PostgreSQL and Redis.
process.env.REALTIME_SESSION_CHECK_MS = '300';
process.env.OUTBOX_SWEEP_MS = '300';

type Fixture = {
  branchA: string;
  branchB: string;
  inventoryA: string;
  inventoryB: string;
  variant: string;
  lowVariant: { id: string; threshold: number };
};

async function fixture(t: ListeningApp): Promise<Fixture> {
  const [a, b] = await t.ds.query('SELECT id FROM branches ORDER BY created_at LIMIT 2');
  const inv = async (branchId: string) =>
    (
      await t.ds.query(
        'SELECT id FROM inventories WHERE branch_id = $1 ORDER BY is_default DESC, created_at LIMIT 1',
        [branchId],
      )
    )[0].id as string;
  const [variant] = await t.ds.query(
    `SELECT v.id FROM variants v JOIN products p ON p.id = v.product_id WHERE v.active AND p.active AND v.low_stock_threshold = 0 ORDER BY v.sku LIMIT 1`,
  );
  const [low] = await t.ds.query(
    `SELECT v.id, v.low_stock_threshold::int AS threshold FROM variants v JOIN products p ON p.id = v.product_id
      WHERE v.active AND p.active AND v.low_stock_threshold >= 2 ORDER BY v.sku LIMIT 1`,
  );
  return {
    branchA: a.id,
    branchB: b.id,
    inventoryA: await inv(a.id),
    inventoryB: await inv(b.id),
    variant: variant.id,
    lowVariant: { id: low.id, threshold: low.threshold },
  };
}

/** Commit one live event the way a command handler does (OutboxService.add in a transaction). */
async function commitEvent<T extends LiveEvent['type']>(
  t: ListeningApp,
  branchId: string,
  type: T,
  payload: LiveEvent<T>['payload'],
): Promise<string> {
  const outbox = t.app.get(OutboxService);
  return t.ds.transaction((m) => outbox.add(m, branchId, type, payload));
}

/** A cashier of the first branch with an open shift on a register of their own, who sells one unit. */
async function cashierWithShift(t: ListeningApp) {
  const u = await createUserWith(t.ds, ['can_see_products']);
  const { client } = await sessionCookie(t, u.username, u.password);
  const register = 20 + Math.floor(Math.random() * 79);
  await t.ds.query(
    `UPDATE shifts SET status = 'closed', closed_at = now() WHERE status = 'open' AND register = $1`,
    [register],
  );
  const shift = await client.post('/api/Shift/open', { openingCash: 0, register });
  expect(shift.status).toBe(201);
  const [cash] = await t.ds.query(
    `SELECT id FROM payment_methods WHERE type = 'cash' AND active ORDER BY sort_order LIMIT 1`,
  );
  const sell = async (variantId: string) => {
    const [{ price }] = await t.ds.query(
      'SELECT sell_price::bigint AS price FROM variants WHERE id = $1',
      [variantId],
    );
    const res = await client.post('/api/Sales', {
      id: uuidv7(),
      lines: [{ variantId, quantity: 1 }],
      // its list price: a promotion's discount is the change (within LIMITS.maxChange)
      payments: [{ methodId: cash.id, amount: Number(price) }],
    });
    expect(res.status).toBe(201);
    return res.body as { id: string; number: string; total: number };
  };
  return { user: u, shiftId: shift.body.id as string, sell };
}

const stockPayload = (variantId: string, inventoryId: string, onHand = 1) => ({
  variantId,
  inventoryId,
  onHand,
  reserved: 0,
});
const has = (c: LiveClient, id: string) => c.events.some((e) => e.id === id);

describe('live events: one instance pair on the shared Redis', () => {
  let A: ListeningApp;
  let B: ListeningApp;
  let f: Fixture;
  const clients: LiveClient[] = [];
  const open = async (app: ListeningApp, cookie: string) => {
    const c = await connectLive(app.port, cookie);
    clients.push(c);
    return c;
  };

  beforeAll(async () => {
    A = await startListeningApp();
    B = await startListeningApp();
    f = await fixture(A);
  });

  const closed = new Set<ListeningApp>();
  afterAll(async () => {
    for (const c of clients) c.close();
    await closeAll(
      ...[A, B].map((app, i) =>
        app && !closed.has(app)
          ? ([`app ${'AB'[i]}`, () => app.close()] as [string, () => unknown])
          : null,
      ),
    );
  });

  it('rejects a socket without a valid session, and one opened from another site', async () => {
    const anonymous = new LiveClient(A.port);
    await expect(anonymous.connected()).rejects.toThrow('unauthorized');
    anonymous.close();
    const forged = new LiveClient(A.port, 'pos.session=not-a-real-token');
    await expect(forged.connected()).rejects.toThrow('unauthorized');
    forged.close();
    const { cookie } = await sessionCookie(A, 'manager');
    const { io } = await import('socket.io-client');
    const crossSite = io(`http://127.0.0.1:${A.port}`, {
      transports: ['polling'],
      reconnection: false,
      extraHeaders: { cookie, origin: 'http://evil.example' },
    });
    await expect(
      new Promise((resolve, reject) => {
        crossSite.once('connect', () => resolve(undefined));
        crossSite.once('connect_error', reject);
      }),
    ).rejects.toBeTruthy();
    crossSite.close();
  });

  it('a stock adjustment committed through instance A reaches a socket on instance B; the adapter shares rooms', async () => {
    const admin = await sessionCookie(A, 'admin');
    const manager = await sessionCookie(B, 'manager');
    const onB = await open(B, manager.cookie);
    const res = await admin.client.post('/api/StockAdjustments', {
      inventoryId: f.inventoryA,
      reason: 'adjustment',
      lines: [{ variantId: f.variant, quantity: 2 }],
    });
    expect(res.status).toBe(201);
    const event = await waitFor(
      () => onB.of('stock.changed').find((e) => e.payload.variantId === f.variant),
      8000,
      'stock.changed on B',
    );
    expect(event.branchId).toBe(f.branchA);
    // Both instances run a relay; exactly one relays, so the event arrived once.
    expect([A, B].filter((x) => x.app.get(OutboxRelay).isLeader)).toHaveLength(1);
    await sleep(300);
    expect(onB.raw.filter((e) => e.id === event.id)).toHaveLength(1);
    const [level] = await A.ds.query(
      'SELECT on_hand::float AS on_hand FROM stock_levels WHERE variant_id = $1 AND inventory_id = $2',
      [f.variant, f.inventoryA],
    );
    expect(event.payload.onHand).toBe(level.on_hand);
    const [row] = await A.ds.query('SELECT published_at FROM outbox WHERE id = $1', [event.id]);
    expect(row.published_at).not.toBeNull();

    // Rooms span instances through the Redis adapter: A sees B's socket in `user:<id>` and can
    // address it.
    const [{ id: managerId }] = await A.ds.query(`SELECT id FROM users WHERE username = 'manager'`);
    const remote = await A.app.get(LiveGateway).server.in(`user:${managerId}`).fetchSockets();
    expect(remote.map((s) => s.id)).toContain(onB.socket.id);
    const got = new Promise((resolve) => onB.socket.once('hello', resolve));
    A.app.get(LiveGateway).toUser(managerId, 'hello', { from: 'A' });
    await expect(got).resolves.toEqual({ from: 'A' });

    // A sale through A: the manager on B sees it with its total and profit.
    const cashier = await cashierWithShift(A);
    const sale = await cashier.sell(f.variant);
    const completed = await waitFor(
      () => onB.of('sale.completed').find((e) => e.payload.invoiceId === sale.id),
      8000,
      'sale.completed on B',
    );
    expect(completed.payload).toMatchObject({
      number: sale.number,
      total: sale.total,
      shiftId: cashier.shiftId,
      cashierId: cashier.user.id,
    });
    expect(typeof completed.payload.profit).toBe('number');
    await waitFor(
      () =>
        onB
          .of('shift.totals')
          .find(
            (e) => e.payload.shiftId === cashier.shiftId && e.payload.totals?.invoiceCount === 1,
          ),
      8000,
      'shift.totals on B',
    );
  });

  it('publishes nothing for a rolled-back command, and each committed event once', async () => {
    const manager = await sessionCookie(A, 'manager');
    const c = await open(A, manager.cookie);
    const outbox = A.app.get(OutboxService);
    let rolledBackId = '';
    await expect(
      A.ds.transaction(async (m) => {
        rolledBackId = await outbox.add(
          m,
          f.branchA,
          'stock.changed',
          stockPayload(f.variant, f.inventoryA, 999),
        );
        throw new Error('the command failed after writing its events');
      }),
    ).rejects.toThrow('failed');
    // A failing stock adjustment (unknown variant) writes no event either.
    const admin = await sessionCookie(A, 'admin');
    const before = (await A.ds.query('SELECT count(*)::int AS n FROM outbox'))[0].n;
    const bad = await admin.client.post('/api/StockAdjustments', {
      inventoryId: f.inventoryA,
      reason: 'adjustment',
      lines: [
        { variantId: f.variant, quantity: 1 },
        { variantId: uuidv7(), quantity: 1 },
      ],
    });
    expect(bad.status).toBe(404);
    expect((await A.ds.query('SELECT count(*)::int AS n FROM outbox'))[0].n).toBe(before);

    const sentinel = await commitEvent(
      A,
      f.branchA,
      'stock.changed',
      stockPayload(f.variant, f.inventoryA, 5),
    );
    await waitFor(() => has(c, sentinel), 8000, 'sentinel');
    // Each event carries its transaction's time (written with it, published as stored: 0134).
    const [{ created_at: createdAt }] = await A.ds.query(
      'SELECT created_at FROM outbox WHERE id = $1',
      [sentinel],
    );
    expect(c.events.find((e) => e.id === sentinel)!.at).toBe(new Date(createdAt).toISOString());
    // A batch written before 0134 (its events without `at`) goes out with its created_at.
    const old = uuidv7();
    await A.ds.query(
      `INSERT INTO outbox_batches (id, events, created_at)
       VALUES ($1, jsonb_build_array(jsonb_build_object('id', $2::uuid, 'type', 'stock.changed',
               'branchId', $3::uuid, 'payload', $4::jsonb)), '2026-11-30T10:20:30.456Z')`,
      [uuidv7(), old, f.branchA, JSON.stringify(stockPayload(f.variant, f.inventoryA, 7))],
    );
    await commitEvent(A, f.branchA, 'stock.changed', stockPayload(f.variant, f.inventoryA, 5));
    await waitFor(() => has(c, old), 8000, 'the batch without at');
    expect(c.events.find((e) => e.id === old)!.at).toBe('2026-11-30T10:20:30.456Z');
    await sleep(300);
    expect(has(c, rolledBackId)).toBe(false);
    expect(
      (await A.ds.query('SELECT count(*)::int AS n FROM outbox WHERE id = $1', [rolledBackId]))[0]
        .n,
    ).toBe(0);

    // A duplicate on the channel (a relay that published, then failed to stamp) is dropped.
    const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
    const channel = realtimeNames(process.env.DATABASE_URL).channel;
    const event = c.events.find((e) => e.id === sentinel)!;
    await redis.publish(channel, JSON.stringify(event));
    const next = await commitEvent(
      A,
      f.branchA,
      'stock.changed',
      stockPayload(f.variant, f.inventoryA, 6),
    );
    await waitFor(() => has(c, next), 8000, 'next');
    expect(c.raw.filter((e) => e.id === sentinel)).toHaveLength(1);
    await redis.quit();
  });

  it('a cashier of branch A never receives branch B events', async () => {
    const cashier = await sessionCookie(A, 'cashier'); // demo cashier works in the first branch
    const c = await open(B, cashier.cookie);
    const admin = await sessionCookie(A, 'admin');
    const allBranches = await open(A, admin.cookie);
    const otherBranch = await commitEvent(
      A,
      f.branchB,
      'stock.changed',
      stockPayload(f.variant, f.inventoryB, 3),
    );
    const res = await admin.client.post('/api/StockAdjustments', {
      inventoryId: f.inventoryB,
      reason: 'adjustment',
      lines: [{ variantId: f.variant, quantity: 1 }],
    });
    expect(res.status).toBe(201);
    const own = await commitEvent(
      A,
      f.branchA,
      'stock.changed',
      stockPayload(f.variant, f.inventoryA, 4),
    );
    await waitFor(() => has(c, own), 8000, 'own-branch event');
    await waitFor(
      () => has(allBranches, own) && has(allBranches, otherBranch),
      8000,
      'admin sees both',
    );
    await sleep(200);
    expect(c.events.filter((e) => e.branchId === f.branchB)).toEqual([]);
    expect(
      allBranches.events.filter((e) => e.branchId === f.branchB).length,
    ).toBeGreaterThanOrEqual(2);
  });

  it('pushes respect permissions: totals, profit, shift totals, other cashiers’ shifts, the low list', async () => {
    const full = await createUserWith(A.ds, [
      'can_see_invoices',
      'can_see_invoices_totals',
      'can_see_profit',
      'can_see_shift_totals',
      'view_all_shifts',
      'can_see_near_end_products',
    ]);
    const basic = await createUserWith(A.ds, ['can_see_invoices']);
    const none = await createUserWith(A.ds, []);
    const [cFull, cBasic, cNone] = await Promise.all(
      [full, basic, none].map(async (u) =>
        open(B, (await sessionCookie(A, u.username, u.password)).cookie),
      ),
    );
    const sale: SaleCompletedPayload = {
      invoiceId: uuidv7(),
      number: 'B01-R01-000001',
      shiftId: null,
      cashierId: basic.id,
      cashierName: 'x',
      total: 12_345,
      itemCount: 2,
      payments: [{ methodId: uuidv7(), methodName: 'نقدي', amount: 12_345 }],
      profit: 2_000,
    };
    const totals = { sales: 12_345, returns: 0, invoiceCount: 1, byMethod: [] };
    const own: ShiftPayload = { shiftId: uuidv7(), cashierId: basic.id, cashierName: 'b', totals };
    const others: ShiftPayload = {
      shiftId: uuidv7(),
      cashierId: full.id,
      cashierName: 'f',
      totals,
    };
    const saleId = await commitEvent(A, f.branchA, 'sale.completed', sale);
    const ownShift = await commitEvent(A, f.branchA, 'shift.totals', own);
    const otherShift = await commitEvent(A, f.branchA, 'shift.totals', others);
    const low = await commitEvent(A, f.branchA, 'stock.low', { count: 3, variantIds: [f.variant] });
    const sentinel = await commitEvent(
      A,
      f.branchA,
      'stock.changed',
      stockPayload(f.variant, f.inventoryA, 7),
    );
    for (const c of [cFull, cBasic, cNone]) await waitFor(() => has(c, sentinel), 8000, 'sentinel');

    const byId = (c: LiveClient, id: string) => c.events.find((e) => e.id === id);
    expect(byId(cFull, saleId)?.payload).toEqual(sale);
    expect(byId(cBasic, saleId)?.payload).toEqual({
      invoiceId: sale.invoiceId,
      number: sale.number,
      shiftId: null,
      cashierId: basic.id,
      cashierName: 'x',
      itemCount: 2,
    });
    expect(byId(cNone, saleId)).toBeUndefined();

    expect(byId(cFull, ownShift)?.payload).toEqual(own);
    expect(byId(cFull, otherShift)?.payload).toEqual(others);
    expect(byId(cBasic, ownShift)?.payload).toEqual({
      shiftId: own.shiftId,
      cashierId: basic.id,
      cashierName: 'b',
    });
    expect(byId(cBasic, otherShift)).toBeUndefined();
    expect(byId(cNone, otherShift)).toBeUndefined();

    expect(byId(cFull, low)?.payload).toEqual({ count: 3, variantIds: [f.variant] });
    expect(byId(cBasic, low)).toBeUndefined();
    expect(byId(cNone, low)).toBeUndefined();
  });

  it('transfer.* steps reach the destination branch; valueAtCost only with can_see_transfer_totals', async () => {
    const admin = await sessionCookie(A, 'admin');
    // Stock to ask for at the source (branch A).
    const stocked = await admin.client.post('/api/StockAdjustments', {
      inventoryId: f.inventoryA,
      reason: 'adjustment',
      lines: [{ variantId: f.variant, quantity: 3 }],
    });
    expect(stocked.status).toBe(201);
    const sourceUser = await createUserWith(A.ds, ['can_transfer_products'], {
      branchId: f.branchA,
    });
    // Value at cost is a cost figure: with can_see_transfer_totals and can_see_buy_price. The plain
    // destination user may see buying prices but not transfer totals.
    const withTotals = await createUserWith(
      A.ds,
      ['can_transfer_products', 'can_see_transfer_totals', 'can_see_buy_price'],
      { branchId: f.branchB },
    );
    const plain = await createUserWith(A.ds, ['can_transfer_products', 'can_see_buy_price'], {
      branchId: f.branchB,
    });
    const noTransfers = await createUserWith(A.ds, ['can_see_products'], { branchId: f.branchB });
    const [cTotals, cPlain, cNone] = await Promise.all(
      [withTotals, plain, noTransfers].map(async (u) =>
        open(B, (await sessionCookie(A, u.username, u.password)).cookie),
      ),
    );
    const source = await sessionCookie(A, sourceUser.username, sourceUser.password);
    const created = await source.client.post('/api/TransferRequests', {
      fromInventoryId: f.inventoryA,
      toInventoryId: f.inventoryB,
      lines: [{ variantId: f.variant, quantity: 1 }],
    });
    expect(created.status).toBe(201);
    const transferId = created.body.id as string;
    expect(
      (await source.client.post(`/api/TransferRequests/${transferId}/approve`, {})).status,
    ).toBe(200);
    expect(
      (await source.client.post(`/api/TransferRequests/${transferId}/cancel`, {})).status,
    ).toBe(200);

    const steps = ['transfer.requested', 'transfer.approved', 'transfer.cancelled'];
    const ofTransfer = (c: LiveClient) =>
      c.events.filter(
        (e) =>
          e.type.startsWith('transfer.') &&
          (e.payload as { transferId?: string }).transferId === transferId,
      );
    for (const c of [cTotals, cPlain]) {
      await waitFor(
        () => ofTransfer(c).length === steps.length,
        8000,
        'transfer steps on branch B',
      );
    }
    const [{ value }] = await A.ds.query(
      `SELECT round(l.quantity * v.avg_cost)::bigint::int AS value FROM transfer_request_lines l JOIN variants v ON v.id = l.variant_id
        WHERE l.transfer_id = $1`,
      [transferId],
    );
    for (const e of ofTransfer(cTotals)) {
      expect(e.branchId).toBe(f.branchA); // an event of the source branch, delivered to the destination's room
      expect(e.payload).toEqual({
        transferId,
        number: created.body.number,
        fromBranchId: f.branchA,
        toBranchId: f.branchB,
        state: e.type.slice('transfer.'.length),
        valueAtCost: value,
      });
    }
    expect(ofTransfer(cTotals).map((e) => e.type)).toEqual(steps);
    expect(ofTransfer(cPlain).map((e) => e.type)).toEqual(steps);
    for (const e of ofTransfer(cPlain)) {
      expect(e.payload).not.toHaveProperty('valueAtCost');
      expect(e.payload).toMatchObject({
        transferId,
        fromBranchId: f.branchA,
        toBranchId: f.branchB,
      });
    }
    // Without can_transfer_products nothing of it arrives (checked after a later event reached the socket).
    const sentinel = await commitEvent(
      A,
      f.branchB,
      'stock.changed',
      stockPayload(f.variant, f.inventoryB, 11),
    );
    await waitFor(() => has(cNone, sentinel), 8000, 'sentinel');
    expect(ofTransfer(cNone)).toEqual([]);
  });

  it('stock falling below its threshold pushes stock.low to whoever may read the low list', async () => {
    const manager = await sessionCookie(A, 'manager');
    const cashier = await sessionCookie(A, 'cashier');
    const m = await open(B, manager.cookie);
    const c = await open(A, cashier.cookie);
    const adjust = (countedQuantity: number) =>
      manager.client.post('/api/StockAdjustments', {
        inventoryId: f.inventoryA,
        reason: 'adjustment',
        lines: [{ variantId: f.lowVariant.id, countedQuantity }],
      });
    expect((await adjust(f.lowVariant.threshold + 10)).status).toBe(201);
    expect((await adjust(f.lowVariant.threshold - 1)).status).toBe(201);
    const event = await waitFor(
      () => m.of('stock.low').find((e) => e.payload.variantIds.includes(f.lowVariant.id)),
      8000,
      'stock.low',
    );
    const [{ count }] = await A.ds.query(
      `SELECT count(*)::int AS count FROM stock_levels s JOIN inventories i ON i.id = s.inventory_id
         JOIN variants v ON v.id = s.variant_id JOIN products p ON p.id = v.product_id
        WHERE i.branch_id = $1 AND v.low_stock_threshold > 0 AND s.on_hand <= v.low_stock_threshold AND v.active AND p.active`,
      [f.branchA],
    );
    expect(event.payload.count).toBe(count);
    await waitFor(
      () =>
        c
          .of('stock.changed')
          .find(
            (e) =>
              e.payload.variantId === f.lowVariant.id &&
              e.payload.onHand === f.lowVariant.threshold - 1,
          ),
      8000,
      'cashier stock.changed',
    );
    expect(c.of('stock.low')).toEqual([]); // the demo cashier has no can_see_near_end_products
  });

  it('a lot received already near its expiry pushes lots.expiring to whoever may read the list', async () => {
    const admin = await sessionCookie(A, 'admin');
    const manager = await sessionCookie(A, 'manager');
    const cashier = await sessionCookie(A, 'cashier');
    const m = await open(B, manager.cookie);
    const c = await open(A, cashier.cookie);
    const product = await admin.client.post('/api/Products', {
      nameAr: `صنف بتشغيلات ${uuidv7().slice(-8)}`,
      vatRate: 14,
      tracking: 'batch',
      variants: [{ barcodes: [`LX-${uuidv7().slice(-12)}`], sellPrice: 1_000, minSellPrice: 0 }],
    });
    expect(product.status).toBe(201);
    const variantId = product.body.variants[0].id as string;
    const soon = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const res = await manager.client.post('/api/StockAdjustments', {
      inventoryId: f.inventoryA,
      reason: 'adjustment',
      lines: [{ variantId, quantity: 5, batch: { lot: 'RT-SOON', expiryDate: soon } }],
    });
    expect(res.status).toBe(201);
    const event = await waitFor(() => m.of('lots.expiring')[0], 8000, 'lots.expiring');
    expect(event.branchId).toBe(f.branchA);
    expect(event.payload.expiring).toBeGreaterThanOrEqual(1);
    // the cashier sees the stock move, never the list (no can_see_near_end_products)
    await waitFor(
      () => c.of('stock.changed').find((e) => e.payload.variantId === variantId),
      8000,
      'cashier stock.changed',
    );
    expect(c.of('lots.expiring')).toEqual([]);
  });

  it('a revoked session’s socket is disconnected (sign-out, deactivation); a role change moves rooms', async () => {
    const u = await createUserWith(A.ds, ['can_see_products']);
    const session = await sessionCookie(A, u.username, u.password);
    const c = await open(B, session.cookie);
    await session.client.fetchCsrf();
    const out = await session.client.agent
      .post('/api/auth/signout')
      .type('form')
      .send({ csrfToken: session.client.csrf, json: 'true' });
    expect(out.status).toBe(200);
    await waitFor(
      () => c.control.includes('revoked') && !c.socket.connected,
      5000,
      'disconnect after sign-out',
    );

    const v = await createUserWith(A.ds, ['can_see_products']);
    const second = await open(A, (await sessionCookie(A, v.username, v.password)).cookie);
    await A.ds.query('UPDATE users SET active = false WHERE id = $1', [v.id]);
    await waitFor(() => !second.socket.connected, 5000, 'disconnect after deactivation');

    // Granting can_see_branches joins every branch room without reconnecting.
    const w = await createUserWith(A.ds, ['can_see_products']);
    const third = await open(A, (await sessionCookie(A, w.username, w.password)).cookie);
    await A.ds.query(
      `UPDATE roles SET permissions = array_append(permissions, 'can_see_branches') WHERE id = (SELECT role_id FROM users WHERE id = $1)`,
      [w.id],
    );
    await sleep(800);
    const other = await commitEvent(
      A,
      f.branchB,
      'stock.changed',
      stockPayload(f.variant, f.inventoryB, 8),
    );
    await waitFor(() => has(third, other), 5000, 'other branch after role change');
  });

  it('an integration authenticates with its API key: its branch only, its permissions; revoked → disconnected', async () => {
    const keys = A.app.get(ApiKeysService);
    const meta = { ip: null, userAgent: null, userId: null };
    const created = await keys.create(
      { name: `live ${Date.now()}`, permissions: ['can_see_products'], branchId: f.branchA },
      meta,
    );
    const c = new LiveClient(B.port, undefined, { token: created.key });
    clients.push(c);
    await c.connected();
    const other = await commitEvent(
      A,
      f.branchB,
      'stock.changed',
      stockPayload(f.variant, f.inventoryB, 10),
    );
    const low = await commitEvent(A, f.branchA, 'stock.low', { count: 1, variantIds: [f.variant] });
    const own = await commitEvent(
      A,
      f.branchA,
      'stock.changed',
      stockPayload(f.variant, f.inventoryA, 10),
    );
    await waitFor(() => has(c, own), 8000, 'own-branch event by API key');
    expect(has(c, other)).toBe(false);
    expect(has(c, low)).toBe(false); // no can_see_near_end_products
    await keys.revoke(created.id, meta);
    await waitFor(() => !c.socket.connected, 5000, 'disconnect after revocation');
    const bad = new LiveClient(B.port, undefined, { token: created.key });
    await expect(bad.connected()).rejects.toThrow('unauthorized');
    bad.close();
  });

  it('when the relaying instance stops, another instance takes over the relay', async () => {
    const leader = [A, B].find((x) => x.app.get(OutboxRelay).isLeader)!;
    const follower = leader === A ? B : A;
    const manager = await sessionCookie(follower, 'manager');
    const c = await open(follower, manager.cookie);
    await leader.close();
    closed.add(leader);
    const id = await commitEvent(
      follower,
      f.branchA,
      'stock.changed',
      stockPayload(f.variant, f.inventoryA, 9),
    );
    await waitFor(() => has(c, id), 8000, 'event after failover');
    expect(follower.app.get(OutboxRelay).isLeader).toBe(true);
  });
});

describe('live events: a Redis outage', () => {
  let X: ListeningApp;
  let redis: ChildProcess;
  const port = 6390 + (process.pid % 25) * 2 + (Number(process.env.JEST_WORKER_ID ?? 1) % 2);
  const savedUrl = process.env.REDIS_URL;

  beforeAll(async () => {
    redis = await startRedis(port);
    process.env.REDIS_URL = `redis://127.0.0.1:${port}`;
    try {
      X = await startListeningApp();
    } finally {
      if (savedUrl === undefined) delete process.env.REDIS_URL;
      else process.env.REDIS_URL = savedUrl;
    }
  });

  afterAll(async () => {
    await closeAll(
      X && ['app X', () => X.close()],
      redis && ['redis-server', () => stopRedis(redis)],
    );
  });

  it('commands commit while Redis is down; the backlog is delivered once when it returns', async () => {
    const f = await fixture(X);
    const admin = await sessionCookie(X, 'admin');
    const c = await connectLive(X.port, admin.cookie);
    try {
      const cashier = await cashierWithShift(X);
      const warmup = await commitEvent(
        X,
        f.branchA,
        'stock.changed',
        stockPayload(f.variant, f.inventoryA, 1),
      );
      await waitFor(() => has(c, warmup), 10_000, 'warm-up event');

      await stopRedis(redis);
      await sleep(300);
      const adjust = (quantity: number) =>
        admin.client.post('/api/StockAdjustments', {
          inventoryId: f.inventoryA,
          reason: 'adjustment',
          lines: [{ variantId: f.variant, quantity }],
        });
      expect((await adjust(1)).status).toBe(201);
      const sale = await cashier.sell(f.variant); // a sale commits while Redis is away
      expect((await adjust(2)).status).toBe(201);
      const waiting: { id: string }[] = await X.ds.query(
        `SELECT id FROM outbox WHERE published_at IS NULL ORDER BY seq`,
      );
      expect(waiting.length).toBeGreaterThanOrEqual(2);
      await sleep(1500);
      expect(waiting.filter((w) => has(c, w.id))).toEqual([]);
      expect(
        (await X.ds.query(`SELECT count(*)::int AS n FROM outbox WHERE published_at IS NULL`))[0].n,
      ).toBeGreaterThanOrEqual(2);

      redis = await startRedis(port);
      await waitFor(
        () => waiting.every((w) => has(c, w.id)),
        20_000,
        'backlog after Redis returned',
      );
      for (const w of waiting) expect(c.events.filter((e) => e.id === w.id)).toHaveLength(1);
      expect(c.of('sale.completed').filter((e) => e.payload.invoiceId === sale.id)).toHaveLength(1);
      // In commit order, and stamped.
      const order = c.events.map((e) => e.id).filter((id) => waiting.some((w) => w.id === id));
      expect(order).toEqual(waiting.map((w) => w.id));
      await waitFor(
        async () =>
          (await X.ds.query(`SELECT count(*)::int AS n FROM outbox WHERE published_at IS NULL`))[0]
            .n === 0,
        5000,
        'stamped',
      );
      // The instance lost its subscription: its sockets are told to refetch.
      expect(c.control).toContain('resync');
    } finally {
      c.close();
    }
  });
});
