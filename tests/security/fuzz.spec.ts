import fc from 'fast-check';
import { Client, createTestApp, tableCounts, type TestApp } from '../medium/support/app';
import { concretePath, registeredRoutes, type RegisteredRoute } from '../medium/support/routes';
import { dtoFields, freeTextFields, routeTypes, type FieldKind, type RouteTypes } from './dto';

// Generated hostile input against every endpoint, as the administrator (so no permission stands
// in the way): bodies, path parameters and queries. Never a 5xx, always the error shape, and
// nothing written. Runs: FUZZ_RUNS per route and kind (default 6; `FUZZ_RUNS=200` for a long run).
const RUNS = Number(process.env.FUZZ_RUNS ?? 4);

/** Routes side by side (the app is in-process; the database is the wait). */
async function eachLimit<T>(items: T[], limit: number, fn: (item: T) => Promise<void>) {
  const queue = [...items];
  await Promise.all(
    Array.from({ length: limit }, async () => {
      for (let item = queue.shift(); item !== undefined; item = queue.shift()) await fn(item);
    }),
  );
}
const IGNORED = ['sessions', 'login_failures', 'audit_logs'];

/** A value of a type the field does not take. */
const wrongFor = (kind: FieldKind): fc.Arbitrary<unknown> => {
  const garbageList = fc.array(
    fc.oneof(fc.integer(), fc.constant(null), fc.object({ maxDepth: 1 })),
    { minLength: 1, maxLength: 3 },
  );
  const operator = fc.constantFrom(
    { $gt: '' },
    { $ne: null },
    { toString: 'x' },
    { __proto__: { isAdmin: true } },
  );
  switch (kind) {
    case 'string':
      return fc.oneof(fc.integer(), fc.double(), fc.boolean(), garbageList, operator);
    case 'number':
      return fc.oneof(
        fc.string(),
        fc.boolean(),
        garbageList,
        operator,
        fc.constantFrom('1', '1e3', 'NaN'),
      );
    case 'boolean':
      return fc.oneof(
        fc.string(),
        fc.integer(),
        garbageList,
        operator,
        fc.constantFrom('true', 'false', 0, 1),
      );
    case 'array':
      return fc.oneof(fc.string(), fc.integer(), fc.boolean(), operator, garbageList);
    case 'object':
      return fc.oneof(
        fc.string(),
        fc.integer(),
        fc.boolean(),
        fc.array(fc.integer(), { minLength: 1 }),
      );
    default:
      return fc.oneof(operator, garbageList, fc.boolean());
  }
};

/** Hostile bodies: anything at all, random objects, and each DTO field given a wrong type. */
const notEmpty = (v: unknown) => v !== undefined && JSON.stringify(v) !== '{}';

const badBody = (types: RouteTypes | undefined): fc.Arbitrary<unknown> => {
  const fields = types?.body ? Object.entries(dtoFields(types.body)) : [];
  const anything = fc
    .anything({ maxDepth: 3 })
    .filter(
      (v) => !(v && typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length === 0),
    );
  const object = fc.object({ maxDepth: 2 }).filter((o) => Object.keys(o).length > 0);
  if (!fields.length) return fc.oneof(anything, object).filter(notEmpty);
  const oneWrong = fc
    .constantFrom(...fields)
    .chain(([name, kind]) => wrongFor(kind).map((v) => ({ [name]: v })));
  const allWrong = fc
    .tuple(...fields.map(([, kind]) => wrongFor(kind)))
    .map((vs) => Object.fromEntries(fields.map(([n], i) => [n, vs[i]])));
  // No body, or one whose JSON is `{}` ({ a: undefined }, …), is an empty request, which a route
  // whose fields are all optional (a PATCH, a "run now") may accept.
  return fc.oneof(anything, object, oneWrong, allWrong).filter(notEmpty);
};

const send = (c: Client, r: RegisteredRoute, path: string, body: unknown) => {
  const req = c.agent[r.method](path)
    .set('X-CSRF-Token', c.csrf)
    .set('Content-Type', 'application/json');
  return body === undefined ? req : req.send(JSON.stringify(body) ?? 'null');
};

const isErrorShape = (
  status: number,
  body: { statusCode?: unknown; message?: unknown; code?: unknown },
) =>
  body?.statusCode === status && typeof body.message === 'string' && typeof body.code === 'string';

