import { randomUUID } from 'node:crypto';
import type { PermissionKey } from '@pos/contracts';
import {
  Client,
  createTestApp,
  freeRegister,
  tableCounts,
  type TestApp,
} from '../medium/support/app';
import { concretePath, registeredRoutes, type RegisteredRoute } from '../medium/support/routes';
import { apiKeyKeys } from './support';

// Issue 30 item 11: an API key is bounded by its permissions everywhere. A key acts only through
// endpoints that name the permission keys it must hold; endpoints open to "any signed-in user"
// (the till's shift and sale, profile, …) refuse every key (403 API_KEY_NOT_ALLOWED) unless they
// name the keys that admit one. The acceptance walk: every operation of the OpenAPI document,
// called with a key that holds an unrelated permission, answers 403 and writes nothing.
describe('API keys are bounded by their permissions on every endpoint', () => {
  let t: TestApp;
  let admin: Client;
  let branchId: string;
  let routes: RegisteredRoute[];
  const keys: { id: string; key: string; permissions: PermissionKey[] }[] = [];

  const createKey = async (permissions: PermissionKey[]) => {
    const res = await admin.post('/api/admin/apiKeys', {
      name: `مفتاح الحدود ${keys.length + 1}`,
      permissions,
      branchId,
    });
    expect(res.status).toBe(201);
    const made = { id: res.body.id as string, key: res.body.key as string, permissions };
    keys.push(made);
    return made;
  };
  const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });

  beforeAll(async () => {
    t = await createTestApp();
    admin = new Client(t.app);
    await admin.signIn('admin');
    [{ id: branchId }] = await t.ds.query('SELECT id FROM branches ORDER BY created_at LIMIT 1');
    routes = registeredRoutes(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  /** The rows these keys made anywhere: any uuid column of any table holding a key's id. */
  const rowsByKeys = async (ids: string[]): Promise<string[]> => {
    const columns: { table_name: string; column_name: string }[] = await t.ds.query(
      `SELECT c.table_name, c.column_name FROM information_schema.columns c
         JOIN information_schema.tables tb ON tb.table_name = c.table_name AND tb.table_schema = c.table_schema
        WHERE c.table_schema = 'public' AND tb.table_type = 'BASE TABLE' AND c.data_type = 'uuid'
          AND c.table_name <> 'api_keys'`,
    );
    const found: string[] = [];
    for (const { table_name, column_name } of columns) {
      const [{ n }] = await t.ds.query(
        `SELECT count(*)::int AS n FROM "${table_name}" WHERE "${column_name}" = ANY($1::uuid[])`,
        [ids],
      );
      if (n > 0) found.push(`${table_name}.${column_name}: ${n}`);
    }
    return found;
  };

  it("refuses the issue's key (only can_see_products) a shift, a sale, a customer and a repair ticket, and writes nothing", async () => {
    const { id, key } = await createKey(['can_see_products']);
    const before = await tableCounts(t.ds);
    const register = await freeRegister(t.ds, branchId, 60);
    const shift = await t.http
      .post('/api/Shift/open')
      .set(bearer(key))
      .send({ openingCash: 10_000, register });
    expect([shift.status, shift.body.code]).toEqual([403, 'API_KEY_NOT_ALLOWED']);
    const [variant] = await t.ds.query(
      `SELECT v.id, v.sell_price FROM variants v JOIN stock_levels s ON s.variant_id = v.id
        WHERE s.on_hand > 5 LIMIT 1`,
    );
    const cash = (await admin.get('/api/PaymentMethods')).body.find(
      (m: { type: string }) => m.type === 'cash',
    ).id;
    const sale = await t.http
      .post('/api/Sales')
      .set(bearer(key))
      .send({
        id: randomUUID(),
        lines: [{ variantId: variant.id, quantity: 1 }],
        payments: [{ methodId: cash, amount: Number(variant.sell_price) }],
      });
    expect([sale.status, sale.body.code]).toEqual([403, 'API_KEY_NOT_ALLOWED']);
    const customer = await t.http
      .post('/api/Customers')
      .set(bearer(key))
      .send({ name: 'عميل من مفتاح', phone: '01012345678' });
    // Adding customers admits a key holding can_see_customers only (an online shop's key).
    expect([customer.status, customer.body.code]).toEqual([403, 'FORBIDDEN']);
    const ticket = await t.http
      .post('/api/Maintenance')
      .set(bearer(key))
      .send({ customerName: 'عميل صيانة', device: 'هاتف', problem: 'الشاشة' });
    expect([ticket.status, ticket.body.code]).toEqual([403, 'API_KEY_NOT_ALLOWED']);
    // The till's and the person's reads too.
    for (const path of ['/api/Shift/current', '/api/Shift', '/api/DailyReport', '/api/account']) {
      const res = await t.http.get(path).set(bearer(key));
      expect([path, res.status, res.body.code]).toEqual([path, 403, 'API_KEY_NOT_ALLOWED']);
    }
    // The message is localised (Arabic by default, English on request).
    expect(shift.body.message).toMatch(/مفتاح API/);
    const english = await t.http
      .post('/api/Shift/open')
      .set(bearer(key))
      .set('Cookie', 'locale=en')
      .send({ openingCash: 10_000, register });
    expect(english.body.message).toMatch(/API key cannot call this endpoint/);

    // What its permission names, it may do.
    const products = await t.http.get('/api/Products').set(bearer(key));
    expect(products.status).toBe(200);
    const search = await t.http.get('/api/variants/search?q=a').set(bearer(key));
    expect(search.status).not.toBe(403);

    expect(await tableCounts(t.ds)).toEqual(before);
    const [{ n }] = await t.ds.query(
      `SELECT count(*)::int AS n FROM shifts WHERE cashier_id = $1`,
      [id],
    );
    expect(n).toBe(0);
  });

  it('reads an invoice by id with can_see_invoices (a session endpoint that names the key it admits)', async () => {
    const { key } = await createKey(['can_see_invoices']);
    const [invoice] = await t.ds.query(
      `SELECT id, number FROM sales_invoices WHERE branch_id = $1 ORDER BY created_at DESC LIMIT 1`,
      [branchId],
    );
    const read = await t.http.get(`/api/invoices/${invoice.id}`).set(bearer(key));
    expect([read.status, read.body.number]).toEqual([200, invoice.number]);
    const { key: other } = await createKey(['can_see_products']);
    const refused = await t.http.get(`/api/invoices/${invoice.id}`).set(bearer(other));
    expect([refused.status, refused.body.code]).toEqual([403, 'FORBIDDEN']);
  });

  it('shows what a key may make like anything else: its customer and its purchase invoice in the lists and detail pages', async () => {
    const { id, key } = await createKey([
      'can_see_customers',
      'can_buy_products',
      'can_see_buy_price',
    ]);
    const name = `عميل التكامل ${randomUUID().slice(0, 6)}`;
    const customer = await t.http.post('/api/Customers').set(bearer(key)).send({ name });
    expect(customer.status).toBe(201);
    const found = await admin.get(`/api/Customers?q=${encodeURIComponent(name)}`);
    expect(found.body.map((c: { id: string }) => c.id)).toContain(customer.body.id);
    expect((await admin.get(`/api/Customers/${customer.body.id}`)).status).toBe(200);

    const [vendor] = await t.ds.query('SELECT id FROM vendors ORDER BY created_at LIMIT 1');
    const [{ id: inventoryId }] = await t.ds.query(
      'SELECT id FROM inventories WHERE branch_id = $1 AND is_default',
      [branchId],
    );
    const [{ id: variantId }] = await t.ds.query('SELECT id FROM variants LIMIT 1');
    const invoice = await t.http
      .post('/api/PurchaseInvoices')
      .set(bearer(key))
      .send({
        vendorId: vendor.id,
        inventoryId,
        vendorInvoiceNumber: `KEY-${randomUUID().slice(0, 6)}`,
        lines: [{ variantId, quantity: 1, unitCost: 1000, vatRate: 0 }],
        post: true,
      });
    expect(invoice.status).toBe(201);
    const list = await admin.get(`/api/PurchaseInvoices?vendorId=${vendor.id}&pageSize=100`);
    expect(list.body.map((p: { id: string }) => p.id)).toContain(invoice.body.id);
    const detail = await admin.get(`/api/PurchaseInvoices/${invoice.body.id}`);
    expect([detail.status, detail.body.number]).toEqual([200, invoice.body.number]);
    const entries = await admin.get(`/api/JournalEntries?sourceId=${invoice.body.id}`);
    expect(entries.body.length).toBeGreaterThan(0);
    // The scan the OpenAPI walk relies on finds what a key wrote (it is not vacuous).
    expect(await rowsByKeys([id])).toEqual(
      expect.arrayContaining(['purchase_invoices.created_by: 1', 'audit_logs.user_id: 2']),
    );
  });

  it('answers 403 to a key with an unrelated permission on every operation of the OpenAPI document, writing nothing', async () => {
    const doc = (await t.http.get('/api/docs-json')).body as {
      paths: Record<string, Record<string, unknown>>;
    };
    const operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops)
        .filter((m) => ['get', 'post', 'put', 'patch', 'delete'].includes(m))
        .map((method) => ({ method, path: `${path.replace(/\{(\w+)\}/g, ':$1')}` })),
    );
    const route = (op: { method: string; path: string }) =>
      routes.find((r) => r.method === op.method && r.path === op.path);
    // The document and the controllers describe the same API.
    expect(operations.filter((op) => !route(op))).toEqual([]);
    expect(operations.length).toBeGreaterThan(150);

    // Two keys of one permission each: every operation gets one whose key it does not name.
    const a = await createKey(['can_see_near_end_products']);
    const b = await createKey(['can_see_einvoice']);
    const before = await tableCounts(t.ds, ['api_keys']);
    const failures: string[] = [];
    let walked = 0;
    let skipped = 0;
    for (const op of operations) {
      const r = route(op)!;
      if (r.access.kind === 'public') {
        skipped++;
        continue;
      }
      const named = apiKeyKeys(r);
      const key = named.includes(a.permissions[0]) ? b : a;
      const res = await t.http[r.method](concretePath(r.path)).set(bearer(key.key)).send({});
      walked++;
      // An administrator's endpoint refuses every key as it refuses every non-administrator.
      const code = named.length || r.access.kind === 'admin' ? 'FORBIDDEN' : 'API_KEY_NOT_ALLOWED';
      if (res.status !== 403 || res.body?.code !== code)
        failures.push(`${op.method.toUpperCase()} ${op.path} → ${res.status} ${res.body?.code}`);
    }
    expect(failures).toEqual([]);
    expect(walked).toBeGreaterThan(150);
    // Only the sign-in, the session reads and the store's public configuration need no one.
    expect(skipped).toBeLessThan(15);
    expect(await tableCounts(t.ds, ['api_keys'])).toEqual(before);
    expect(await rowsByKeys([a.id, b.id])).toEqual([]);
  }, 120_000);
});
