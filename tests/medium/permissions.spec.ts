import { PERMISSION_KEYS, type PermissionKey } from '@pos/contracts';
import { Client, createTestApp, createUserWith, type TestApp } from './support/app';
import { ModuleProbeController } from './support/module-probe.controller';
import { concretePath, registeredRoutes, type RegisteredRoute } from './support/routes';

// Walks every registered route and proves its declared rule: 401 without a session, 403 without
// the permission (or isAdmin), and not refused for a user who has exactly what it needs.
describe('server-side permissions on every route', () => {
  let t: TestApp;
  let routes: RegisteredRoute[];
  let none: Client;
  let everything: Client;
  const refused = (s: number) => s === 401 || s === 403;

  beforeAll(async () => {
    // With a test-only endpoint that requires a key and modules (/Maintenance needs a module only).
    t = await createTestApp({ controllers: [ModuleProbeController] });
    routes = registeredRoutes(t.app);
    const nobody = await createUserWith(t.ds, []);
    none = new Client(t.app);
    await none.signIn(nobody.username, nobody.password);
    // Every permission key but not an administrator.
    const all = await createUserWith(t.ds, [...PERMISSION_KEYS]);
    everything = new Client(t.app);
    await everything.signIn(all.username, all.password);
  });
  afterAll(async () => {
    await t.close();
  });

  // One signed-in client per permission set (argon2 hashing makes users slow to create).
  const clients = new Map<string, Client>();
  const clientWith = async (keys: PermissionKey[]) => {
    const id = [...keys].sort().join(',');
    let c = clients.get(id);
    if (!c) {
      const user = await createUserWith(t.ds, keys);
      c = new Client(t.app);
      await c.signIn(user.username, user.password);
      clients.set(id, c);
    }
    return c;
  };

  const call = (c: Client | null, r: RegisteredRoute, http = t.http) => {
    const path = concretePath(r.path);
    if (!c) return http[r.method](path).send({});
    return c.agent[r.method](path).set('X-CSRF-Token', c.csrf).send({});
  };

  it('finds the routes and every route declares its access', () => {
    expect(routes.length).toBeGreaterThan(25);
    const undeclared = routes.filter((r) => !r.declared).map((r) => r.handler);
    expect(undeclared).toEqual([]);
  });

  it('answers 401 to a guest on every non-public route', async () => {
    const failures: string[] = [];
    for (const r of routes.filter((x) => x.access.kind !== 'public')) {
      const res = await call(null, r);
      if (res.status !== 401) failures.push(`${r.method} ${r.path} → ${res.status}`);
      else if (res.body.message !== 'برجاء تسجيل الدخول أولا')
        failures.push(`${r.path}: ${res.body.message}`);
    }
    expect(failures).toEqual([]);
  });

  it('answers 403 with the spec message to a user lacking the permission', async () => {
    const failures: string[] = [];
    // A route gated by a module alone (no key: /Maintenance, any user of the branch) is proven
    // by the module rule's test below.
    const moduleOnly = (x: RegisteredRoute) =>
      x.access.kind === 'permissions' && !x.access.permissions.length && !!x.access.modules?.length;
    for (const r of routes.filter(
      (x) => (x.access.kind === 'permissions' && !moduleOnly(x)) || x.access.kind === 'admin',
    )) {
      const res = await call(none, r);
      if (res.status !== 403 || res.body.message !== 'ليس لديك الصلاحية للوصول لهذه الصفحة') {
        failures.push(`${r.method} ${r.path} → ${res.status} ${res.body.message}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('lets a user with exactly the needed permissions through (and only admins to admin routes)', async () => {
    const failures: string[] = [];
    for (const r of routes) {
      if (r.access.kind === 'permissions') {
        const c = await clientWith(r.access.permissions);
        // Missing one of several keys is refused.
        if (r.access.permissions.length > 1) {
          const p = await clientWith(r.access.permissions.slice(1));
          const res = await call(p, r);
          if (res.status !== 403) failures.push(`partial ${r.method} ${r.path} → ${res.status}`);
        }
        const res = await call(c, r);
        if (refused(res.status))
          failures.push(
            `${r.method} ${r.path} → ${res.status} for a user with ${r.access.permissions}`,
          );
      } else if (r.access.kind === 'admin') {
        const res = await call(everything, r);
        if (res.status !== 403)
          failures.push(`admin-only ${r.method} ${r.path} → ${res.status} for a non-admin`);
      } else if (r.access.kind === 'session') {
        const res = await call(none, r);
        if (refused(res.status))
          failures.push(`${r.method} ${r.path} → ${res.status} for a signed-in user`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('lets an administrator through every route', async () => {
    const admin = new Client(t.app);
    await admin.signIn('admin');
    const failures: string[] = [];
    for (const r of routes.filter((x) => !x.path.startsWith('/api/auth'))) {
      const res = await call(admin, r);
      if (refused(res.status)) failures.push(`${r.method} ${r.path} → ${res.status}`);
    }
    expect(failures).toEqual([]);
  });

  it('applies the module rule (spec §5): with modules required, at least one must be enabled', async () => {
    // GET /api/test-only/module-probe needs can_see_products and INSTALLMENTS or Maintenance.
    const probe = routes.find((r) => r.path === '/api/test-only/module-probe');
    expect(probe?.access).toEqual({
      kind: 'permissions',
      permissions: ['can_see_products'],
      modules: ['INSTALLMENTS', 'Maintenance'],
    });
    const admin = new Client(t.app);
    await admin.signIn('admin');
    const user = await clientWith(['can_see_products']);
    const setModules = async (modules: string[]) => {
      const res = await admin.patch('/api/config', { modules });
      expect(res.status).toBe(200);
      expect(res.body.modules).toEqual(modules);
    };
    try {
      await setModules(['POS', 'Einvoice', 'INSTALLMENTS', 'Maintenance']);
      expect((await user.get('/api/test-only/module-probe')).status).toBe(200);
      // Neither required module on: refused, with the spec message, even with the permission.
      await setModules(['POS', 'Einvoice']);
      const off = await user.get('/api/test-only/module-probe');
      expect(off.status).toBe(403);
      expect(off.body).toMatchObject({
        code: 'FORBIDDEN',
        message: 'ليس لديك الصلاحية للوصول لهذه الصفحة',
      });
      await setModules([]);
      expect((await user.get('/api/test-only/module-probe')).status).toBe(403);
      // One of them is enough.
      await setModules(['Maintenance']);
      expect((await user.get('/api/test-only/module-probe')).status).toBe(200);
      await setModules(['INSTALLMENTS']);
      expect((await user.get('/api/test-only/module-probe')).body).toEqual({ ok: true });
      // The module never stands in for the permission.
      expect((await none.get('/api/test-only/module-probe')).status).toBe(403);
      // The permission-only rule is unaffected by modules (can_see_products alone, POS off).
      expect((await user.get('/api/Products')).status).toBe(200);
      // A route gated by its module alone (/Maintenance): refused while the module is off, open
      // to any signed-in user once it is on.
      expect((await none.get('/api/Maintenance')).status).toBe(403);
      await setModules(['Maintenance']);
      expect((await none.get('/api/Maintenance')).status).toBe(200);
    } finally {
      await setModules(['POS', 'Einvoice', 'INSTALLMENTS', 'Maintenance']);
    }
    // Switching modules is admin-only.
    expect((await none.patch('/api/config', { modules: [] })).status).toBe(403);
  });
});