describe('input fuzzing (fast-check) against every endpoint', () => {
  let t: TestApp;
  let admin: Client;
  let routes: RegisteredRoute[];
  let types: Map<string, RouteTypes>;

  beforeAll(async () => {
    t = await createTestApp();
    routes = registeredRoutes(t.app).filter((r) => !r.path.startsWith('/api/auth'));
    types = routeTypes(t.app);
    admin = new Client(t.app);
    await admin.signIn('admin');
  });
  afterAll(async () => {
    await t.close();
  });

  it('knows the DTOs of the routes it fuzzes', () => {
    const writes = routes.filter((r) => r.method !== 'get');
    const withBody = writes.filter((r) => types.get(r.handler)?.body);
    expect(withBody.length).toBeGreaterThan(writes.length * 0.7);
    expect(
      dtoFields(
        types.get(routes.find((r) => r.method === 'post' && r.path === '/api/Sales')!.handler)!
          .body!,
      ),
    ).toMatchObject({ id: 'string', lines: 'array', payments: 'array' });
  });

  it('answers generated bad bodies on every state-changing route with a 4xx in the error shape, writing nothing', async () => {
    const before = await tableCounts(t.ds, IGNORED);
    const [{ seq }] = (await t.ds.query('SELECT coalesce(max(seq), 0) AS seq FROM outbox')) as {
      seq: string;
    }[];
    const failures: string[] = [];
    await eachLimit(
      routes.filter((x) => x.method !== 'get'),
      4,
      async (r) => {
        const path = concretePath(r.path);
        await fc
          .assert(
            fc.asyncProperty(badBody(types.get(r.handler)), async (body) => {
              const res = await send(admin, r, path, body);
              const ok =
                res.status >= 400 && res.status < 500 && isErrorShape(res.status, res.body);
              if (!ok)
                failures.push(
                  `${r.method} ${r.path} ${JSON.stringify(body)?.slice(0, 120)} → ${res.status} ${JSON.stringify(res.body).slice(0, 120)}`,
                );
              return ok;
            }),
            { numRuns: RUNS * 2, endOnFailure: true },
          )
          .catch(() => undefined); // collected in failures, with the offending body
      },
    );
    expect(failures).toEqual([]);
    // (an event written meanwhile is named, with what it carries)
    const events = (await t.ds.query(
      'SELECT type, branch_id, payload, created_at FROM outbox WHERE seq > $1 ORDER BY seq',
      [seq],
    )) as unknown[];
    expect({ counts: await tableCounts(t.ds, IGNORED), events }).toEqual({
      counts: before,
      events: [],
    });
  });

  it('answers random path parameters on every route with a 4xx (never a 5xx), writing nothing', async () => {
    const before = await tableCounts(t.ds, IGNORED);
    const failures: string[] = [];
    const param = fc.oneof(
      fc.string({ minLength: 1, maxLength: 60 }),
      fc.string({ unit: 'binary', minLength: 1, maxLength: 40 }),
      fc.constantFrom(
        "1' OR '1'='1",
        '../../etc/passwd',
        '%00',
        '00000000-0000-0000-0000-00000000000g',
        '{{7*7}}',
        'x'.repeat(2000),
        '٣٤٥',
        'NaN',
        '-1',
      ),
    );
    await eachLimit(
      routes.filter((x) => x.path.includes('/:')),
      4,
      async (r) => {
        await fc
          .assert(
            fc.asyncProperty(param, async (value) => {
              const path = r.path.replace(/:(\w+)/g, () => encodeURIComponent(value));
              const res = await admin.agent[r.method](path)
                .set('X-CSRF-Token', admin.csrf)
                .send({});
              // An empty or slash-like value can land on a sibling route: a GET may then succeed.
              const ok = res.status < 500 && (r.method === 'get' ? true : res.status >= 400);
              if (!ok)
                failures.push(
                  `${r.method} ${path.slice(0, 120)} → ${res.status} ${JSON.stringify(res.body).slice(0, 120)}`,
                );
              return ok;
            }),
            { numRuns: RUNS, endOnFailure: true },
          )
          .catch(() => undefined);
      },
    );
    expect(failures).toEqual([]);
    expect(await tableCounts(t.ds, IGNORED)).toEqual(before);
  });

  it('answers generated queries on every GET with a 2xx or 4xx (never a 5xx), writing nothing', async () => {
    const before = await tableCounts(t.ds, IGNORED);
    const failures: string[] = [];
    const value = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.constantFrom(
        'NaN',
        '-1',
        '0',
        '1e309',
        '99999999999999999999',
        '0x10',
        '[]',
        '{}',
        'null',
        'true',
        '2026-02-30',
        'yesterday',
        '📦',
        'ـــ',
      ),
    );
    await eachLimit(
      routes.filter((x) => x.method === 'get'),
      4,
      async (r) => {
        const ty = types.get(r.handler);
        const keys = [
          ...(ty?.query ? Object.keys(dtoFields(ty.query)) : []),
          ...(ty?.queryKeys ?? []),
        ];
        const key = keys.length
          ? fc.oneof(fc.constantFrom(...keys), fc.string({ minLength: 1, maxLength: 10 }))
          : fc.string({ minLength: 1, maxLength: 10 });
        const query = fc.array(fc.tuple(key, value), { minLength: 1, maxLength: 5 });
        await fc
          .assert(
            fc.asyncProperty(query, async (pairs) => {
              const qs = pairs
                .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
                .join('&');
              const res = await admin.agent.get(`${concretePath(r.path)}?${qs}`);
              const ok =
                res.status < 500 && (res.status < 400 || isErrorShape(res.status, res.body));
              if (!ok) failures.push(`GET ${r.path}?${qs.slice(0, 120)} → ${res.status}`);
              return ok;
            }),
            { numRuns: RUNS, endOnFailure: true },
          )
          .catch(() => undefined);
      },
    );
    expect(failures).toEqual([]);
    expect(await tableCounts(t.ds, IGNORED)).toEqual(before);
  });

  it('treats SQL-injection strings in every search field as text: 200, no extra rows, tables intact', async () => {
    const before = await tableCounts(t.ds, IGNORED);
    const failures: string[] = [];
    const payloads = [
      "zzqx' OR '1'='1",
      "zzqx%' OR 1=1 --",
      "zzqx'); DROP TABLE users; --",
      "zzqx' UNION SELECT username, password_hash FROM users --",
      "zzqx'||pg_sleep(3)||'",
      "zzqx\\'; DELETE FROM sessions; --",
      'zzqx" OR ""="',
    ];
    let probed = 0;
    let answered = 0;
    const lists = routes.filter(
      (r) => r.method === 'get' && !r.path.includes('/:') && types.get(r.handler)?.query,
    );
    for (const r of lists) {
      for (const field of freeTextFields(types.get(r.handler)!.query!)) {
        const size = (res: { headers: Record<string, string>; body: unknown }) =>
          res.headers['x-total-count'] !== undefined
            ? Number(res.headers['x-total-count'])
            : Array.isArray(res.body)
              ? res.body.length
              : -1;
        const plain = await admin.agent.get(`${r.path}?${field}=zzqx`);
        for (const payload of payloads) {
          const started = Date.now();
          const res = await admin.agent.get(`${r.path}?${field}=${encodeURIComponent(payload)}`);
          probed++;
          const where = `GET ${r.path}?${field}=${payload}`;
          // A length limit on the field may refuse the longer payloads: a 400 in the error shape is fine.
          if (res.status === 400 && res.body.code === 'VALIDATION_FAILED') continue;
          if (res.status === 200) answered++;
          if (res.status !== plain.status)
            failures.push(`${where} → ${res.status} (plain text: ${plain.status})`);
          else if (res.status === 200 && size(res) !== size(plain))
            failures.push(`${where} → ${size(res)} rows, plain text ${size(plain)}`);
          if (Date.now() - started > 2500)
            failures.push(`${where} took ${Date.now() - started} ms`);
        }
        if (['q', 'number'].includes(field) && plain.status !== 200)
          failures.push(`GET ${r.path}?${field}=zzqx → ${plain.status}`);
      }
    }
    expect(probed).toBeGreaterThan(50);
    expect(answered).toBeGreaterThan(probed * 0.8);
    expect(failures).toEqual([]);
    expect(await tableCounts(t.ds, IGNORED)).toEqual(before);
    expect((await admin.get('/api/Users')).status).toBe(200);
  });
});
