import { REQUIRE_ADMIN_TWO_FACTOR } from '@pos/contracts';
import { currentTotp } from '../../server/src/modules/identity/services/two-factor';
import { Client, createTestApp, createUserWith, type TestApp } from './support/app';

// Issue 11, item 18: two-step sign-in (TOTP). Opt-in per user; required of administrators when the
// store says so; 10 hashed one-time recovery codes; the secret encrypted with the master key; wrong
// codes throttled like passwords; the session API unchanged for users without it.
const STEP_MS = 30_000;

/** Waits until at least `margin` ms remain in the current 30-second step (no step change mid-test). */
async function freshStep(margin = 12_000) {
  const left = STEP_MS - (Date.now() % STEP_MS);
  if (left < margin) await new Promise((r) => setTimeout(r, left + 200));
}

describe('two-step sign-in (issue 11, item 18)', () => {
  let t: TestApp;
  let admin: Client;

  beforeAll(async () => {
    t = await createTestApp();
    admin = new Client(t.app);
    await admin.signIn('admin');
  });
  afterAll(async () => {
    await t.ds.query('DELETE FROM features WHERE key = $1', [REQUIRE_ADMIN_TWO_FACTOR]);
    await t.close();
  });

  const signIn = (username: string, password: string, extra: Record<string, string> = {}) => {
    const c = new Client(t.app, 'en');
    return c.fetchCsrf().then(() =>
      c.agent
        .post('/api/auth/callback/credentials')
        .set('Cookie', 'locale=en')
        .type('form')
        .send({ csrfToken: c.csrf, callbackUrl: '/', json: 'true', username, password, ...extra })
        .then((res) => ({ res, client: c })),
    );
  };

  /** Enrols the signed-in client: returns the secret and the recovery codes. */
  async function enrol(c: Client) {
    const setup = await c.post('/api/account/two-factor/setup', { method: 'totp' });
    expect(setup.status).toBe(200);
    const secret = setup.body.secret as string;
    // Enable with the previous step's code: the current and next steps stay free for sign-ins.
    const enabled = await c.post('/api/account/two-factor/enable', {
      code: currentTotp(secret, Date.now() - STEP_MS),
    });
    expect(enabled.status).toBe(200);
    return { secret, recoveryCodes: enabled.body.recoveryCodes as string[], setup: setup.body };
  }

  it('leaves sign-in as it was for a user without it', async () => {
    const user = await createUserWith(t.ds, ['can_see_products']);
    const { res, client } = await signIn(user.username, user.password);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ url: '/' });
    const account = await client.get('/api/account');
    expect(account.body).toEqual({
      mustChangePassword: false,
      twoFactor: { enabled: false, required: false, recoveryCodesLeft: 0 },
    });
  });

  it('enrols with a QR code, keeps the secret encrypted and the recovery codes hashed, then asks for the code at sign-in', async () => {
    await freshStep();
    const user = await createUserWith(t.ds, ['can_see_products']);
    const c = new Client(t.app);
    await c.signIn(user.username, user.password);
    // A wrong confirmation code turns nothing on.
    await c.post('/api/account/two-factor/setup', { method: 'totp' });
    const wrong = await c.post('/api/account/two-factor/enable', { code: '000000' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('TWO_FACTOR_INVALID');
    expect((await c.post('/api/account/two-factor/enable', { code: '12ab' })).status).toBe(400);

    const { secret, recoveryCodes, setup } = await enrol(c);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.otpauthUrl).toMatch(
      new RegExp(`^otpauth://totp/.*${user.username}.*secret=${secret}`),
    );
    expect(setup.qrCode).toMatch(/^data:image\/png;base64,/);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    const [row] = await t.ds.query(
      'SELECT totp_secret, totp_pending_secret, totp_recovery_codes, totp_enabled_at FROM users WHERE id = $1',
      [user.id],
    );
    expect(row.totp_enabled_at).not.toBeNull();
    expect(row.totp_pending_secret).toBeNull();
    expect(row.totp_secret).toMatch(/^v1:/);
    expect(row.totp_secret).not.toContain(secret);
    expect(row.totp_recovery_codes).toHaveLength(10);
    for (const code of recoveryCodes) expect(row.totp_recovery_codes).not.toContain(code);
    expect((await c.post('/api/account/two-factor/setup', { method: 'totp' })).body.code).toBe(
      'TWO_FACTOR_ALREADY_ENABLED',
    );

    // The password alone: "second step needed", no session.
    const first = await signIn(user.username, user.password);
    expect(first.res.status).toBe(401);
    expect(first.res.body).toMatchObject({
      code: 'TWO_FACTOR_REQUIRED',
      message: 'Enter the 6-digit code from your authenticator app',
    });
    expect(String(first.res.headers['set-cookie'] ?? '')).not.toContain('pos.session');
    // A wrong code: refused. The right one: in, with the session API as the spec says.
    expect((await signIn(user.username, user.password, { code: '123456' })).res.body.code).toBe(
      'TWO_FACTOR_INVALID',
    );
    const code = currentTotp(secret);
    const ok = await signIn(user.username, user.password, { code });
    expect(ok.res.status).toBe(200);
    const session = await ok.client.get('/api/auth/session');
    expect(Object.keys(session.body.user).sort()).toEqual([
      'branchId',
      'id',
      'isAdmin',
      'maxDiscountPercent',
      'name',
      'permissions',
      'screens',
      'username',
    ]);
    // The same code again is refused (a code works once); a wrong password with a right code too.
    expect((await signIn(user.username, user.password, { code })).res.body.code).toBe(
      'TWO_FACTOR_INVALID',
    );
    expect(
      (
        await signIn(user.username, 'wrong-password', {
          code: currentTotp(secret, Date.now() + STEP_MS),
        })
      ).res.body.code,
    ).toBe('INVALID_CREDENTIALS');

    // A recovery code signs in once.
    const recovery = await signIn(user.username, user.password, {
      recoveryCode: recoveryCodes[3].toUpperCase(),
    });
    expect(recovery.res.status).toBe(200);
    expect(
      (await signIn(user.username, user.password, { recoveryCode: recoveryCodes[3] })).res.body
        .code,
    ).toBe('TWO_FACTOR_INVALID');
    expect((await recovery.client.get('/api/account')).body.twoFactor).toEqual({
      enabled: true,
      required: false,
      recoveryCodesLeft: 9,
    });

    // Turning it off needs the password; then the password alone signs in again.
    expect(
      (await c.post('/api/account/two-factor/disable', { password: 'nope-nope' })).body.code,
    ).toBe('WRONG_PASSWORD');
    expect(
      (await c.post('/api/account/two-factor/disable', { password: user.password })).status,
    ).toBe(204);
    expect((await signIn(user.username, user.password)).res.status).toBe(200);
  });

  it('throttles wrong codes like wrong passwords', async () => {
    await freshStep();
    const user = await createUserWith(t.ds, ['can_see_products']);
    const c = new Client(t.app);
    await c.signIn(user.username, user.password);
    const { secret } = await enrol(c);
    // Asking for the second step is not a failed guess.
    for (let i = 0; i < 6; i++)
      expect((await signIn(user.username, user.password)).res.body.code).toBe(
        'TWO_FACTOR_REQUIRED',
      );
    for (let i = 0; i < 5; i++) {
      expect(
        (await signIn(user.username, user.password, { code: String(100000 + i) })).res.body.code,
      ).toBe('TWO_FACTOR_INVALID');
    }
    const blocked = await signIn(user.username, user.password, { code: currentTotp(secret) });
    expect(blocked.res.status).toBe(429);
    expect(blocked.res.body.code).toBe('TOO_MANY_ATTEMPTS');
  });

  it('requires it of administrators when the store setting is on: nothing else until set up', async () => {
    await freshStep();
    const other = await createUserWith(t.ds, [], { isAdmin: true });
    const c = new Client(t.app, 'en');
    await c.signIn(other.username, other.password);
    expect((await c.get('/api/Branch')).status).toBe(200);
    expect(
      (await admin.put(`/api/Features/${REQUIRE_ADMIN_TWO_FACTOR}`, { enabled: true })).status,
    ).toBe(200);
    // Non-administrators are not affected.
    const clerk = await createUserWith(t.ds, ['can_see_products']);
    const clerkClient = new Client(t.app);
    await clerkClient.signIn(clerk.username, clerk.password);
    expect((await clerkClient.get('/api/Products')).status).toBe(200);

    const refused = await c.agent.get('/api/Branch').set('Cookie', 'locale=en');
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      code: 'TWO_FACTOR_SETUP_REQUIRED',
      message: 'Set up two-step verification for your account before you continue',
    });
    expect((await c.get('/api/account')).body.twoFactor).toEqual({
      enabled: false,
      required: true,
      recoveryCodesLeft: 0,
    });
    const { secret } = await enrol(c);
    expect((await c.get('/api/Branch')).status).toBe(200);
    const { res } = await signIn(other.username, other.password, { code: currentTotp(secret) });
    expect(res.status).toBe(200);
    // Every administrator without it, the one who turned the setting on included.
    expect((await admin.get('/api/Branch')).body.code).toBe('TWO_FACTOR_SETUP_REQUIRED');
    expect(
      (await c.put(`/api/Features/${REQUIRE_ADMIN_TWO_FACTOR}`, { enabled: false })).status,
    ).toBe(200);
    expect((await admin.get('/api/Branch')).status).toBe(200);
  });
});
