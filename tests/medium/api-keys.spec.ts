import { randomUUID } from 'node:crypto';
import { ApiKeyAuthors1796200000150 } from '../../migrations/1796200000150-ApiKeyAuthors';
import { Client, createTestApp, freeRegister, type TestApp } from './support/app';

describe('API keys for integrations', () => {
  let t: TestApp;
  let admin: Client;
  let branchId: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = new Client(t.app);
    await admin.signIn('admin');
    [{ branch_id: branchId }] = await t.ds.query(
      `SELECT branch_id FROM users WHERE username = 'admin'`,
    );
  });
  afterAll(async () => {
    await t.close();
  });

  it('authenticates with a Bearer key within its permissions and branch, until revoked', async () => {
    const created = await admin.post('/api/admin/apiKeys', {
      name: 'متجر إلكتروني',
      permissions: ['can_see_products', 'can_see_customers'],
      branchId,
    });
    expect(created.status).toBe(201);
    expect(created.body.key).toMatch(/^pos_[a-z0-9]{10}_[A-Za-z0-9_-]{43}$/);
    const key = created.body.key as string;
    // The secret is everything after `pos_<prefix>_`: base64url, so it may hold '_' itself (a part
    // of it cut at such a '_', e.g. "u", was found in the listing's "null" once).
    const secret = key.split('_').slice(2).join('_');
    const listed = (await admin.get('/api/admin/apiKeys')).body;
    expect(JSON.stringify(listed)).not.toContain(secret);
    const [{ hash }] = await t.ds.query('SELECT hash FROM api_keys WHERE id = $1', [
      created.body.id,
    ]);
    expect(hash).not.toContain(secret);

    const bearer = (path: string) => t.http.get(path).set('Authorization', `Bearer ${key}`);
    expect((await bearer('/api/Products')).status).toBe(200);
    expect((await bearer('/api/Roles')).status).toBe(403);
    expect((await bearer('/api/admin/apiKeys')).status).toBe(403);
    // No CSRF token needed: a key is not a cookie the browser sends by itself.
    const customer = await t.http
      .post('/api/Customers')
      .set('Authorization', `Bearer ${key}`)
      .send({ name: 'عميل من التكامل' });
    expect(customer.status).toBe(201);
    const [audit] = await t.ds.query(
      `SELECT user_id FROM audit_logs WHERE entity = 'customer' AND entity_id = $1`,
      [customer.body.id],
    );
    expect(audit.user_id).toBe(created.body.id);
    // A wrong secret or a revoked key is a guest.
    expect(
      (await t.http.get('/api/Products').set('Authorization', `Bearer ${key.slice(0, -2)}xx`))
        .status,
    ).toBe(401);
    expect((await admin.delete(`/api/admin/apiKeys/${created.body.id}`)).status).toBe(204);
    expect((await bearer('/api/Products')).status).toBe(401);
  });

  it('is for administrators only to manage', async () => {
    const manager = new Client(t.app);
    await manager.signIn('manager');
    expect(
      (await manager.post('/api/admin/apiKeys', { name: 'x', permissions: [], branchId })).status,
    ).toBe(403);
  });

  it("shows a shift a key opened before keys were bounded, by the key's name, and lets an administrator close it", async () => {
    // Issue 30 item 11: before the fix a key could open a shift; its id stood as the cashier, so
    // every read joining users hid it (404). The migration gives such keys an inactive user row.
    const created = await admin.post('/api/admin/apiKeys', {
      name: 'تكامل قديم',
      permissions: ['can_see_products'],
      branchId,
    });
    expect(created.status).toBe(201);
    const keyId = created.body.id as string;
    const shiftId = randomUUID();
    const register = await freeRegister(t.ds, branchId, 80);
    await t.ds.query(
      `INSERT INTO shifts (id, branch_id, register, cashier_id, status, opening_cash) VALUES ($1, $2, $3, $4, 'open', 0)`,
      [shiftId, branchId, register, keyId],
    );
    expect((await admin.get(`/api/Shift/${shiftId}`)).status).toBe(404);

    const runner = t.ds.createQueryRunner();
    try {
      await new ApiKeyAuthors1796200000150().up(runner);
      await new ApiKeyAuthors1796200000150().up(runner); // twice: nothing more
    } finally {
      await runner.release();
    }
    const shown = await admin.get(`/api/Shift/${shiftId}`);
    expect(shown.status).toBe(200);
    expect(shown.body.cashierName).toBe('مفتاح API: تكامل قديم');
    const listed = (await admin.get('/api/Shift?pageSize=100&status=open')).body as {
      id: string;
    }[];
    expect(listed.map((x) => x.id)).toContain(shiftId);
    const [user] = await t.ds.query('SELECT active, is_admin, role_id FROM users WHERE id = $1', [
      keyId,
    ]);
    expect(user).toEqual({ active: false, is_admin: false, role_id: null });
    // Nobody signs in as it.
    const [{ username }] = await t.ds.query('SELECT username FROM users WHERE id = $1', [keyId]);
    expect((await new Client(t.app).signIn(username, '!api-key')).status).toBe(401);
    // An administrator closes it like any other shift.
    const closed = await admin.post(`/api/Shift/${shiftId}/close`, { countedCash: 0 });
    expect(closed.status).toBe(201);
    expect(closed.body.status).toBe('closed');
  });
});
