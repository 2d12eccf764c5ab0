import { randomUUID } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';
import { DEVICE_GRANT_HEADER, DEVICE_GRANT_TTL_MS } from '@pos/contracts';
import { Client, createTestApp, createUserWith, freeRegister, type TestApp } from './support/app';

// Issue 32 item 7, the offline user switch (docs/decisions/0078): a cashier's grant for one till,
// issued online, with which the till later sends the sales that cashier rang, whoever is signed in
// on it by then. Bound to the user, the till and the branch; expires; ends with the user's sessions.
describe('device grants', () => {
  let t: TestApp;
  let admin: Client;
  let branchId: string;
  let inventoryId: string;
  let cash: string;
  let variantId: string;
  let deviceId: string;
  let nextRegister = 70;

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
    const product = await admin.post('/api/Products', {
      nameAr: `صنف تصريح ${randomUUID().slice(0, 8)}`,
      variants: [
        {
          barcodes: [`G-${randomUUID().slice(0, 12)}`],
          sellPrice: 10000,
          minSellPrice: 8000,
          avgCost: 6000,
          openingStock: [{ inventoryId, quantity: 500 }],
        },
      ],
    });
    expect(product.status).toBe(201);
    variantId = product.body.variants[0].id;
    deviceId = uuidv7();
    expect((await admin.post('/api/PosDevices', { id: deviceId, name: 'تبديل' })).status).toBe(201);
  });
  afterAll(async () => {
    await t.close();
  });

  /** A cashier of the branch, signed in (their own cookie jar) with an open shift. */
  const cashier = async (maxDiscountPercent = 0) => {
    const user = await createUserWith(t.ds, []);
    await t.ds.query('UPDATE users SET max_discount_percent = $2 WHERE id = $1', [
      user.id,
      maxDiscountPercent,
    ]);
    const c = new Client(t.app);
    await c.signIn(user.username, user.password);
    const register = await freeRegister(t.ds, branchId, nextRegister);
    nextRegister = register + 1;
    const shift = await c.post('/api/Shift/open', { openingCash: 0, register });
    expect(shift.status).toBe(201);
    return Object.assign(c, { userId: user.id, shiftId: shift.body.id as string });
  };

  const grantOf = async (c: Client, device = deviceId) => {
    const res = await c.post(`/api/PosDevices/${device}/grant`);
    expect(res.status).toBe(201);
    return res.body.token as string;
  };

  let receiptNo = 0;
  /** A sale rung offline on `device`, sent with `grant` by `via` (a client, or none: no cookie). */
  const send = (grant: string, via?: Client, body: object = {}, device = deviceId) => {
    const dto = {
      id: uuidv7(),
      device: {
        deviceId: device,
        receiptNo: ++receiptNo,
        rungAt: new Date().toISOString(),
        offline: true,
      },
      lines: [{ variantId, quantity: 1 }],
      payments: [{ methodId: cash, amount: 10000 }],
      ...body,
    };
    const req = via ? via.post('/api/Sales', dto) : t.http.post('/api/Sales').send(dto);
    return req.set(DEVICE_GRANT_HEADER, grant);
  };

  it('issues a grant bound to the user, the till and the branch, kept only as a hash', async () => {
    const a = await cashier();
    const before = Date.now();
    const res = await a.post(`/api/PosDevices/${deviceId}/grant`);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ userId: a.userId, deviceId, branchId });
    const expires = Date.parse(res.body.expiresAt);
    expect(expires).toBeGreaterThanOrEqual(before + DEVICE_GRANT_TTL_MS - 1000);
    expect(expires).toBeLessThanOrEqual(Date.now() + DEVICE_GRANT_TTL_MS + 1000);
    const rows = await t.ds.query(
      'SELECT id, user_id, device_id, branch_id FROM device_grants WHERE user_id = $1',
      [a.userId],
    );
    expect(rows).toEqual([
      { id: expect.any(String), user_id: a.userId, device_id: deviceId, branch_id: branchId },
    ]);
    expect(rows[0].id).not.toBe(res.body.token);
    // A till not registered, or of another branch, gets none.
    expect((await a.post(`/api/PosDevices/${uuidv7()}/grant`)).status).toBe(404);
    const [{ id: otherBranch }] = await t.ds.query(
      'SELECT id FROM branches WHERE id <> $1 ORDER BY created_at LIMIT 1',
      [branchId],
    );
    const stranger = new Client(t.app);
    const u = await createUserWith(t.ds, [], { branchId: otherBranch });
    await stranger.signIn(u.username, u.password);
    const refused = await stranger.post(`/api/PosDevices/${deviceId}/grant`);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('DEVICE_OTHER_BRANCH');
    // Without a session, none.
    expect((await t.http.post(`/api/PosDevices/${deviceId}/grant`)).status).toBe(401);
  });

  it('books each sale to its grant’s cashier and shift, whoever is signed in on the till', async () => {
    const a = await cashier();
    const b = await cashier();
    const grantA = await grantOf(a);
    const grantB = await grantOf(b);
    // The till's cookie is A's (A signed in last); B's sale goes with B's grant.
    const saleB = await send(grantB, a);
    expect(saleB.status).toBe(201);
    expect(saleB.body).toMatchObject({ cashierId: b.userId, shiftId: b.shiftId });
    const saleA = await send(grantA, a);
    expect(saleA.status).toBe(201);
    expect(saleA.body).toMatchObject({ cashierId: a.userId, shiftId: a.shiftId });
    // No session at all (signed out, expired): the grant alone, no CSRF token (not a cookie).
    const bare = await send(grantB);
    expect(bare.status).toBe(201);
    expect(bare.body.cashierId).toBe(b.userId);
    // The same sale again with the same grant: the same invoice (its id is its idempotency key).
    const [{ count }] = await t.ds.query(
      'SELECT count(*)::int AS count FROM sales_invoices WHERE cashier_id = $1',
      [b.userId],
    );
    expect(count).toBe(2);
    // A grant is taken only where an endpoint says so: elsewhere the header is no credential.
    const shift = await t.http
      .post('/api/Shift/open')
      .set(DEVICE_GRANT_HEADER, grantB)
      .send({ openingCash: 0, register: 99 });
    expect(shift.status).toBe(401);
  });

  it('books a batch of a till’s queued sales to the grant’s cashier, and refuses alone a sale of another till', async () => {
    const a = await cashier();
    const b = await cashier();
    const grantA = await grantOf(a);
    const sale = (device = deviceId) => ({
      id: uuidv7(),
      device: {
        deviceId: device,
        receiptNo: ++receiptNo,
        rungAt: new Date().toISOString(),
        offline: true,
      },
      lines: [{ variantId, quantity: 1 }],
      payments: [{ methodId: cash, amount: 10000 }],
    });
    const [first, stray, last] = [sale(), sale(uuidv7()), sale()];
    // B is signed in on the till; the batch goes with A's grant.
    const res = await b
      .post('/api/Sales/batch', { sales: [first, stray, last] })
      .set(DEVICE_GRANT_HEADER, grantA);
    expect(res.status).toBe(201);
    const results = res.body.results as {
      id: string;
      ok: boolean;
      sale?: { cashierId: string; shiftId: string };
      error?: { statusCode: number; code: string };
    }[];
    expect(results.map((r) => [r.id, r.ok])).toEqual([
      [first.id, true],
      [stray.id, false],
      [last.id, true],
    ]);
    for (const made of [results[0], results[2]])
      expect(made.sale).toMatchObject({ cashierId: a.userId, shiftId: a.shiftId });
    expect(results[1].error).toMatchObject({ statusCode: 403, code: 'DEVICE_GRANT_OTHER_DEVICE' });
    const [{ n }] = await t.ds.query(
      'SELECT count(*)::int AS n FROM sales_invoices WHERE id = $1',
      [stray.id],
    );
    expect(n).toBe(0);
  });

  it('checks the cashier’s permissions as they are on arrival: a revoked one is accepted and flagged', async () => {
    const b = await cashier(20);
    const grant = await grantOf(b);
    // Rung with a 20% cap; the cap is taken away before the till comes back.
    await t.ds.query('UPDATE users SET max_discount_percent = 0 WHERE id = $1', [b.userId]);
    const res = await send(grant, undefined, {
      lines: [{ variantId, quantity: 1, discount: 2000 }],
      payments: [{ methodId: cash, amount: 8000 }],
    });
    expect(res.status).toBe(201);
    expect(res.body.cashierId).toBe(b.userId);
    const flags = await t.ds.query('SELECT kind FROM sale_flags WHERE sale_id = $1', [res.body.id]);
    expect(flags.map((f: { kind: string }) => f.kind)).toEqual(['discount_over_cap']);
  });

  it('refuses a grant on another till, an expired one, an unknown one', async () => {
    const a = await cashier();
    const grant = await grantOf(a);
    const otherDevice = uuidv7();
    expect((await a.post('/api/PosDevices', { id: otherDevice })).status).toBe(201);
    const wrong = await send(grant, undefined, {}, otherDevice);
    expect(wrong.status).toBe(403);
    expect(wrong.body.code).toBe('DEVICE_GRANT_OTHER_DEVICE');
    const noDevice = await t.http
      .post('/api/Sales')
      .set(DEVICE_GRANT_HEADER, grant)
      .send({
        id: uuidv7(),
        lines: [{ variantId, quantity: 1 }],
        payments: [{ methodId: cash, amount: 10000 }],
      });
    expect(noDevice.status).toBe(403);
    expect(noDevice.body.code).toBe('DEVICE_GRANT_OTHER_DEVICE');

    const unknown = await send('not-a-grant', a);
    expect(unknown.status).toBe(403);
    expect(unknown.body.code).toBe('DEVICE_GRANT_INVALID');
    // A refusal says why, in the request's language.
    expect(unknown.body.message).toContain('تصريح');

    expect((await send(grant)).status).toBe(201);
    await t.ds.query(
      `UPDATE device_grants SET expires_at = now() - interval '1 second' WHERE user_id = $1`,
      [a.userId],
    );
    const expired = await send(grant);
    expect(expired.status).toBe(403);
    expect(expired.body.code).toBe('DEVICE_GRANT_INVALID');
  });

  it('refuses the grant of a disabled user, of one signed out everywhere, of one moved branch', async () => {
    const a = await cashier();
    const b = await cashier();
    const c = await cashier();
    const grantA = await grantOf(a);
    const grantB = await grantOf(b);
    const grantC = await grantOf(c);
    expect((await send(grantA)).status).toBe(201);
    // Disabled: its grants go with its sessions.
    expect((await admin.patch(`/api/Users/${a.userId}`, { active: false })).status).toBe(200);
    const disabled = await send(grantA);
    expect(disabled.status).toBe(403);
    expect(disabled.body.code).toBe('DEVICE_GRANT_INVALID');
    expect(await t.ds.query('SELECT 1 FROM device_grants WHERE user_id = $1', [a.userId])).toEqual(
      [],
    );
    // Disabled in the database without the command: still refused (the user's row is read).
    await t.ds.query('UPDATE users SET active = false WHERE id = $1', [c.userId]);
    expect((await send(grantC)).body.code).toBe('DEVICE_GRANT_INVALID');
    await t.ds.query('UPDATE users SET active = true WHERE id = $1', [c.userId]);
    expect((await send(grantC)).status).toBe(201);
    // Moved to another branch: the grant was the old branch's.
    const [{ id: otherBranch }] = await t.ds.query(
      'SELECT id FROM branches WHERE id <> $1 ORDER BY created_at LIMIT 1',
      [branchId],
    );
    await t.ds.query('UPDATE users SET branch_id = $2 WHERE id = $1', [c.userId, otherBranch]);
    expect((await send(grantC)).body.code).toBe('DEVICE_GRANT_INVALID');
    // Signed out everywhere (a password reset by an administrator).
    expect((await send(grantB)).status).toBe(201);
    const reset = await admin.post(`/api/Users/${b.userId}/reset-password`, {
      password: 'new-pass-123',
    });
    expect(reset.status).toBeLessThan(300);
    expect((await send(grantB)).body.code).toBe('DEVICE_GRANT_INVALID');
  });

  it('ends the cashier’s grants for a till when they remove themselves from it', async () => {
    const a = await cashier();
    const old = await grantOf(a);
    const fresh = await grantOf(a);
    // A fresh grant leaves the older one valid (sales queued with it are still on their way).
    expect((await send(old)).status).toBe(201);
    expect((await send(fresh)).status).toBe(201);
    expect((await a.delete(`/api/PosDevices/${deviceId}/grant`)).status).toBe(204);
    expect((await send(old)).body.code).toBe('DEVICE_GRANT_INVALID');
    expect((await send(fresh)).body.code).toBe('DEVICE_GRANT_INVALID');
  });
});
