import { Client, createTestApp, tableCounts, type TestApp } from './support/app';
import { concretePath, registeredRoutes, type RegisteredRoute } from './support/routes';

const GARBAGE_BODIES: unknown[] = [
  [],
  [1, 2, 3],
  'just a string',
  42,
  null,
  { name: 12345 },
  { name: ['a'], permissions: 'all' },
  { name: { $gt: '' } },
  { name: 'x'.repeat(5000) },
  { unknownField: true, __proto__: { isAdmin: true } },
  { constructor: { prototype: { polluted: true } } },
  { username: "admin' OR '1'='1", password: { a: 1 } },
  { maxBranches: -1, modules: ['NOPE'], enabled: 'yes', taxType: 'Z', screens: 'all' },
  { id: '00000000-0000-0000-0000-000000000000', roleId: 'not-a-uuid', branchId: 7 },
];

const BAD_IDS = ['1', "1' OR '1'='1", '..%2F..%2Fetc', '%00', 'x'.repeat(300)];

describe('bad input never causes a 500 and writes nothing', () => {
  let t: TestApp;
  let admin: Client;
  let routes: RegisteredRoute[];

  beforeAll(async () => {
    t = await createTestApp();
    routes = registeredRoutes(t.app);
    admin = new Client(t.app);
    await admin.signIn('admin');
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers every garbage body on every endpoint with a 4xx and the error shape', async () => {
    const failures: string[] = [];
    const writes = routes.filter((r) => r.method !== 'get' && !r.path.startsWith('/api/auth'));
    const before = await tableCounts(t.ds, ['sessions']);
    for (const r of writes) {
      for (const body of GARBAGE_BODIES) {
        const req = admin.agent[r.method](concretePath(r.path)).set('X-CSRF-Token', admin.csrf);
        const res =
          typeof body === 'string' || typeof body === 'number' || body === null
            ? await req.set('Content-Type', 'application/json').send(JSON.stringify(body))
            : await req.send(body as object);
        if (res.status < 400 || res.status >= 500)
          failures.push(
            `${r.method} ${r.path} ${JSON.stringify(body).slice(0, 60)} → ${res.status}`,
          );
        else if (
          typeof res.body.message !== 'string' ||
          typeof res.body.code !== 'string' ||
          res.body.statusCode !== res.status
        ) {
          failures.push(`${r.method} ${r.path}: not the error shape ${JSON.stringify(res.body)}`);
        }
      }
      const malformed = await admin.agent[r.method](concretePath(r.path))
        .set('X-CSRF-Token', admin.csrf)
        .set('Content-Type', 'application/json')
        .send('{"name": "x",');
      if (malformed.status !== 400)
        failures.push(`${r.method} ${r.path} malformed JSON → ${malformed.status}`);
    }
    expect(failures).toEqual([]);
    expect(await tableCounts(t.ds, ['sessions'])).toEqual(before);
  });

  it('answers bad ids and bad queries on every endpoint with a 4xx', async () => {
    const failures: string[] = [];
    const before = await tableCounts(t.ds, ['sessions', 'login_failures', 'audit_logs']);
    for (const r of routes.filter((x) => !x.path.startsWith('/api/auth'))) {
      for (const id of r.path.includes(':id') ? BAD_IDS : []) {
        const res = await admin.agent[r.method](r.path.replace(':id', id).replace(/:\w+/g, 'x'))
          .set('X-CSRF-Token', admin.csrf)
          .send({});
        if (res.status < 400 || res.status >= 500)
          failures.push(`${r.method} ${r.path} id=${id} → ${res.status}`);
      }
      if (r.method === 'get') {
        for (const query of [
          'page=-1',
          'pageSize=100000',
          'sort=name;drop table users',
          'from=yesterday',
          'page[$gt]=1',
          'q[]=a&q[]=b',
          'active=maybe',
        ]) {
          const res = await admin.agent.get(`${concretePath(r.path)}?${query}`);
          if (res.status >= 500) failures.push(`GET ${r.path}?${query} → ${res.status}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(await tableCounts(t.ds, ['sessions', 'login_failures', 'audit_logs'])).toEqual(before);
  });

  it('combines validation messages into one localised message (ar and en)', async () => {
    const ar = await admin.post('/api/Branch', { name: '' });
    expect(ar.status).toBe(400);
    expect(ar.body).toEqual({
      statusCode: 400,
      statusMessage: 'Bad Request',
      message: 'الرجاء ادخال اسم الفرع',
      code: 'VALIDATION_FAILED',
    });
    const both = await admin.post('/api/Branch', { name: '', taxType: 'X' });
    expect(both.body.message).toBe('الرجاء ادخال اسم الفرع، نوع الضريبة يجب أن يكون P أو F أو B');
    const en = await admin.agent
      .post('/api/Branch')
      .set('Cookie', 'locale=en')
      .set('X-CSRF-Token', admin.csrf)
      .send({ name: '', extra: 1 });
    expect(en.status).toBe(400);
    expect(en.body.message).toBe('The field "extra" is not allowed; Please enter the branch name');
  });

  it('serves the OpenAPI document', async () => {
    const res = await t.http.get('/api/docs-json');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.paths)).toEqual(
      expect.arrayContaining(['/api/Branch', '/api/Roles', '/api/Users', '/api/auth/csrf']),
    );
    // Request bodies list their fields (from the DTOs' class-validator rules), nested ones too.
    const schemaOf = (path: string) => {
      const ref: string =
        res.body.paths[path].post.requestBody.content['application/json'].schema.$ref;
      return res.body.components.schemas[ref.split('/').pop()!];
    };
    const branch = schemaOf('/api/Branch');
    expect(Object.keys(branch.properties)).toEqual(expect.arrayContaining(['name', 'taxType']));
    expect(branch.properties.taxType.enum).toEqual(expect.arrayContaining(['P', 'F', 'B']));
    const sale = schemaOf('/api/Sales');
    expect(sale.properties.lines.type).toBe('array');
    const line = res.body.components.schemas[sale.properties.lines.items.$ref.split('/').pop()];
    expect(Object.keys(line.properties)).toEqual(expect.arrayContaining(['variantId', 'quantity']));
  });

  it('sends the security headers', async () => {
    const res = await t.http.get('/api/config');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-powered-by']).toBeUndefined();
  });
});
