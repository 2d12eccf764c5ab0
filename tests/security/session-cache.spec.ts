import { SESSION_COOKIE } from '@pos/contracts';
import { SessionCache } from '../../server/src/core/auth/session-cache';
import { Client, createTestApp, createUserWith, type TestApp } from '../medium/support/app';

/**
 * Issue 21: sessions are cached in each instance's memory. Whatever changes what a session
 * resolves to must take effect at once on the instance that made the change, and on every other
 * instance as soon as PostgreSQL's notification reaches it (here: within two seconds), never after
 * the cache's own lifetime (30 s).
 */
describe('the session cache', () => {
  let A: TestApp;
  let B: TestApp;
  let admin: Client;

  beforeAll(async () => {
    A = await createTestApp();
    B = await createTestApp();
    admin = new Client(A.app);
    await admin.signIn('admin');
  });
  afterAll(async () => {
    await A?.close();
    await B?.close();
  });

  /** A user with can_see_products signed in on A: the session cookie and the client that holds it. */
  const signedIn = async (
    permissions: Parameters<typeof createUserWith>[1] = ['can_see_products'],
  ) => {
    const u = await createUserWith(A.ds, permissions);
    const client = new Client(A.app);
    const res = await client.signIn(u.username, u.password);
    const set = ((res.headers['set-cookie'] as unknown as string[]) ?? []).find((c) =>
      c.startsWith(`${SESSION_COOKIE}=`),
    );
    expect(set).toBeDefined();
    return { ...u, client, cookie: set!.split(';')[0] };
  };
  const status = async (t: TestApp, cookie: string) =>
    (await t.http.get('/api/Products?pageSize=1').set('Cookie', cookie)).status;
  /** Both instances answer 200, twice each (so the session is cached on both). */
  const cachedOnBoth = async (cookie: string) => {
    for (const t of [A, B, A, B]) expect(await status(t, cookie)).toBe(200);
    for (const t of [A, B]) expect(t.app.get(SessionCache).size).toBeGreaterThan(0);
  };
  /** B reaches `expected` within two seconds (the notification's way), A was checked by the caller. */
  const soonOnB = async (cookie: string, expected: number) => {
    const until = Date.now() + 2000;
    let last = await status(B, cookie);
    while (last !== expected && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 50));
      last = await status(B, cookie);
    }
    expect(last).toBe(expected);
  };

  it('ends a signed-out session at once on this instance and at the notification on the other', async () => {
    const u = await signedIn();
    await cachedOnBoth(u.cookie);
    const out = await u.client.agent
      .post('/api/auth/signout')
      .type('form')
      .send({ csrfToken: u.client.csrf, json: 'true' });
    expect(out.status).toBe(200);
    expect(await status(A, u.cookie)).toBe(401);
    await soonOnB(u.cookie, 401);
  });

  it('ends the sessions of a user an administrator disables', async () => {
    const u = await signedIn();
    await cachedOnBoth(u.cookie);
    expect((await admin.delete(`/api/Users/${u.id}`)).status).toBeLessThan(300);
    expect(await status(A, u.cookie)).toBe(401);
    await soonOnB(u.cookie, 401);
  });

  it("applies a role's removed permission to the next request", async () => {
    const u = await signedIn();
    await cachedOnBoth(u.cookie);
    const [{ role_id: roleId }] = await A.ds.query('SELECT role_id FROM users WHERE id = $1', [
      u.id,
    ]);
    const res = await admin.patch(`/api/Roles/${roleId}`, { permissions: [] });
    expect(res.status).toBe(200);
    expect(await status(A, u.cookie)).toBe(403);
    await soonOnB(u.cookie, 403);
  });

  it("ends the user's other sessions when the password changes", async () => {
    const u = await signedIn();
    const second = new Client(A.app);
    const res = await second.signIn(u.username, u.password);
    const secondCookie = ((res.headers['set-cookie'] as unknown as string[]) ?? [])
      .find((c) => c.startsWith(`${SESSION_COOKIE}=`))!
      .split(';')[0];
    await cachedOnBoth(secondCookie);
    const changed = await u.client.post('/api/account/password', {
      currentPassword: u.password,
      newPassword: 'another-password-456',
    });
    expect(changed.status).toBeLessThan(300);
    expect(await status(A, secondCookie)).toBe(401);
    await soonOnB(secondCookie, 401);
    // The session that changed it stays.
    expect(await status(A, u.cookie)).toBe(200);
  });

  it('sees a change made by SQL by hand on every instance (the triggers notify)', async () => {
    const u = await signedIn();
    await cachedOnBoth(u.cookie);
    await A.ds.query('UPDATE users SET active = false WHERE id = $1', [u.id]);
    const until = Date.now() + 2000;
    let a = await status(A, u.cookie);
    while (a !== 401 && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 50));
      a = await status(A, u.cookie);
    }
    expect(a).toBe(401);
    await soonOnB(u.cookie, 401);
  });
});
