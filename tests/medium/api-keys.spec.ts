import { Client, createTestApp, type TestApp } from './support/app';

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
    const listed = (await admin.get('/api/admin/apiKeys')).body;
    expect(JSON.stringify(listed)).not.toContain(key.split('_')[2]);
    const [{ hash }] = await t.ds.query('SELECT hash FROM api_keys WHERE id = $1', [
      created.body.id,
    ]);
    expect(hash).not.toContain(key.split('_')[2]);

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
});
