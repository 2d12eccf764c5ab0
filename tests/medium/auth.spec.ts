import { Client, createTestApp, createUserWith, type TestApp } from './support/app';

describe('session API (spec §7)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('serves csrf, providers and an empty session to a guest', async () => {
    const csrf = await t.http.get('/api/auth/csrf');
    expect(csrf.status).toBe(200);
    expect(typeof csrf.body.csrfToken).toBe('string');
    expect(csrf.body.csrfToken.length).toBeGreaterThan(20);
    const providers = await t.http.get('/api/auth/providers');
    expect(providers.body.credentials).toMatchObject({ id: 'credentials', type: 'credentials' });
    const session = await t.http.get('/api/auth/session?callbackUrl=/');
    expect(session.status).toBe(200);
    expect(session.body).toEqual({});
  });

  it('signs in with good credentials, sets an httpOnly SameSite cookie and returns the session', async () => {
    const c = new Client(t.app);
    const res = await c.signIn('manager');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ url: '/' });
    const cookie = (res.headers['set-cookie'] as unknown as string[]).find((h) =>
      h.startsWith('pos.session='),
    );
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    const session = await c.get('/api/auth/session');
    expect(session.body.user).toMatchObject({ username: 'manager', isAdmin: false });
    expect(session.body.user.permissions).toEqual(
      expect.arrayContaining([{ key: 'can_see_products' }]),
    );
    expect(new Date(session.body.expires).getTime()).toBeGreaterThan(Date.now());
  });

  it('refuses a wrong password with 401 and the localised message', async () => {
    const c = new Client(t.app);
    const res = await c.signIn('cashier', 'wrong-password');
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({
      statusCode: 401,
      code: 'INVALID_CREDENTIALS',
      message: 'اسم المستخدم أو كلمة المرور غير صحيحة',
    });
    const en = new Client(t.app, 'en');
    await en.fetchCsrf();
    const resEn = await en.agent
      .post('/api/auth/callback/credentials')
      .set('Cookie', 'locale=en')
      .type('form')
      .send({
        csrfToken: en.csrf,
        callbackUrl: '/',
        json: 'true',
        username: 'nobody',
        password: 'x',
      });
    expect(resEn.status).toBe(401);
    expect(resEn.body.message).toBe('Wrong username or password');
  });

  it('refuses sign-in without the CSRF token', async () => {
    const res = await t.http
      .post('/api/auth/callback/credentials')
      .type('form')
      .send({ callbackUrl: '/', json: 'true', username: 'admin', password: 'demo1234' });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('CSRF_INVALID');
  });

  it('sends an unknown provider to the auth error page', async () => {
    const res = await t.http.post('/api/auth/signin/github').type('form').send({ json: 'true' });
    expect(res.status).toBe(200);
    expect(res.body.url).toMatch(/^\/login\?error=/);
    const redirect = await t.http.post('/api/auth/signin/github').type('form').send({});
    expect(redirect.status).toBe(302);
    expect(redirect.headers.location).toMatch(/^\/login\?error=/);
  });

  it('throttles after 5 failures per username and address for 15 minutes', async () => {
    const user = await createUserWith(t.ds, []);
    const c = new Client(t.app);
    for (let i = 0; i < 5; i++) {
      expect((await c.signIn(user.username, 'bad-password')).status).toBe(401);
    }
    const blocked = await c.signIn(user.username, user.password);
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({ code: 'TOO_MANY_ATTEMPTS' });
    expect(blocked.body.message).toContain('15');
    // Another username from the same address is not affected.
    expect((await c.signIn('storekeeper')).status).toBe(200);
    // The window passes: failures older than 15 minutes no longer count.
    await t.ds.query(
      `UPDATE login_failures SET at = now() - interval '16 minutes' WHERE username = $1`,
      [user.username],
    );
    expect((await c.signIn(user.username, user.password)).status).toBe(200);
  });

  it('throttles a parallel burst of guesses too: no more than 5 are ever checked', async () => {
    // The user's password at the standard cost (the lane hashes at the lowest): each check then
    // takes long enough for the ten guesses to be in flight together.
    process.env.PASSWORD_HASH_COST = 'standard';
    const user = await createUserWith(t.ds, []).finally(() => {
      process.env.PASSWORD_HASH_COST = 'test';
    });
    const clients = Array.from({ length: 10 }, () => new Client(t.app));
    await Promise.all(clients.map((c) => c.fetchCsrf()));
    // All ten are in flight together; the password check (argon2) is slow enough for them to overlap.
    const statuses = (
      await Promise.all(
        clients.map((c) =>
          c.agent.post('/api/auth/callback/credentials').type('form').send({
            csrfToken: c.csrf,
            callbackUrl: '/',
            json: 'true',
            username: user.username,
            password: 'bad-password',
          }),
        ),
      )
    ).map((res) => res.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
    const [{ n }] = await t.ds.query(
      'SELECT count(*)::int AS n FROM login_failures WHERE username = $1',
      [user.username],
    );
    expect(n).toBe(5);
    const right = await clients[0].signIn(user.username, user.password);
    expect(right.status).toBe(429);
    expect(right.body.code).toBe('TOO_MANY_ATTEMPTS');
  });

  it('issues a new session id at every sign-in and drops the previous one', async () => {
    const c = new Client(t.app);
    const first = await c.signIn('accountant');
    const firstCookie = (first.headers['set-cookie'] as unknown as string[]).find((h) =>
      h.startsWith('pos.session='),
    )!;
    const second = await c.signIn('accountant');
    const secondCookie = (second.headers['set-cookie'] as unknown as string[]).find((h) =>
      h.startsWith('pos.session='),
    )!;
    expect(secondCookie.split(';')[0]).not.toBe(firstCookie.split(';')[0]);
    const old = await t.http.get('/api/auth/session').set('Cookie', firstCookie.split(';')[0]);
    expect(old.body).toEqual({});
  });

  it('requires the X-CSRF-Token header on state-changing calls made with the session cookie', async () => {
    const c = new Client(t.app);
    await c.signIn('admin');
    const without = await c.agent.post('/api/Roles').send({ name: 'بدون رمز', permissions: [] });
    expect(without.status).toBe(403);
    expect(without.body.code).toBe('CSRF_INVALID');
    const wrong = await c.agent
      .post('/api/Roles')
      .set('X-CSRF-Token', 'forged')
      .send({ name: 'رمز مزور', permissions: [] });
    expect(wrong.status).toBe(403);
    const [{ n }] = await t.ds.query(
      `SELECT count(*)::int AS n FROM roles WHERE name IN ('بدون رمز', 'رمز مزور')`,
    );
    expect(n).toBe(0);
    const ok = await c.post('/api/Roles', { name: 'بالرمز', permissions: [] });
    expect(ok.status).toBe(201);
  });

  it('signs out only with the CSRF token: 400 with the spec text otherwise', async () => {
    const c = new Client(t.app);
    await c.signIn('cashier');
    const bad = await c.agent
      .post('/api/auth/signout')
      .type('form')
      .send({ callbackUrl: '/login', json: 'true' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Could not fetch CSRF Token for signing out');
    expect((await c.get('/api/auth/session')).body.user.username).toBe('cashier');
    const ok = await c.agent
      .post('/api/auth/signout')
      .type('form')
      .send({ csrfToken: c.csrf, callbackUrl: '/login', json: 'true' });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ url: '/login' });
    expect((await c.get('/api/auth/session')).body).toEqual({});
    expect((await c.get('/api/Features')).status).toBe(401);
  });

  it('signs a deactivated user out at once', async () => {
    const user = await createUserWith(t.ds, ['can_see_products']);
    const victim = new Client(t.app);
    expect((await victim.signIn(user.username, user.password)).status).toBe(200);
    expect((await victim.get('/api/Features')).status).toBe(200);
    const admin = new Client(t.app);
    await admin.signIn('admin');
    const res = await admin.patch(`/api/Users/${user.id}`, { active: false });
    expect(res.status).toBe(200);
    expect(res.body.active).toBe(false);
    expect((await victim.get('/api/Features')).status).toBe(401);
    expect((await victim.get('/api/auth/session')).body).toEqual({});
    const again = await victim.signIn(user.username, user.password);
    expect(again.status).toBe(401);
    expect(again.body.code).toBe('USER_INACTIVE');
  });
});
