import {
  Client,
  createTestApp,
  createUserWith,
  tableCounts,
  type TestApp,
} from '../medium/support/app';
import { concretePath, registeredRoutes, type RegisteredRoute } from '../medium/support/routes';

const cookiesOf = (res: { headers: Record<string, unknown> }) =>
  (res.headers['set-cookie'] as string[] | undefined) ?? [];
const cookieNamed = (res: { headers: Record<string, unknown> }, name: string) =>
  cookiesOf(res).find((c) => c.startsWith(`${name}=`));
const valueOf = (setCookie: string) => setCookie.split(';')[0];
const IGNORED = ['sessions', 'login_failures', 'audit_logs'];

describe('sessions and CSRF', () => {
  let t: TestApp;
  let admin: Client;
  let other: Client;
  let writes: RegisteredRoute[];

  beforeAll(async () => {
    t = await createTestApp();
    admin = new Client(t.app);
    await admin.signIn('admin');
    other = new Client(t.app);
    await other.signIn('manager');
    writes = registeredRoutes(t.app).filter(
      (r) => r.method !== 'get' && !r.path.startsWith('/api/auth'),
    );
  });
  afterAll(async () => {
    await t.close();
  });

  it("refuses every state-changing route without the token, with a forged one, or with another session's, writing nothing", async () => {
    expect(writes.length).toBeGreaterThan(40);
    expect(admin.csrf).not.toBe(other.csrf);
    const before = await tableCounts(t.ds, IGNORED);
    const failures: string[] = [];
    // A body that would pass validation on many routes: the token check must come first anyway.
    const body = {
      name: 'csrf-probe',
      nameAr: 'csrf-probe',
      permissions: [],
      openingCash: 0,
      countedCash: 0,
    };
    const queue = [...writes];
    const worker = async () => {
      for (let r = queue.shift(); r; r = queue.shift()) await probe(r);
    };
    const probe = async (r: RegisteredRoute) => {
      const path = concretePath(r.path);
      const attempts = {
        missing: admin.agent[r.method](path).send(body),
        forged: admin.agent[r.method](path)
          .set('X-CSRF-Token', 'x'.repeat(admin.csrf.length))
          .send(body),
        otherSession: admin.agent[r.method](path).set('X-CSRF-Token', other.csrf).send(body),
        inQuery: admin.agent[r.method](`${path}?csrfToken=${encodeURIComponent(admin.csrf)}`).send(
          body,
        ),
        evilOrigin: admin.agent[r.method](path)
          .set('X-CSRF-Token', admin.csrf)
          .set('Origin', 'https://evil.example')
          .send(body),
        evilReferer: admin.agent[r.method](path)
          .set('X-CSRF-Token', admin.csrf)
          .set('Referer', 'https://evil.example/page')
          .send(body),
        nullOrigin: admin.agent[r.method](path)
          .set('X-CSRF-Token', admin.csrf)
          .set('Origin', 'null')
          .send(body),
      };
      for (const [kind, req] of Object.entries(attempts)) {
        const res = await req;
        if (res.status !== 403 || res.body.code !== 'CSRF_INVALID')
          failures.push(`${kind} ${r.method} ${r.path} → ${res.status} ${res.body.code}`);
      }
    };
    await Promise.all([worker(), worker(), worker(), worker()]);
    expect(failures).toEqual([]);
    expect(await tableCounts(t.ds, IGNORED)).toEqual(before);
  });

  it('accepts the same state change from the same origin (Origin or Referer naming this host) or with no Origin', async () => {
    const names = ['origin-same', 'referer-same', 'no-origin'];
    const a = await admin.agent
      .post('/api/Roles')
      .set('Host', 'pos.test')
      .set('Origin', 'http://pos.test')
      .set('X-CSRF-Token', admin.csrf)
      .send({ name: names[0], permissions: [] });
    const b = await admin.agent
      .post('/api/Roles')
      .set('Host', 'pos.test:8443')
      .set('Referer', 'https://pos.test:8443/roles')
      .set('X-CSRF-Token', admin.csrf)
      .send({ name: names[1], permissions: [] });
    const c = await admin.post('/api/Roles', { name: names[2], permissions: [] });
    expect([a.status, b.status, c.status]).toEqual([201, 201, 201]);
    // Another port of the same host is another origin.
    const port = await admin.agent
      .post('/api/Roles')
      .set('Host', 'pos.test')
      .set('Origin', 'http://pos.test:8080')
      .set('X-CSRF-Token', admin.csrf)
      .send({ name: 'other-port', permissions: [] });
    expect(port.status).toBe(403);
    const [{ n }] = await t.ds.query('SELECT count(*)::int AS n FROM roles WHERE name = ANY($1)', [
      [...names, 'other-port'],
    ]);
    expect(n).toBe(3);
  });

  it('refuses a cross-site sign-in and sign-out (login CSRF), even with the right form token', async () => {
    const c = new Client(t.app);
    await c.fetchCsrf();
    const signIn = await c.agent
      .post('/api/auth/callback/credentials')
      .set('Origin', 'https://evil.example')
      .type('form')
      .send({
        csrfToken: c.csrf,
        callbackUrl: '/',
        json: 'true',
        username: 'cashier',
        password: 'demo1234',
      });
    expect(signIn.status).toBe(403);
    expect(cookieNamed(signIn, 'pos.session')).toBeUndefined();
    const victim = new Client(t.app);
    await victim.signIn('cashier');
    const signOut = await victim.agent
      .post('/api/auth/signout')
      .set('Origin', 'https://evil.example')
      .type('form')
      .send({ csrfToken: victim.csrf, json: 'true' });
    expect(signOut.status).toBe(403);
    expect((await victim.get('/api/auth/session')).body.user?.username).toBe('cashier');
  });

  it('issues a fresh session id at sign-in and ignores a planted one (no session fixation)', async () => {
    const c = new Client(t.app);
    await c.fetchCsrf();
    const planted = 'pos.session=attacker-chosen-value-0123456789abcdefghijklmnop';
    const res = await c.agent
      .post('/api/auth/callback/credentials')
      .set('Cookie', planted)
      .type('form')
      .send({
        csrfToken: c.csrf,
        callbackUrl: '/',
        json: 'true',
        username: 'storekeeper',
        password: 'demo1234',
      });
    expect(res.status).toBe(200);
    const issued = cookieNamed(res, 'pos.session')!;
    expect(valueOf(issued)).not.toBe(planted);
    expect((await t.http.get('/api/auth/session').set('Cookie', planted)).body).toEqual({});
    expect(
      (await t.http.get('/api/auth/session').set('Cookie', valueOf(issued))).body.user.username,
    ).toBe('storekeeper');
    // Signing in again rotates the id and kills the previous one.
    const again = await c.signIn('storekeeper');
    const next = valueOf(cookieNamed(again, 'pos.session')!);
    expect(next).not.toBe(valueOf(issued));
    expect((await t.http.get('/api/auth/session').set('Cookie', valueOf(issued))).body).toEqual({});
    // Only a hash of the token is stored: the cookie value is not a sessions.id.
    const token = decodeURIComponent(next.split('=')[1]);
    const [{ n }] = await t.ds.query('SELECT count(*)::int AS n FROM sessions WHERE id = $1', [
      token,
    ]);
    expect(n).toBe(0);
  });

  it('revokes at sign-out: the old cookie replayed is a guest', async () => {
    const c = new Client(t.app);
    const res = await c.signIn('accountant');
    const cookie = valueOf(cookieNamed(res, 'pos.session')!);
    expect((await t.http.get('/api/Features').set('Cookie', cookie)).status).toBe(200);
    const out = await c.agent
      .post('/api/auth/signout')
      .type('form')
      .send({ csrfToken: c.csrf, json: 'true' });
    expect(out.status).toBe(200);
    expect((await t.http.get('/api/Features').set('Cookie', cookie)).status).toBe(401);
  });

  it('revokes every session of a deactivated user or one whose password is reset', async () => {
    const user = await createUserWith(t.ds, ['can_see_products']);
    const phone = new Client(t.app);
    const laptop = new Client(t.app);
    await phone.signIn(user.username, user.password);
    await laptop.signIn(user.username, user.password);
    expect((await phone.get('/api/Features')).status).toBe(200);
    expect(
      (await admin.post(`/api/Users/${user.id}/reset-password`, { password: 'new-password-123' }))
        .status,
    ).toBe(204);
    expect((await phone.get('/api/Features')).status).toBe(401);
    expect((await laptop.get('/api/Features')).status).toBe(401);
    await phone.signIn(user.username, 'new-password-123');
    expect((await phone.get('/api/Features')).status).toBe(200);
    expect((await admin.patch(`/api/Users/${user.id}`, { active: false })).status).toBe(200);
    expect((await phone.get('/api/Features')).status).toBe(401);
    const retry = await phone.signIn(user.username, 'new-password-123');
    expect(retry.status).toBe(401);
    expect(cookieNamed(retry, 'pos.session')).toBeUndefined();
  });

  it('sets the session and CSRF cookies httpOnly and SameSite', async () => {
    const c = new Client(t.app);
    const csrf = await c.agent.get('/api/auth/csrf');
    const signIn = await c.signIn('cashier');
    for (const cookie of [
      cookieNamed(csrf, 'pos.csrf') ?? cookiesOf(csrf)[0],
      cookieNamed(signIn, 'pos.session'),
    ]) {
      expect(cookie).toBeDefined();
      expect(cookie).toMatch(/;\s*HttpOnly/i);
      expect(cookie).toMatch(/;\s*SameSite=(Lax|Strict)/i);
      expect(cookie).toMatch(/;\s*Path=\//i);
    }
    // The token the page reads is not the cookie's content (the cookie carries its signature too).
    expect(valueOf(cookiesOf(csrf)[0]).split('=')[1]).not.toBe(c.csrf);
  });

  it('throttles sign-in: 429 after 5 failures, even with the right password, and the same answer for unknown users', async () => {
    const user = await createUserWith(t.ds, []);
    const c = new Client(t.app);
    const wrong = await c.signIn(user.username, 'wrong-password');
    const unknown = await c.signIn(`nobody-${user.username}`, 'wrong-password');
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual(wrong.body);
    for (let i = 0; i < 4; i++)
      expect((await c.signIn(user.username, 'wrong-password')).status).toBe(401);
    const blocked = await c.signIn(user.username, user.password);
    expect(blocked.status).toBe(429);
    expect(blocked.body.code).toBe('TOO_MANY_ATTEMPTS');
    expect(cookieNamed(blocked, 'pos.session')).toBeUndefined();
    // Unknown usernames are throttled the same way (no enumeration by timing out differently).
    for (let i = 0; i < 4; i++) await c.signIn(`nobody-${user.username}`, 'x');
    expect((await c.signIn(`nobody-${user.username}`, 'x')).status).toBe(429);
  });
});
