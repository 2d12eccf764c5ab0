import { Client, createTestApp, type TestApp } from './support/app';

// Issue 11 item 16: the audit log's filters (user, record type, date range as store days) and
// what a row carries for the screen (the user's name), plus the list of record types.
describe('GET /api/AuditLogs filters', () => {
  let t: TestApp;
  let admin: Client;
  let manager: Client;
  let adminId: string;
  let adminName: string;
  let managerId: string;
  let branchId: string;

  const cairoDay = (offsetDays = 0) =>
    new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Cairo' }).format(
      new Date(Date.now() + offsetDays * 86_400_000),
    );

  beforeAll(async () => {
    t = await createTestApp();
    admin = new Client(t.app);
    await admin.signIn('admin');
    manager = new Client(t.app);
    await manager.signIn('manager');
    [{ id: adminId, display_name: adminName }] = await t.ds.query(
      `SELECT id, display_name FROM users WHERE username = 'admin'`,
    );
    [{ id: managerId }] = await t.ds.query(`SELECT id FROM users WHERE username = 'manager'`);
    const branch = await admin.post('/api/Branch', { name: 'فرع سجل التدقيق' });
    expect(branch.status).toBe(201);
    branchId = branch.body.id;
    expect(
      (await admin.patch(`/api/Branch/${branchId}`, { name: 'فرع سجل التدقيق المعدل' })).status,
    ).toBe(200);
  });
  afterAll(async () => {
    await t.close();
  });

  it('filters by user and names the user on each row', async () => {
    const mine = await admin.get(`/api/AuditLogs?userId=${adminId}&pageSize=200`);
    expect(mine.status).toBe(200);
    expect(mine.body.length).toBeGreaterThan(0);
    expect(mine.body.every((r: { userId: string }) => r.userId === adminId)).toBe(true);
    expect(mine.body.find((r: { action: string }) => r.action === 'branch.update')?.userName).toBe(
      adminName,
    );
    expect(adminName).toBeTruthy();
    const theirs = await admin.get(`/api/AuditLogs?userId=${managerId}&pageSize=200`);
    expect(theirs.body.length).toBeGreaterThan(0); // the manager's sign-in
    expect(theirs.body.every((r: { userId: string }) => r.userId === managerId)).toBe(true);
    expect(theirs.body.some((r: { action: string }) => r.action === 'branch.update')).toBe(false);
  });

  it('names each record by its name or document number, not its id (issue 30 item 10)', async () => {
    const branchRows = await admin.get(`/api/AuditLogs?entity=branch&entityId=${branchId}`);
    expect(branchRows.status).toBe(200);
    expect(branchRows.body.length).toBeGreaterThan(0);
    for (const r of branchRows.body) expect(r.entityLabel).toBe('فرع سجل التدقيق المعدل');
    // a sign-in names the user who signed in
    const signIns = await admin.get(`/api/AuditLogs?entity=user&entityId=${adminId}`);
    expect(signIns.body.length).toBeGreaterThan(0);
    expect(signIns.body[0].entityLabel).toBe(adminName);
    // a customer by its name
    const customer = await admin.post('/api/Customers', { name: 'عميل سجل التدقيق' });
    expect(customer.status).toBe(201);
    const customerRows = await admin.get(
      `/api/AuditLogs?entity=customer&entityId=${customer.body.id}`,
    );
    expect(customerRows.body.map((r: { entityLabel: string }) => r.entityLabel)).toEqual(
      customerRows.body.map(() => 'عميل سجل التدقيق'),
    );
  });

  it('takes date-only bounds as whole store days', async () => {
    const today = await admin.get(
      `/api/AuditLogs?entity=branch&from=${cairoDay()}&to=${cairoDay()}`,
    );
    expect(today.body.map((r: { entityId: string }) => r.entityId)).toContain(branchId);
    const before = await admin.get(`/api/AuditLogs?entity=branch&to=${cairoDay(-1)}`);
    expect(before.body.map((r: { entityId: string }) => r.entityId)).not.toContain(branchId);
    const after = await admin.get(`/api/AuditLogs?entity=branch&from=${cairoDay(1)}`);
    expect(after.body).toEqual([]);
  });

  it('lists the record types present, for the filter', async () => {
    const res = await admin.get('/api/AuditLogs/entities');
    expect(res.status).toBe(200);
    expect(res.body).toEqual(expect.arrayContaining(['branch', 'user']));
    expect(new Set(res.body).size).toBe(res.body.length);
  });

  it('refuses a malformed user id with a 400, and non-admins with a 403', async () => {
    const bad = await admin.get('/api/AuditLogs?userId=not-a-uuid');
    expect(bad.status).toBe(400);
    expect((await manager.get('/api/AuditLogs')).status).toBe(403);
    expect((await manager.get('/api/AuditLogs/entities')).status).toBe(403);
  });
});
