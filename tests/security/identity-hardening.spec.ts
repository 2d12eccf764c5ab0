import {
  Client,
  createTestApp,
  createUserWith,
  tableCounts,
  type TestApp,
} from '../medium/support/app';
import { concretePath, registeredRoutes } from '../medium/support/routes';
import { dtoFields, routeTypes } from './dto';

// Issue 11, items 2, 4 and 8: who may set a discount cap, branch or role; NUL bytes and impossible
// dates anywhere in the input; where sign-in and sign-out may send the browser afterwards.
const IGNORED = ['sessions', 'login_failures', 'audit_logs'];

describe('identity and input hardening (issue 11)', () => {
  let t: TestApp;
  let admin: Client;
  let branches: { id: string }[];

  beforeAll(async () => {
    t = await createTestApp();
    admin = new Client(t.app);
    await admin.signIn('admin');
    branches = await t.ds.query('SELECT id FROM branches ORDER BY created_at');
    expect(branches.length).toBeGreaterThanOrEqual(2);
  });
  afterAll(async () => {
    await t.close();
  });

  describe('item 2: discount caps, branches and roles', () => {
    const userRow = async (id: string) =>
      (
        await t.ds.query(
          'SELECT branch_id, max_discount_percent, role_id, is_admin FROM users WHERE id = $1',
          [id],
        )
      )[0];

    it('lets nobody change their own cap, branch or role, administrators included', async () => {
      const creds = await createUserWith(
        t.ds,
        ['can_manage_users', 'can_see_branches', 'can_see_products'],
        { branchId: branches[0].id },
      );
      await t.ds.query('UPDATE users SET max_discount_percent = 10 WHERE id = $1', [creds.id]);
      const manager = new Client(t.app);
      expect((await manager.signIn(creds.username, creds.password)).status).toBe(200);
      const before = await userRow(creds.id);
      for (const patch of [
        { maxDiscountPercent: 100 },
        { maxDiscountPercent: 5 },
        { branchId: branches[1].id },
        { branchId: null },
      ]) {
        const res = await manager.patch(`/api/Users/${creds.id}`, patch);
        expect({ patch, status: res.status, code: res.body.code }).toEqual({
          patch,
          status: 403,
          code: 'OWN_ACCOUNT_CHANGE',
        });
        expect(res.body.message).toBe('لا يمكنك تغيير حد الخصم أو الفرع أو الدور لحسابك بنفسك');
      }
      expect(await userRow(creds.id)).toEqual(before);
      // Resending the unchanged values (the edit form does) and editing the own name stay allowed.
      const same = await manager.patch(`/api/Users/${creds.id}`, {
        displayName: 'اسم جديد',
        maxDiscountPercent: 10,
        branchId: branches[0].id,
      });
      expect(same.status).toBe(200);

      // An administrator does not raise or move themselves either (another administrator does it).
      const [{ id: adminId }] = await t.ds.query(`SELECT id FROM users WHERE username = 'admin'`);
      const adminBefore = await userRow(adminId);
      const en = new Client(t.app, 'en');
      await en.signIn('admin');
      const refused = await en.agent
        .patch(`/api/Users/${adminId}`)
        .set('X-CSRF-Token', en.csrf)
        .set('Cookie', 'locale=en')
        .send({ branchId: branches[1].id });
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({
        code: 'OWN_ACCOUNT_CHANGE',
        message: 'You cannot change your own discount cap, branch or role',
      });
      expect((await admin.patch(`/api/Users/${adminId}`, { maxDiscountPercent: 50 })).status).toBe(
        403,
      );
      expect(await userRow(adminId)).toEqual(adminBefore);
    });

    it('lets a non-administrator grant at most their own cap, only in their own branch', async () => {
      const creds = await createUserWith(
        t.ds,
        ['can_manage_users', 'can_see_branches', 'can_see_products'],
        { branchId: branches[0].id },
      );
      await t.ds.query('UPDATE users SET max_discount_percent = 10 WHERE id = $1', [creds.id]);
      const manager = new Client(t.app);
      await manager.signIn(creds.username, creds.password);
      const target = await createUserWith(t.ds, ['can_see_products'], { branchId: branches[0].id });
      const elsewhere = await createUserWith(t.ds, ['can_see_products'], {
        branchId: branches[1].id,
      });
      const counts = await tableCounts(t.ds, IGNORED);
      const base = { displayName: 'مستخدم', password: 'strong-pass-1', roleId: null };

      const tooHigh = await manager.post('/api/Users', {
        ...base,
        username: 'cap.too.high',
        maxDiscountPercent: 100,
        branchId: branches[0].id,
      });
      expect(tooHigh.status).toBe(403);
      expect(tooHigh.body).toMatchObject({
        code: 'DISCOUNT_CAP_TOO_HIGH',
        message: 'لا يمكنك منح حد خصم أكبر من حدك (10%)',
      });
      const otherBranch = await manager.post('/api/Users', {
        ...base,
        username: 'other.branch',
        maxDiscountPercent: 5,
        branchId: branches[1].id,
      });
      expect(otherBranch.status).toBe(403);
      expect(otherBranch.body.code).toBe('BRANCH_OUT_OF_REACH');
      const noBranch = await manager.post('/api/Users', {
        ...base,
        username: 'no.branch',
        branchId: null,
      });
      expect(noBranch.body.code).toBe('BRANCH_OUT_OF_REACH');
      // Edits: no higher cap, no move to another branch, no user of another branch.
      expect(
        (await manager.patch(`/api/Users/${target.id}`, { maxDiscountPercent: 11 })).body.code,
      ).toBe('DISCOUNT_CAP_TOO_HIGH');
      expect(
        (await manager.patch(`/api/Users/${target.id}`, { branchId: branches[1].id })).body.code,
      ).toBe('BRANCH_OUT_OF_REACH');
      expect(
        (await manager.patch(`/api/Users/${elsewhere.id}`, { displayName: 'x' })).body.code,
      ).toBe('BRANCH_OUT_OF_REACH');
      expect(
        (
          await manager.post(`/api/Users/${elsewhere.id}/reset-password`, {
            password: 'taken-over-1',
          })
        ).body.code,
      ).toBe('BRANCH_OUT_OF_REACH');
      expect((await manager.delete(`/api/Users/${elsewhere.id}`)).body.code).toBe(
        'BRANCH_OUT_OF_REACH',
      );
      expect(await tableCounts(t.ds, IGNORED)).toEqual(counts);
      expect(await userRow(target.id)).toMatchObject({
        branch_id: branches[0].id,
        max_discount_percent: 0,
      });

      // Within the cap and the branch it works; without a branch the user lands in the manager's.
      const ok = await manager.post('/api/Users', {
        ...base,
        username: 'cap.ok',
        maxDiscountPercent: 10,
      });
      expect(ok.status).toBe(201);
      expect(ok.body).toMatchObject({ branchId: branches[0].id, maxDiscountPercent: 10 });
      expect(
        (await manager.patch(`/api/Users/${target.id}`, { maxDiscountPercent: 7 })).body
          .maxDiscountPercent,
      ).toBe(7);

      // The administrator grants any cap in any branch.
      const byAdmin = await admin.post('/api/Users', {
        ...base,
        username: 'cap.admin',
        maxDiscountPercent: 100,
        branchId: branches[1].id,
      });
      expect(byAdmin.status).toBe(201);
      expect(
        (
          await admin.patch(`/api/Users/${creds.id}`, {
            maxDiscountPercent: 40,
            branchId: branches[1].id,
          })
        ).status,
      ).toBe(200);
    });
  });

  describe('item 4: NUL bytes and impossible dates are a 400, never a 500', () => {
    const NUL_AR = 'الحقل "اسم المستخدم" يحتوي على حرف غير مسموح به (NUL)';

    it('refuses a NUL byte in a form-encoded sign-in, before any session, in the caller language', async () => {
      for (const locale of ['ar', 'en'] as const) {
        const guest = new Client(t.app, locale);
        const csrf = await guest.fetchCsrf();
        const res = await guest.agent
          .post('/api/auth/callback/credentials')
          .set('Cookie', `locale=${locale}`)
          .type('form')
          .send(
            `csrfToken=${encodeURIComponent(csrf)}&json=true&username=ad%00min&password=demo1234`,
          );
        expect(res.status).toBe(400);
        expect(res.body.code).toBe('VALIDATION_FAILED');
        expect(res.body.message).toBe(
          locale === 'ar'
            ? NUL_AR
            : 'The field "Username" contains a character that is not allowed (NUL)',
        );
      }
    });

    it('refuses a NUL byte in a query, a path parameter and every JSON body with text, writing nothing', async () => {
      const before = await tableCounts(t.ds, IGNORED);
      const q = await admin.get('/api/Users?q=a%00');
      expect(q.status).toBe(400);
      expect(q.body.message).toBe('الحقل "البحث" يحتوي على حرف غير مسموح به (NUL)');
      expect((await admin.get('/api/Products?q=%00')).status).toBe(400);
      expect((await admin.get('/api/Users/a%00b')).status).toBe(400);

      const types = routeTypes(t.app);
      const failures: string[] = [];
      let tried = 0;
      for (const r of registeredRoutes(t.app).filter(
        (x) => x.method !== 'get' && !x.path.startsWith('/api/auth'),
      )) {
        const dto = types.get(r.handler)?.body;
        if (!dto) continue;
        const strings = Object.entries(dtoFields(dto)).filter(
          ([, kind]) => kind === 'string' || kind === 'any',
        );
        if (!strings.length) continue;
        tried++;
        const body = Object.fromEntries(strings.map(([name]) => [name, 'a\u0000b']));
        const res = await admin.agent[r.method](concretePath(r.path))
          .set('X-CSRF-Token', admin.csrf)
          .send(body);
        if (res.status !== 400)
          failures.push(
            `${r.method} ${r.path} → ${res.status} ${JSON.stringify(res.body).slice(0, 100)}`,
          );
      }
      expect(tried).toBeGreaterThan(20);
      expect(failures).toEqual([]);
      // Nested too: a NUL deep in an array of objects.
      const nested = await admin.post('/api/Sales', {
        id: '01a2019b-0000-7000-8000-000000000001',
        lines: [{ note: 'x\u0000' }],
        payments: [],
      });
      expect(nested.status).toBe(400);
      expect(await tableCounts(t.ds, IGNORED)).toEqual(before);
    });

    it('refuses impossible dates on every from/to filter and the daily report, and still takes real ones', async () => {
      const types = routeTypes(t.app);
      const dated = registeredRoutes(t.app).filter((r) => {
        const dto = r.method === 'get' ? types.get(r.handler)?.query : undefined;
        return dto && 'from' in dtoFields(dto);
      });
      expect(dated.length).toBeGreaterThan(5);
      // A report that also needs another parameter gets a real one, so only the dates are judged.
      const [cash] = await t.ds.query(`SELECT id FROM accounts WHERE system_key = 'cash'`);
      const needs: Record<string, string> = {
        '/api/reports/AccountStatement': `accountId=${cash.id}`,
      };
      const failures: string[] = [];
      for (const r of dated) {
        const path = concretePath(r.path) + (needs[r.path] ? `?${needs[r.path]}&` : '?');
        for (const bad of [
          '2021-02-30',
          '2020-W01',
          '2021-13-01',
          '2021-02-29T10:00:00Z',
          '2020-001',
          '2021-04-31T25:00',
        ]) {
          for (const key of ['from', 'to']) {
            const res = await admin.get(`${path}${key}=${encodeURIComponent(bad)}`);
            if (res.status !== 400 || res.body.code !== 'VALIDATION_FAILED')
              failures.push(`${r.path}?${key}=${bad} → ${res.status}`);
          }
        }
        const good = await admin.get(
          `${path}from=2024-02-29&to=${encodeURIComponent('2024-03-01T23:59:59.999Z')}`,
        );
        if (good.status === 400 || good.status >= 500)
          failures.push(
            `${r.path} real dates → ${good.status} ${JSON.stringify(good.body).slice(0, 100)}`,
          );
      }
      expect(failures).toEqual([]);
      const en = new Client(t.app, 'en');
      await en.signIn('admin');
      const invoices = await en.agent
        .get('/api/invoices?from=2021-02-30')
        .set('Cookie', 'locale=en');
      expect(invoices.status).toBe(400);
      expect(invoices.body.message).toBe('The field "From" is not a real date');
      const report = await admin.get('/api/DailyReport?date=2021-02-30');
      expect(report.status).toBe(400);
      expect(report.body.message).toBe('الحقل "التاريخ" ليس تاريخًا صحيحًا');
    });
  });

  describe('item 8: callback URLs and the content security policy', () => {
    const HOSTILE = [
      '/\\evil.example/x',
      '//evil.example/x',
      '/\\/evil.example',
      '\\\\evil.example',
      'https://evil.example/',
      'javascript:alert(1)',
      '/%5Cevil.example',
      '/\tevil',
      '/\n/evil.example',
      ' //evil.example',
      'evil.example',
      '/\u0000x',
    ];

    it('answers a hostile callbackUrl on sign-in and sign-out with a same-origin path', async () => {
      for (const callbackUrl of HOSTILE) {
        const guest = new Client(t.app);
        await guest.fetchCsrf();
        const signIn = await guest.agent
          .post('/api/auth/callback/credentials')
          .type('form')
          .send({ csrfToken: guest.csrf, callbackUrl, username: 'cashier', password: 'demo1234' });
        // A NUL is refused outright (item 4); everything else signs in and lands at home.
        if (callbackUrl.includes('\u0000')) {
          expect(signIn.status).toBe(400);
          continue;
        }
        expect({ callbackUrl, status: signIn.status, location: signIn.headers.location }).toEqual({
          callbackUrl,
          status: 302,
          location: '/',
        });
        const out = await guest.agent
          .post('/api/auth/signout')
          .type('form')
          .send({ csrfToken: guest.csrf, callbackUrl });
        expect({ callbackUrl, status: out.status, location: out.headers.location }).toEqual({
          callbackUrl,
          status: 302,
          location: '/',
        });
      }
      // A real local path survives, query included.
      const guest = new Client(t.app);
      await guest.fetchCsrf();
      const res = await guest.agent.post('/api/auth/callback/credentials').type('form').send({
        csrfToken: guest.csrf,
        callbackUrl: '/invoices?page=2',
        json: 'true',
        username: 'cashier',
        password: 'demo1234',
      });
      expect(res.body).toEqual({ url: '/invoices?page=2' });
    });

    it("limits connect-src to the app's own origin", async () => {
      // 'self' and the websocket of the host the page was served from (socket.io), nothing else.
      const res = await t.http.get('/api/config').set('Host', 'shop.local:3000');
      const connect = /connect-src ([^;]*)/
        .exec(res.headers['content-security-policy'] as string)?.[1]
        .trim()
        .split(/\s+/);
      expect(connect).toEqual(["'self'", 'ws://shop.local:3000']);
    });
  });
});
