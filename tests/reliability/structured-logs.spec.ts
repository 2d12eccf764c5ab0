import { randomUUID } from 'node:crypto';
import { Client as Pg } from 'pg';
import { currentTotp } from '../../server/src/modules/identity/services/two-factor';
import { prepareDatabase } from './fixture';
import { Http, startServerProcess, waitFor, type ServerProcess } from './support';

// Issue 36, logs: the built server at LOG_LEVEL=debug writes JSON lines with the request's id (an
// incoming X-Request-Id kept and sent back), the signed-in user and branch, and the command's name
// inside a command handler — and none of the secrets that passed through: the passwords of a
// sign-in and of a password change, the session cookie, the CSRF token, an API key sent as
// `Authorization: Bearer`, a TOTP secret and its codes (setup, enable, a two-step sign-in).
const STEP_MS = 30_000;

describe('structured logs without secrets', () => {
  const PORT = '3785';
  const tag = randomUUID().slice(0, 8);
  let db: Awaited<ReturnType<typeof prepareDatabase>>;
  let server: ServerProcess;
  let pg: Pg;

  beforeAll(async () => {
    db = await prepareDatabase('pos_rel_logs');
    pg = new Pg({ connectionString: db.url });
    await pg.connect();
    server = await startServerProcess({ DATABASE_URL: db.url, PORT, LOG_LEVEL: 'debug' });
  });
  afterAll(async () => {
    await server?.stop('SIGKILL');
    await pg?.end();
    await db?.drop();
  });

  /** The JSON entries the server wrote (other lines, if any, are not entries). */
  const entries = (): Record<string, unknown>[] =>
    server
      .output()
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as Record<string, unknown>);

  it('logs who and what with a request id, and no secret', async () => {
    const secrets: string[] = [];
    const admin = new Http(server.url);
    await admin.signIn('admin', 'demo1234');
    secrets.push('demo1234', admin.csrf);
    const cookies = (admin as unknown as { jar: Record<string, string> }).jar;
    secrets.push(...Object.values(cookies).filter((v) => v.length >= 16));
    const [{ id: adminId, branch_id: branchId }] = (
      await pg.query("SELECT id, branch_id FROM users WHERE username = 'admin'")
    ).rows;
    const [{ id: anyBranch }] = (await pg.query('SELECT id FROM branches ORDER BY name LIMIT 1'))
      .rows;

    // An incoming request id is kept and returned; a missing one is made.
    const requestId = `test-${tag}`;
    const traced = await fetch(`${server.url}/api/account`, {
      headers: {
        'x-request-id': requestId,
        cookie: Object.entries(cookies)
          .map(([k, v]) => `${k}=${v}`)
          .join('; '),
      },
    });
    expect(traced.status).toBe(200);
    expect(traced.headers.get('x-request-id')).toBe(requestId);
    const made = await fetch(`${server.url}/api/health`);
    expect(made.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const hostile = await fetch(`${server.url}/api/health`, {
      headers: { 'x-request-id': 'a"b\\nc' },
    });
    expect(hostile.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);

    // An API key, used as a bearer token.
    const key = await admin.call('POST', '/api/admin/apiKeys', {
      name: `logs ${tag}`,
      permissions: ['can_see_products'],
      branchId: branchId ?? anyBranch,
    });
    expect(key.status).toBe(201);
    const apiKey = key.body.key as string;
    secrets.push(apiKey);
    const byKey = await fetch(`${server.url}/api/Products`, {
      headers: { authorization: `Bearer ${apiKey}`, 'x-csrf-token': admin.csrf },
    });
    expect(byKey.status).toBe(200);
    // A secret in a query string (a mistaken client) is masked in the request line.
    const inQuery = await fetch(`${server.url}/api/auth/session?lang=ar&token=${apiKey}`);
    expect(inQuery.status).toBe(200);

    // Two-step sign-in: the TOTP secret, the code that enables it, the code of a sign-in.
    const setup = await admin.call('POST', '/api/account/two-factor/setup', { method: 'totp' });
    expect(setup.status).toBe(200);
    const totpSecret = setup.body.secret as string;
    // This step's code enables it and the next step's signs in: each is within the server's ±1
    // step when it arrives, even across a step change, and the second is later than the first
    // (a step is accepted once). The step before, as this was, is refused past a step change.
    const enableCode = currentTotp(totpSecret, Date.now());
    const enabled = await admin.call('POST', '/api/account/two-factor/enable', {
      code: enableCode,
    });
    expect(enabled.status).toBe(200);
    secrets.push(totpSecret, ...(enabled.body.recoveryCodes as string[]));
    const csrfRes = await fetch(`${server.url}/api/auth/csrf`);
    const csrfCookie = csrfRes.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const { csrfToken } = (await csrfRes.json()) as { csrfToken: string };
    const signInCode = currentTotp(totpSecret, Date.now() + STEP_MS);
    const twoStep = await fetch(`${server.url}/api/auth/callback/credentials`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: csrfCookie },
      body: new URLSearchParams({
        csrfToken,
        callbackUrl: '/',
        json: 'true',
        username: 'admin',
        password: 'demo1234',
        code: signInCode,
      }),
    });
    expect(twoStep.status).toBe(200);
    secrets.push(
      csrfToken,
      ...twoStep.headers.getSetCookie().map((c) => c.split(';')[0].split('=')[1]),
    );

    // A password change (a command with both passwords in its body).
    const newPassword = `new-${tag}-pass`;
    secrets.push(newPassword);
    const changed = await admin.call('POST', '/api/account/password', {
      currentPassword: 'demo1234',
      newPassword,
    });
    expect(changed.status).toBe(204);

    // The process's output reaches this one through a pipe: wait (bounded) for the last request's line.
    await waitFor(
      () =>
        entries().some(
          (l) =>
            (l.req as { url?: string } | undefined)?.url === '/api/account/password' &&
            (l.res as { statusCode?: number } | undefined)?.statusCode === 204,
        ),
      { timeout: 10_000, label: 'the password change to be logged' },
    );
    const logged = server.output();
    const lines = entries();
    // Who, what and which request.
    expect(lines.find((l) => l.reqId === requestId)).toMatchObject({
      reqId: requestId,
      userId: adminId,
      ...(branchId ? { branchId } : {}),
      req: { method: 'GET', url: '/api/account' },
      res: { statusCode: 200 },
    });
    expect(
      lines.find((l) => l.command === 'ChangePasswordCommand' && l.msg === 'command finished'),
    ).toMatchObject({ userId: adminId, reqId: expect.any(String), failed: false });
    expect(
      lines.find((l) => (l.req as { url?: string } | undefined)?.url === '/api/Products'),
    ).toMatchObject({
      // the key's own identity, in the key's branch
      userId: expect.any(String),
      branchId: branchId ?? anyBranch,
      res: { statusCode: 200 },
    });
    expect(
      lines.find((l) =>
        (l.req as { url?: string } | undefined)?.url?.startsWith('/api/auth/session?'),
      ),
    ).toMatchObject({ req: { url: '/api/auth/session?lang=ar&token=%5BRedacted%5D' } });

    // No secret anywhere in what the process wrote (each checked on its own for a clear failure).
    const short = [enableCode, signInCode];
    for (const secret of secrets.filter((s) => s && s.length >= 6))
      expect({ secret, found: logged.includes(secret) }).toEqual({ secret, found: false });
    // A 6-digit code can occur by chance inside a longer number; look for it as a whole value.
    for (const code of short)
      expect({ code, found: new RegExp(`(^|[^0-9])${code}([^0-9]|$)`).test(logged) }).toEqual({
        code,
        found: false,
      });
    expect(server.errors()).toBe('');
  });
});
