import { DISPLAY_MESSAGES, type DisplayAck, type DisplaySnapshot } from '@pos/contracts';
import { createUserWith } from './support/app';
import {
  LiveClient,
  connectLive,
  sessionCookie,
  sleep,
  startListeningApp,
  waitFor,
  type ListeningApp,
} from './support/live';
import { closeAll } from '../support-wait';

// Issue 35 item 3 (docs/decisions/0115): the customer display's per-register rooms on the real
// PostgreSQL and Redis, two app instances sharing the Redis adapter. Who may join a register's
// room, another branch cannot, and a till's snapshot reaches that room only.

const snapshot = (seq: number, extra: Partial<DisplaySnapshot> = {}): DisplaySnapshot => ({
  v: 1,
  src: 'till-tab',
  seq,
  at: Date.now(),
  branchId: null,
  register: 0,
  phase: 'cart',
  lines: [
    {
      id: 'v1',
      name: 'شاي',
      quantity: 2,
      unit: 'piece',
      unitPrice: 1_500,
      discount: 0,
      lineTotal: 3_000,
      promotions: [],
    },
  ],
  itemCount: 2,
  subtotal: 3_000,
  discountTotal: 0,
  promotions: [],
  invoiceDiscount: 0,
  vatTotal: 368,
  total: 3_000,
  sale: null,
  ...extra,
});

type Display = { client: LiveClient; carts: DisplaySnapshot[]; hellos: number[] };

function ask(c: LiveClient, message: string, payload?: unknown): Promise<DisplayAck> {
  return new Promise((resolve) =>
    payload === undefined
      ? c.socket.emit(message, (a: DisplayAck) => resolve(a))
      : c.socket.emit(message, payload, (a: DisplayAck) => resolve(a)),
  );
}

