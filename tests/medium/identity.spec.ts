import { Client, createTestApp, createUserWith, tableCounts, type TestApp } from './support/app';

describe('identity and settings', () => {
  let t: TestApp;
  let admin: Client;

  beforeAll(async () => {
    t = await createTestApp();
    admin = new Client(t.app);
    await admin.signIn('admin');
  });
  afterAll(async () => {
    await t.close();
  });

  it('creates a branch, a role and a cashier who can then sign in with only that role', async () => {
    const branch = await admin.post('/api/Branch', {
      name: 'فرع المعادي',
      location: 'المعادي',
      taxType: 'F',
    });
    expect(branch.status).toBe(201);
    const role = await admin.post('/api/Roles', {
      name: 'كاشير المعادي',
      permissions: ['can_see_products', 'can_see_customers'],
    });
    expect(role.status).toBe(201);
    expect(role.body).toMatchObject({
      permissions: ['can_see_products', 'can_see_customers'],
      userCount: 0,
    });
    const user = await admin.post('/api/Users', {
      username: 'Maadi.Cashier',
      displayName: 'كاشير المعادي',
      password: 'strong-pass-1',
      roleId: role.body.id,
      branchId: branch.body.id,
      screens: ['POS', 'Products'],
    });
    expect(user.status).toBe(201);
    expect(user.body).toMatchObject({
      username: 'maadi.cashier',
      roleName: 'كاشير المعادي',
      branchName: 'فرع المعادي',
      active: true,
    });
    expect(user.body.passwordHash).toBeUndefined();

    const cashier = new Client(t.app);
    expect((await cashier.signIn('MAADI.cashier', 'strong-pass-1')).status).toBe(200);
    const session = (await cashier.get('/api/auth/session')).body.user;
    expect(session.permissions).toEqual([
      { key: 'can_see_products' },
      { key: 'can_see_customers' },
    ]);
    expect(session.screens).toEqual(['POS', 'Products']);
    expect(session.branchId).toBe(branch.body.id);
    // A route the cashier lacks is refused on the server.
    expect((await cashier.get('/api/Roles')).status).toBe(403);
    expect((await cashier.get('/api/Users')).status).toBe(403);
    // The cashier sees their own branch only.
    const branches = await cashier.get('/api/Branch');
    expect(branches.body.map((b: { id: string }) => b.id)).toEqual([branch.body.id]);
    expect(branches.headers['x-total-count']).toBe('1');
    const other = (await admin.get('/api/Branch')).body.find(
      (b: { id: string }) => b.id !== branch.body.id,
    );
    expect((await cashier.get(`/api/Branch/${other.id}`)).status).toBe(404);

    // Role in use cannot be deleted.
    expect((await admin.delete(`/api/Roles/${role.body.id}`)).status).toBe(409);
  });

  it('records an audit trail with before and after for edits, without secrets', async () => {
    const branch = await admin.post('/api/Branch', {
      name: 'فرع التجمع',
      invoiceClientSecret: 'top-secret',
    });
    expect(branch.body.hasInvoiceClientSecret).toBe(true);
    expect(JSON.stringify(branch.body)).not.toContain('top-secret');
    const [stored] = await t.ds.query('SELECT invoice_client_secret FROM branches WHERE id = $1', [
      branch.body.id,
    ]);
    expect(stored.invoice_client_secret).not.toContain('top-secret');
    await admin.patch(`/api/Branch/${branch.body.id}`, { name: 'فرع التجمع الخامس' });
    const logs = await admin.get(`/api/AuditLogs?entity=branch&entityId=${branch.body.id}`);
    expect(logs.status).toBe(200);
    const update = logs.body.find((l: { action: string }) => l.action === 'branch.update');
    expect(update.before.name).toBe('فرع التجمع');
    expect(update.after.name).toBe('فرع التجمع الخامس');
    expect(update.before.invoiceClientSecret).toBe('***');
    expect(update.userId).toBeTruthy();
    expect(update.ip).toBeTruthy();
  });

  it('refuses a branch over the limit with a clear message and keeps the count', async () => {
    const [{ n }] = await t.ds.query('SELECT count(*)::int AS n FROM branches');
    expect((await admin.patch('/api/admin/settings', { maxBranches: n })).status).toBe(200);
    expect((await admin.get('/api/admin/settings')).body).toEqual({ maxBranches: n });
    const res = await admin.post('/api/Branch', { name: 'فرع زائد' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'BRANCH_LIMIT_REACHED',
      message: `تم الوصول للحد الأقصى لعدد الفروع (${n})`,
    });
    const [{ n: after }] = await t.ds.query('SELECT count(*)::int AS n FROM branches');
    expect(after).toBe(n);
    await admin.patch('/api/admin/settings', { maxBranches: 100 });
  });

  it('keeps the last administrator', async () => {
    const [{ id }] = await t.ds.query(`SELECT id FROM users WHERE username = 'admin'`);
    await t.ds.query(`UPDATE users SET is_admin = false WHERE username <> 'admin' AND is_admin`);
    const res = await admin.patch(`/api/Users/${id}`, { isAdmin: false });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('LAST_ADMIN');
  });

  it('lets only an administrator grant or remove isAdmin and touch an administrator', async () => {
    const ADMIN_REQUIRED =
      'منح صلاحية مدير النظام أو سحبها، أو تعديل حساب مدير النظام، متاح لمدير النظام فقط';
    const creds = await createUserWith(t.ds, ['can_manage_users']);
    const manager = new Client(t.app);
    expect((await manager.signIn(creds.username, creds.password)).status).toBe(200);
    const target = await createUserWith(t.ds, []);
    const otherAdmin = await createUserWith(t.ds, [], { isAdmin: true });
    const [{ id: adminId }] = await t.ds.query(`SELECT id FROM users WHERE username = 'admin'`);
    const [{ password_hash: adminHash }] = await t.ds.query(
      'SELECT password_hash FROM users WHERE id = $1',
      [adminId],
    );
    const expect403 = (res: { status: number; body: { code: string; message: string } }) => {
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ code: 'ADMIN_REQUIRED', message: ADMIN_REQUIRED });
    };

    // Granting: on create, on themselves, on another user.
    expect403(
      await manager.post('/api/Users', {
        username: 'sneaky.admin',
        displayName: 'x',
        password: 'strong-pass-1',
        isAdmin: true,
      }),
    );
    expect((await t.ds.query(`SELECT 1 FROM users WHERE username = 'sneaky.admin'`)).length).toBe(
      0,
    );
    expect403(await manager.patch(`/api/Users/${creds.id}`, { isAdmin: true }));
    expect403(await manager.patch(`/api/Users/${target.id}`, { isAdmin: true }));
    // Removing, editing, deactivating, resetting the password of an administrator.
    expect403(await manager.patch(`/api/Users/${otherAdmin.id}`, { isAdmin: false }));
    expect403(await manager.patch(`/api/Users/${adminId}`, { displayName: 'مخترق' }));
    expect403(await manager.delete(`/api/Users/${adminId}`));
    expect403(
      await manager.post(`/api/Users/${adminId}/reset-password`, { password: 'taken-over-1' }),
    );
    const rows = await t.ds.query(
      'SELECT id, is_admin, active, display_name, password_hash FROM users WHERE id = ANY($1)',
      [[creds.id, target.id, otherAdmin.id, adminId]],
    );
    const byId = Object.fromEntries(rows.map((r: { id: string }) => [r.id, r]));
    expect(byId[creds.id].is_admin).toBe(false);
    expect(byId[target.id].is_admin).toBe(false);
    expect(byId[otherAdmin.id].is_admin).toBe(true);
    expect(byId[adminId]).toMatchObject({ is_admin: true, active: true, password_hash: adminHash });
    expect(byId[adminId].display_name).not.toBe('مخترق');
    // The message follows the locale.
    const en = new Client(t.app, 'en');
    await en.signIn(creds.username, creds.password);
    const refused = await en.agent
      .patch(`/api/Users/${adminId}`)
      .set('X-CSRF-Token', en.csrf)
      .set('Cookie', 'locale=en')
      .send({ active: false });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(
      'Only a system administrator may grant or remove administrator rights or change an administrator',
    );

    // What a user manager may still do: edit a non-administrator (sending the unchanged flag too),
    // reset their password, deactivate them.
    const edited = await manager.patch(`/api/Users/${target.id}`, {
      displayName: 'موظف',
      isAdmin: false,
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ displayName: 'موظف', isAdmin: false });
    expect(
      (await manager.post(`/api/Users/${target.id}/reset-password`, { password: 'new-pass-123' }))
        .status,
    ).toBe(204);
    expect((await manager.delete(`/api/Users/${target.id}`)).status).toBe(200);
    // And an administrator may do all of it.
    expect((await admin.patch(`/api/Users/${creds.id}`, { isAdmin: true })).body.isAdmin).toBe(
      true,
    );
    expect((await admin.patch(`/api/Users/${creds.id}`, { isAdmin: false })).body.isAdmin).toBe(
      false,
    );
    expect(
      (await admin.post(`/api/Users/${otherAdmin.id}/reset-password`, { password: 'new-pass-456' }))
        .status,
    ).toBe(204);
  });

  it('lets a user manager give only roles within their own permissions, and never change their own role', async () => {
    const ROLE_TOO_STRONG =
      'لا يمكنك منح دور يتضمن صلاحيات لا تملكها، ولا تعديل مستخدم لديه مثل هذا الدور';
    const creds = await createUserWith(t.ds, [
      'can_manage_users',
      'can_see_products',
      'can_see_customers',
      'can_see_invoices',
      'can_return_products',
      'can_see_installments',
    ]);
    const manager = new Client(t.app);
    expect((await manager.signIn(creds.username, creds.password)).status).toBe(200);
    const roleOf = async (userId: string) =>
      (await t.ds.query('SELECT role_id FROM users WHERE id = $1', [userId]))[0].role_id;
    const [{ id: fullRoleId }] = await t.ds.query(
      `SELECT id FROM roles WHERE name = 'مدير النظام'`,
    );
    const [{ id: cashierRoleId }] = await t.ds.query(`SELECT id FROM roles WHERE name = 'كاشير'`);
    const ownRoleId = await roleOf(creds.id);
    const target = await createUserWith(t.ds, ['can_see_products']);
    const targetRoleId = await roleOf(target.id);
    const expectTooStrong = (res: { status: number; body: { code: string; message: string } }) => {
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ code: 'ROLE_TOO_STRONG', message: ROLE_TOO_STRONG });
    };

    // The picker says which roles the manager may give; an administrator may give any.
    const options = (await manager.get('/api/Users/role-options')).body as {
      id: string;
      assignable: boolean;
    }[];
    const assignable = Object.fromEntries(options.map((o) => [o.id, o.assignable]));
    expect(assignable).toMatchObject({
      [fullRoleId]: false,
      [cashierRoleId]: true,
      [ownRoleId]: true,
      [targetRoleId]: true,
    });
    expect(
      (await admin.get('/api/Users/role-options')).body.every(
        (o: { assignable: boolean }) => o.assignable,
      ),
    ).toBe(true);

    // A stronger role: refused on create and on edit, and nothing is written.
    const before = await tableCounts(t.ds);
    expectTooStrong(
      await manager.post('/api/Users', {
        username: 'strong.one',
        displayName: 'x',
        password: 'strong-pass-1',
        roleId: fullRoleId,
      }),
    );
    expectTooStrong(
      await manager.patch(`/api/Users/${target.id}`, { roleId: fullRoleId, displayName: 'مرقّى' }),
    );
    // Their own role, whether stronger, weaker or none, is not theirs to change.
    for (const roleId of [fullRoleId, cashierRoleId, null]) {
      const res = await manager.patch(`/api/Users/${creds.id}`, { roleId });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('OWN_ROLE_CHANGE');
    }
    expect(await tableCounts(t.ds)).toEqual(before);
    expect(await roleOf(target.id)).toBe(targetRoleId);
    expect(await roleOf(creds.id)).toBe(ownRoleId);
    expect(
      (await t.ds.query('SELECT display_name FROM users WHERE id = $1', [target.id]))[0]
        .display_name,
    ).not.toBe('مرقّى');

    // A role within their permissions works; resending their own unchanged role is no change.
    const created = await manager.post('/api/Users', {
      username: 'new.cashier',
      displayName: 'كاشير جديد',
      password: 'strong-pass-1',
      roleId: cashierRoleId,
    });
    expect(created.status).toBe(201);
    expect(created.body.roleId).toBe(cashierRoleId);
    expect(
      (await manager.patch(`/api/Users/${target.id}`, { roleId: cashierRoleId })).body.roleId,
    ).toBe(cashierRoleId);
    expect(
      (await manager.patch(`/api/Users/${target.id}`, { roleId: null })).body.roleId,
    ).toBeNull();
    const self = await manager.patch(`/api/Users/${creds.id}`, {
      roleId: ownRoleId,
      displayName: 'مدير المستخدمين',
    });
    expect(self.status).toBe(200);
    expect(self.body).toMatchObject({ roleId: ownRoleId, displayName: 'مدير المستخدمين' });

    // A user who already holds a stronger role is out of reach: no edit, password reset or deactivation.
    const strong = await createUserWith(t.ds, ['can_manage_users', 'can_see_buy_price']);
    const [{ password_hash: strongHash }] = await t.ds.query(
      'SELECT password_hash FROM users WHERE id = $1',
      [strong.id],
    );
    expectTooStrong(await manager.patch(`/api/Users/${strong.id}`, { displayName: 'x' }));
    expectTooStrong(
      await manager.post(`/api/Users/${strong.id}/reset-password`, { password: 'taken-over-1' }),
    );
    expectTooStrong(await manager.delete(`/api/Users/${strong.id}`));
    const [strongRow] = await t.ds.query(
      'SELECT display_name, active, password_hash FROM users WHERE id = $1',
      [strong.id],
    );
    expect(strongRow).toMatchObject({
      display_name: strong.username,
      active: true,
      password_hash: strongHash,
    });

    // The message follows the locale.
    const en = new Client(t.app, 'en');
    await en.signIn(creds.username, creds.password);
    const refused = await en.agent
      .post('/api/Users')
      .set('X-CSRF-Token', en.csrf)
      .set('Cookie', 'locale=en')
      .send({
        username: 'strong.two',
        displayName: 'x',
        password: 'strong-pass-1',
        roleId: fullRoleId,
      });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(
      'You cannot assign a role with permissions you do not hold, nor change a user who has such a role',
    );

    // API keys (which carry permissions too) are made by administrators only.
    expect(
      (
        await manager.post('/api/admin/apiKeys', {
          name: 'k',
          permissions: ['can_manage_users'],
          branchId: null,
        })
      ).status,
    ).toBe(403);
    // An administrator gives any role, to anyone.
    expect((await admin.patch(`/api/Users/${target.id}`, { roleId: fullRoleId })).body.roleId).toBe(
      fullRoleId,
    );
    expect(
      (await admin.patch(`/api/Users/${creds.id}`, { roleId: cashierRoleId })).body.roleId,
    ).toBe(cashierRoleId);
  });

  it('resets a password and signs the user out', async () => {
    const created = await admin.post('/api/Users', {
      username: 'reset.me',
      displayName: 'مستخدم',
      password: 'first-pass-1',
    });
    const u = new Client(t.app);
    await u.signIn('reset.me', 'first-pass-1');
    expect(
      (
        await admin.post(`/api/Users/${created.body.id}/reset-password`, {
          password: 'second-pass-2',
        })
      ).status,
    ).toBe(204);
    expect((await u.get('/api/auth/session')).body).toEqual({});
    expect((await u.signIn('reset.me', 'first-pass-1')).status).toBe(401);
    expect((await u.signIn('reset.me', 'second-pass-2')).status).toBe(200);
  });

  it('refuses a duplicate username with a clear message', async () => {
    const res = await admin.post('/api/Users', {
      username: 'cashier',
      displayName: 'نسخة',
      password: 'another-pass',
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('UNIQUE_VIOLATION');
    expect(res.body.message).toContain('cashier');
  });

  it('serves features, store info (a list) and the public configuration', async () => {
    const features = await admin.get('/api/Features');
    expect(features.body).toEqual(
      expect.arrayContaining([{ key: 'print_from_branch_data', enabled: true }]),
    );
    expect(
      (await admin.put('/api/Features/print_from_branch_data', { enabled: false })).body,
    ).toEqual({ key: 'print_from_branch_data', enabled: false });
    expect((await admin.get('/api/Features')).body).toEqual(
      expect.arrayContaining([{ key: 'print_from_branch_data', enabled: false }]),
    );
    await admin.put('/api/Features/print_from_branch_data', { enabled: true });
    const store = await admin.get('/api/StoreInfo');
    expect(Array.isArray(store.body)).toBe(true);
    expect(store.body[0]).toHaveProperty('recepitInfo');
    const patched = await admin.patch(`/api/StoreInfo/${store.body[0].id}`, {
      sidebarItems: ['POS'],
      address: 'القاهرة',
    });
    expect(patched.body).toMatchObject({ sidebarItems: ['POS'], address: 'القاهرة' });
    await admin.patch(`/api/StoreInfo/${store.body[0].id}`, { sidebarItems: null });
    const config = await t.http.get('/api/config');
    expect(config.body.modules).toEqual(['POS', 'Einvoice', 'INSTALLMENTS', 'Maintenance']);
  });

  it('uploads an image and serves it back; refuses other files', async () => {
    const png = Buffer.from(
      '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f8f0f20000000049454e44ae426082',
      'hex',
    );
    const up = await admin.agent
      .post('/api/files')
      .set('X-CSRF-Token', admin.csrf)
      .attach('file', png, { filename: 'logo.png', contentType: 'image/png' });
    expect(up.status).toBe(201);
    const got = await admin.get(up.body.url);
    expect(got.status).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    const bad = await admin.agent
      .post('/api/files')
      .set('X-CSRF-Token', admin.csrf)
      .attach('file', Buffer.from('#!/bin/sh'), { filename: 'x.sh', contentType: 'text/x-sh' });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('UNSUPPORTED_FILE');
  });
});
