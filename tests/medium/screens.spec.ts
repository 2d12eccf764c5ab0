import { ROUTE_NAMES } from '@pos/contracts';
import { Client, createTestApp, tableCounts, type TestApp } from './support/app';

// Issue 3: a user's `screens` list and the store's `sidebarItems` hold route names of the one
// route table (libs/contracts ROUTE_NAMES); anything else is a 400 and nothing is written.
describe('screens lists are validated against the route table', () => {
  let t: TestApp;
  let admin: Client;
  let adminEn: Client;

  beforeAll(async () => {
    t = await createTestApp();
    admin = new Client(t.app);
    await admin.signIn('admin');
    adminEn = new Client(t.app, 'en');
    await adminEn.signIn('admin');
  });
  afterAll(async () => {
    await t.close();
  });

  const userScreens = async (username: string): Promise<string[]> =>
    (await t.ds.query('SELECT screens FROM users WHERE username = $1', [username]))[0].screens;

  it('refuses to create a user with an unknown screen name and writes nothing', async () => {
    const before = await tableCounts(t.ds, ['sessions']);
    const res = await admin.post('/api/Users', {
      username: 'screens.nope',
      displayName: 'شاشة مجهولة',
      password: 'strong-pass-1',
      screens: ['POS', 'NoSuchScreen'],
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(res.body.message).toContain('اسم شاشة غير معروف');
    expect(await tableCounts(t.ds, ['sessions'])).toEqual(before);
    expect(await t.ds.query('SELECT id FROM users WHERE username = $1', ['screens.nope'])).toEqual(
      [],
    );
  });

  it('answers in English with the English message', async () => {
    const res = await adminEn.agent
      .post('/api/Users')
      .set('X-CSRF-Token', adminEn.csrf)
      .set('Cookie', 'locale=en')
      .send({
        username: 'screens.nope.en',
        displayName: 'Unknown screen',
        password: 'strong-pass-1',
        screens: ['pos'], // route names are case-sensitive
      });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('Unknown screen name');
    expect(
      await t.ds.query('SELECT id FROM users WHERE username = $1', ['screens.nope.en']),
    ).toEqual([]);
  });

  it('accepts route names of the table, then refuses an unknown one on update without changing the user', async () => {
    const created = await admin.post('/api/Users', {
      username: 'screens.ok',
      displayName: 'شاشات صحيحة',
      password: 'strong-pass-1',
      screens: ['POS', 'Customers-Debts', 'LowStock'],
    });
    expect(created.status).toBe(201);
    expect(created.body.screens).toEqual(['POS', 'Customers-Debts', 'LowStock']);

    const before = await tableCounts(t.ds, ['sessions']);
    const res = await admin.patch(`/api/Users/${created.body.id}`, {
      screens: ['Vault', '/Vault'],
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(await userScreens('screens.ok')).toEqual(['POS', 'Customers-Debts', 'LowStock']);
    expect(await tableCounts(t.ds, ['sessions'])).toEqual(before);

    const ok = await admin.patch(`/api/Users/${created.body.id}`, { screens: [] });
    expect(ok.status).toBe(200);
    expect(await userScreens('screens.ok')).toEqual([]);
  });

  it('refuses unknown store sidebarItems and keeps the stored list', async () => {
    const store = (await admin.get('/api/StoreInfo')).body[0];
    const set = await admin.patch(`/api/StoreInfo/${store.id}`, {
      sidebarItems: ['POS', 'Products'],
    });
    expect(set.status).toBe(200);

    const before = await tableCounts(t.ds, ['sessions']);
    for (const sidebarItems of [['POS', 'Hacked'], [''], ['admin-apiKeys ']]) {
      const res = await admin.patch(`/api/StoreInfo/${store.id}`, {
        sidebarItems,
        address: 'لا يحفظ',
      });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
    }
    expect(await tableCounts(t.ds, ['sessions'])).toEqual(before);
    const after = (await admin.get('/api/StoreInfo')).body[0];
    expect(after.sidebarItems).toEqual(['POS', 'Products']);
    expect(after.address).toBe(store.address);

    const cleared = await admin.patch(`/api/StoreInfo/${store.id}`, { sidebarItems: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body.sidebarItems).toBeNull();
  });

  it('accepts every route name of the table', async () => {
    const store = (await admin.get('/api/StoreInfo')).body[0];
    const res = await admin.patch(`/api/StoreInfo/${store.id}`, { sidebarItems: [...ROUTE_NAMES] });
    expect(res.status).toBe(200);
    expect(res.body.sidebarItems).toEqual([...ROUTE_NAMES]);
    await admin.patch(`/api/StoreInfo/${store.id}`, { sidebarItems: null });
  });
});