describe('customer display: the register rooms', () => {
  let A: ListeningApp;
  let B: ListeningApp;
  let branchA: string;
  let branchB: string;
  const clients: LiveClient[] = [];
  const watch = (client: LiveClient): Display => {
    const d: Display = { client, carts: [], hellos: [] };
    client.socket.on(DISPLAY_MESSAGES.cart, (s: DisplaySnapshot) => d.carts.push(s));
    client.socket.on(DISPLAY_MESSAGES.hello, () => d.hellos.push(Date.now()));
    return d;
  };
  const open = async (app: ListeningApp, cookie: string) => {
    const c = await connectLive(app.port, cookie);
    clients.push(c);
    return watch(c);
  };
  /** A user of `branchId` (a role with `permissions`), signed in on `app`. */
  const user = async (app: ListeningApp, branchId: string, options: { isAdmin?: boolean } = {}) => {
    const u = await createUserWith(app.ds, ['can_see_products'], { branchId, ...options });
    return { ...u, ...(await sessionCookie(app, u.username, u.password)) };
  };
  /** A cashier of branch A with an open shift on a free register. */
  const cashier = async () => {
    const u = await user(A, branchA);
    const register = 20 + Math.floor(Math.random() * 79);
    await A.ds.query(
      `UPDATE shifts SET status = 'closed', closed_at = now() WHERE status = 'open' AND register = $1`,
      [register],
    );
    const shift = await u.client.post('/api/Shift/open', { openingCash: 0, register });
    expect(shift.status).toBe(201);
    return { ...u, register };
  };

  beforeAll(async () => {
    A = await startListeningApp();
    B = await startListeningApp();
    [{ id: branchA }, { id: branchB }] = await A.ds.query(
      'SELECT id FROM branches ORDER BY created_at LIMIT 2',
    );
  });

  afterAll(async () => {
    for (const c of clients) c.close();
    await closeAll(
      ...[A, B].map((app, i) =>
        app ? ([`app ${'AB'[i]}`, () => app.close()] as [string, () => unknown]) : null,
      ),
    );
  });

  it("a till's snapshot reaches the displays of its register only, across instances, with the branch and register the server knows", async () => {
    const c = await cashier();
    const till = await open(A, c.cookie);
    // The till is bound to its open shift's register (branch and register from the server).
    await expect(ask(till.client, DISPLAY_MESSAGES.till)).resolves.toEqual({
      ok: true,
      branchId: branchA,
      register: c.register,
    });

    // A display of the same branch on the other instance, on the till's register.
    const viewer = await user(B, branchA);
    const display = await open(B, viewer.cookie);
    await expect(
      ask(display.client, DISPLAY_MESSAGES.join, { register: c.register }),
    ).resolves.toEqual({ ok: true, branchId: branchA, register: c.register });
    // Its arrival asks the till for its state again.
    await waitFor(() => till.hellos.length > 0 || undefined, 5000, 'hello at the till');

    // Another register of the same branch, and the same register number of another branch.
    const otherRegister = await open(A, viewer.cookie);
    const other = c.register === 99 ? 98 : c.register + 1;
    expect(await ask(otherRegister.client, DISPLAY_MESSAGES.join, { register: other })).toEqual({
      ok: true,
      branchId: branchA,
      register: other,
    });
    const outsider = await user(A, branchB);
    const otherBranch = await open(A, outsider.cookie);
    expect(await ask(otherBranch.client, DISPLAY_MESSAGES.join, { register: c.register })).toEqual({
      ok: true,
      branchId: branchB,
      register: c.register,
    });

    // The till says it is of another branch and register: the server's own are relayed.
    till.client.socket.emit(
      DISPLAY_MESSAGES.cart,
      snapshot(1, { branchId: branchB, register: other }),
    );
    const got = await waitFor(() => display.carts[0], 5000, 'the snapshot on the display');
    expect(got).toMatchObject({ seq: 1, branchId: branchA, register: c.register, total: 3_000 });
    expect(got.lines[0].name).toBe('شاي');
    till.client.socket.emit(DISPLAY_MESSAGES.cart, snapshot(2, { phase: 'paying' }));
    await waitFor(() => display.carts[1], 5000, 'the second snapshot');
    await sleep(300);
    expect(display.carts.map((s) => s.seq)).toEqual([1, 2]);
    expect(otherRegister.carts).toEqual([]);
    expect(otherBranch.carts).toEqual([]);
    // not echoed to the till itself
    expect(till.carts).toEqual([]);
  });

  it('another branch cannot join a register room; an administrator names the branch; bad input is refused', async () => {
    const outsider = await user(A, branchB);
    const d = await open(A, outsider.cookie);
    expect(await ask(d.client, DISPLAY_MESSAGES.join, { register: 5, branchId: branchA })).toEqual({
      ok: false,
      code: 'FORBIDDEN',
    });
    for (const bad of [{ register: 0 }, { register: 100 }, { register: '3' }, { register: 2.5 }])
      expect(await ask(d.client, DISPLAY_MESSAGES.join, bad)).toEqual({
        ok: false,
        code: 'VALIDATION_FAILED',
      });
    expect(
      await ask(d.client, DISPLAY_MESSAGES.join, { register: 5, branchId: 'not-a-uuid' }),
    ).toEqual({ ok: false, code: 'VALIDATION_FAILED' });

    const { cookie } = await sessionCookie(A, 'admin');
    const admin = await open(A, cookie);
    expect(
      await ask(admin.client, DISPLAY_MESSAGES.join, { register: 5, branchId: branchB }),
    ).toEqual({ ok: true, branchId: branchB, register: 5 });
  });

  it('a socket without an open shift is no till: what it sends reaches nobody', async () => {
    const c = await cashier();
    const display = await open(A, c.cookie);
    expect(
      await ask(display.client, DISPLAY_MESSAGES.join, { register: c.register }),
    ).toMatchObject({ ok: true });
    const stranger = await user(A, branchA);
    const fake = await open(A, stranger.cookie);
    expect(await ask(fake.client, DISPLAY_MESSAGES.till)).toEqual({
      ok: false,
      code: 'NO_OPEN_SHIFT',
    });
    // joined as a display of the register, it still may not publish to it
    await ask(fake.client, DISPLAY_MESSAGES.join, { register: c.register });
    fake.client.socket.emit(DISPLAY_MESSAGES.cart, snapshot(1));
    // a malformed snapshot from the real till is dropped too
    const till = await open(A, c.cookie);
    expect(await ask(till.client, DISPLAY_MESSAGES.till)).toMatchObject({ ok: true });
    till.client.socket.emit(DISPLAY_MESSAGES.cart, { v: 2, lines: 'x' });
    till.client.socket.emit(DISPLAY_MESSAGES.cart, snapshot(3, { src: 'x'.repeat(70_000) }));
    await sleep(500);
    expect(display.carts).toEqual([]);
    till.client.socket.emit(DISPLAY_MESSAGES.cart, snapshot(4));
    await waitFor(() => display.carts[0], 5000, 'the valid snapshot');
    expect(display.carts.map((s) => s.seq)).toEqual([4]);
  });
});
