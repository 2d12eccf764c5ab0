import { Client, createTestApp, type TestApp } from '../medium/support/app';
import { concretePath, registeredRoutes, type RegisteredRoute } from '../medium/support/routes';
import { DEMO_ROLES, demoActor, expectedFor, refusalCode, type Actor } from './support';

// Every registered route × every demo role, an API key and a guest → the status the route's declared access
// implies. Generated from the controllers' metadata: a new endpoint is in the matrix the day it
// is added, and a route whose rule the guard does not enforce fails here.
describe('permission matrix: every route × every demo role, an API key and a guest', () => {
  let t: TestApp;
  let routes: RegisteredRoute[];
  let actors: Actor[];
  let modules: string[];

  beforeAll(async () => {
    t = await createTestApp();
    routes = registeredRoutes(t.app);
    actors = [{ name: 'guest', client: null, isAdmin: false, permissions: [], branchId: null }];
    for (const username of DEMO_ROLES) actors.push(await demoActor(t, username));
    modules = (await t.http.get('/api/config')).body.modules;
    // An integration's key: some reading and some writing permissions, bound to the admin's branch.
    const admin = actors.find((a) => a.name === 'admin')!;
    const keyPermissions = [
      'can_see_products',
      'can_see_customers',
      'can_see_inventories',
      'can_adjust_stock',
      'can_see_invoices',
    ];
    const key = await admin.client!.post('/api/admin/apiKeys', {
      name: 'مفتاح المصفوفة',
      permissions: keyPermissions,
      branchId: admin.branchId,
    });
    expect(key.status).toBe(201);
    actors.push({
      name: 'api-key',
      client: null,
      isAdmin: false,
      permissions: keyPermissions,
      branchId: admin.branchId,
      bearer: key.body.key,
    });
  });
  afterAll(async () => {
    await t.close();
  });

  const call = (actor: Actor, r: RegisteredRoute) => {
    const path = concretePath(r.path);
    if (actor.bearer)
      return t.http[r.method](path).set('Authorization', `Bearer ${actor.bearer}`).send({});
    if (!actor.client) return t.http[r.method](path).send({});
    const c: Client = actor.client;
    return c.agent[r.method](path).set('X-CSRF-Token', c.csrf).send({});
  };

  it('reads the roles the demo seed gives (the matrix is not vacuous)', () => {
    const byName = Object.fromEntries(actors.map((a) => [a.name, a]));
    expect(routes.length).toBeGreaterThan(60);
    expect(byName.admin.isAdmin).toBe(true);
    for (const name of ['manager', 'cashier', 'storekeeper', 'accountant']) {
      expect(byName[name].isAdmin).toBe(false);
      expect(byName[name].permissions.length).toBeGreaterThan(0);
    }
    // Every actor is refused somewhere and allowed somewhere (but the admin, allowed everywhere).
    for (const a of actors) {
      const expectations = routes.map((r) => expectedFor(r, a, modules));
      expect(expectations).toContain('allowed');
      if (a.name !== 'admin') expect(expectations.some((e) => e !== 'allowed')).toBe(true);
    }
  });

  it('answers each (route, actor) pair as the route metadata says', async () => {
    const failures: string[] = [];
    let checked = 0;
    // One sequential walk per actor, the actors side by side.
    await Promise.all(
      actors.map(async (actor) => {
        for (const r of routes) {
          const expected = expectedFor(r, actor, modules);
          const res = await call(actor, r);
          checked++;
          const where = `${actor.name}: ${r.method.toUpperCase()} ${r.path} (${r.access.kind}${r.access.kind === 'permissions' ? ' ' + r.access.permissions.join('+') : ''})`;
          if (res.status >= 500) failures.push(`${where} → ${res.status}`);
          else if (expected === 'allowed') {
            // Not refused by the guard; the handler may still answer 400/404/409 to the empty body and made-up id.
            if (
              r.access.kind === 'public'
                ? ['UNAUTHENTICATED', 'FORBIDDEN', 'API_KEY_NOT_ALLOWED'].includes(res.body?.code)
                : res.status === 401 || res.status === 403
            ) {
              failures.push(
                `${where} → ${res.status} ${res.body?.code}, expected to pass the guard`,
              );
            }
          } else if (res.status !== expected) {
            failures.push(`${where} → ${res.status} ${res.body?.code}, expected ${expected}`);
          } else if (
            res.body?.code !== (expected === 401 ? 'UNAUTHENTICATED' : refusalCode(r, actor))
          ) {
            failures.push(`${where} → ${res.status} with code ${res.body?.code}`);
          }
        }
      }),
    );
    expect(failures).toEqual([]);
    expect(checked).toBe(routes.length * actors.length);
  });

  it('keeps every demo session alive through the matrix (sign-out without its form token revokes nothing)', async () => {
    for (const a of actors.filter((x) => x.client)) {
      const session = await a.client!.get('/api/auth/session');
      expect(session.body.user?.username).toBe(a.name);
    }
  });
});
