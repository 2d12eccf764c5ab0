import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import type { Response } from 'supertest';
import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import {
  IDEMPOTENCY_HEADER,
  IDEMPOTENCY_KEY_RETENTION_DAYS,
  MONEY_COMMANDS,
  moneyCommandFor,
} from '@pos/contracts';
import {
  IDEMPOTENCY_QUEUE,
  IdempotencyPurgeProcessor,
} from '../../server/src/core/jobs/idempotency-purge';
import { Client, createTestApp, createUserWith, freeRegister, type TestApp } from './support/app';
import { ownerMoney } from './support/money';
import { concretePath, registeredRoutes } from './support/routes';

// Issue 30 item 12: every command that moves money or stock runs exactly once per Idempotency-Key.
// The same key again answers the first result and changes nothing (the expense posted twice,
// B01-EX-000021 and -000022, and the purchase return retried into B01-PR-000001 and -000002);
// the same key with another body is a 409; a listed command without a key is a 400.

describe('idempotency keys on the money and stock commands', () => {
  let t: TestApp;
  let admin: Client;
  let accountant: Client;
  let branchId: string;
  let inventoryId: string;
  let vaultId: string;
  let accountantVault: string;
  let categoryId: string;
  const today = () => new Date().toISOString().slice(0, 10);

  beforeAll(async () => {
    t = await createTestApp();
    admin = new Client(t.app, 'ar');
    await admin.signIn('admin');
    accountant = new Client(t.app, 'en');
    await accountant.signIn('accountant');
    [{ branch_id: branchId }] = await t.ds.query(
      `SELECT branch_id FROM users WHERE username = 'admin'`,
    );
    [{ id: inventoryId }] = await t.ds.query(
      'SELECT id FROM inventories WHERE branch_id = $1 AND is_default',
      [branchId],
    );
    [{ id: vaultId }] = await t.ds.query(
      `SELECT id FROM vaults WHERE branch_id = $1 AND is_main AND type = 'cash'`,
      [branchId],
    );
    [{ id: accountantVault }] = await t.ds.query(
      `SELECT v.id FROM vaults v JOIN users u ON u.branch_id = v.branch_id
        WHERE u.username = 'accountant' AND v.is_main`,
    );
    await ownerMoney(t, vaultId, 10_000_000);
    await ownerMoney(t, accountantVault, 10_000_000);
    const category = await accountant.post('/api/ExpenseCategories', { name: 'بند التكرار' });
    expect(category.status).toBe(201);
    categoryId = category.body.id;
  });
  afterAll(async () => {
    await t.close();
  });

  it('marks exactly the routes of MONEY_COMMANDS', () => {
    const marked = registeredRoutes(t.app)
      .filter((r) => r.idempotent)
      .map((r) => `${r.method.toUpperCase()} ${r.path} ${r.idempotent}`)
      .sort();
    const listed = MONEY_COMMANDS.map((c) => `${c.method} /api${c.path} ${c.key}`).sort();
    expect(marked).toEqual(listed);
  });

  it.each(MONEY_COMMANDS.filter((c) => c.key === 'header').map((c) => [c.name, c]))(
    '%s: without a key, or with one that is no UUID, is a 400 and writes nothing',
    async (_name, command) => {
      const path = `/api${concretePath(command.path)}`;
      for (const key of ['', 'not-a-uuid']) {
        const method = command.method.toLowerCase() as 'post' | 'patch' | 'delete';
        const res = await admin.agent[method](path)
          .set('X-CSRF-Token', admin.csrf)
          .set(IDEMPOTENCY_HEADER, key)
          .send({});
        expect([res.status, res.body.code]).toEqual([400, 'IDEMPOTENCY_KEY_REQUIRED']);
        expect(res.body.message).toContain('مفتاح العملية');
      }
      expect(moneyCommandFor(command.method, path)).toBe(command);
    },
  );

  /** One listed command, sent with a key: body 0 (twice, then 30 more) or body 1 (the conflict). */
  type Case = {
    name: string;
    send: (key: string, variant: 0 | 1) => Promise<Response>;
    /** what the command changes: equal before and after a replay */
    effect: () => Promise<unknown>;
    status: number;
  };

  const withKey = (
    client: Client,
    method: 'post' | 'patch',
    path: string,
    body: object,
    key: string,
  ) =>
    client.agent[method](path)
      .set('X-CSRF-Token', client.csrf)
      .set(IDEMPOTENCY_HEADER, key)
      .send(body);

  const product = async () => {
    const res = await admin.post('/api/Products', {
      nameAr: `صنف التكرار ${randomUUID().slice(0, 8)}`,
      vatRate: 14,
      variants: [
        {
          barcodes: [`I-${randomUUID().slice(0, 12)}`],
          sellPrice: 5000,
          minSellPrice: 0,
          avgCost: 2000,
          openingStock: [{ inventoryId, quantity: 50 }],
        },
      ],
    });
    expect(res.status).toBe(201);
    return res.body.variants[0].id as string;
  };
  const vendor = async () => {
    const id = randomUUID();
    await t.ds.query(
      `INSERT INTO vendors (id, name, search_text, payment_terms_days) VALUES ($1, $2, $2, 30)`,
      [id, `مورد التكرار ${id.slice(0, 8)}`],
    );
    return id;
  };
  const count = async (sql: string, params: unknown[] = []) =>
    Number((await t.ds.query(sql, params))[0].n);
  const vaultBalance = (id: string) => count('SELECT balance AS n FROM vaults WHERE id = $1', [id]);

  const cases: (() => Promise<Case>)[] = [
    async () => ({
      name: 'expense (multipart)',
      status: 201,
      send: (key, v) =>
        accountant.agent
          .post('/api/Expenses')
          .set('X-CSRF-Token', accountant.csrf)
          .set(IDEMPOTENCY_HEADER, key)
          .field(
            'data',
            JSON.stringify({ date: today(), categoryId, amount: 1500 + v, payee: 'سباك' }),
          ),
      effect: async () => [
        await count('SELECT count(*) AS n FROM expenses'),
        await vaultBalance(accountantVault),
      ],
    }),
    async () => ({
      name: 'money transaction without its optional id',
      status: 201,
      send: (key, v) =>
        withKey(
          admin,
          'post',
          '/api/MoneyTransactions',
          { type: 'drawings_out', amount: 700 + v, fromVaultId: vaultId, reason: 'سحب' },
          key,
        ),
      effect: async () => [
        await count('SELECT count(*) AS n FROM money_transactions'),
        await vaultBalance(vaultId),
      ],
    }),
    async () => {
      const vendorId = await vendor();
      const variantId = await product();
      const inv = await admin.post('/api/PurchaseInvoices', {
        vendorId,
        inventoryId,
        vendorInvoiceNumber: 'IDEM-1',
        lines: [{ variantId, quantity: 10, unitCost: 2000, vatRate: 14 }],
        post: true,
      });
      expect(inv.status).toBe(201);
      const lineId = inv.body.lines[0].id;
      return {
        name: 'purchase return',
        status: 201,
        send: (key, v) =>
          withKey(
            admin,
            'post',
            `/api/PurchaseInvoices/${inv.body.id}/returns`,
            { lines: [{ lineId, quantity: 1 + v }] },
            key,
          ),
        effect: async () => [
          await count('SELECT count(*) AS n FROM purchase_returns WHERE invoice_id = $1', [
            inv.body.id,
          ]),
          await count(
            'SELECT COALESCE(sum(on_hand), 0) AS n FROM stock_levels WHERE variant_id = $1',
            [variantId],
          ),
        ],
      };
    },
    async () => {
      const vendorId = await vendor();
      const paymentId = randomUUID();
      return {
        name: 'vendor payment',
        status: 201,
        send: (key, v) =>
          withKey(
            admin,
            'post',
            `/api/Vendors/${vendorId}/payments`,
            { id: paymentId, amount: 900 + v, vaultId },
            key,
          ),
        effect: async () => [
          await count('SELECT count(*) AS n FROM vendor_payments WHERE vendor_id = $1', [vendorId]),
          await vaultBalance(vaultId),
        ],
      };
    },
    async () => {
      const [{ drawings, capital }] = await t.ds.query(
        `SELECT (SELECT id FROM accounts WHERE system_key = 'drawings') AS drawings,
                (SELECT id FROM accounts WHERE system_key = 'capital') AS capital`,
      );
      const entryId = randomUUID();
      return {
        name: 'journal entry',
        status: 201,
        send: (key, v) =>
          withKey(
            admin,
            'post',
            '/api/JournalEntries',
            {
              id: entryId,
              date: today(),
              description: 'قيد التكرار',
              lines: [
                { accountId: drawings, debit: 1000 + v },
                { accountId: capital, credit: 1000 + v },
              ],
            },
            key,
          ),
        effect: () => count('SELECT count(*) AS n FROM journal_entries'),
      };
    },
    async () => {
      const variantId = await product();
      return {
        name: 'stock adjustment',
        status: 201,
        send: (key, v) =>
          withKey(
            admin,
            'post',
            '/api/StockAdjustments',
            { inventoryId, reason: 'adjustment', lines: [{ variantId, quantity: 3 + v }] },
            key,
          ),
        effect: () =>
          count('SELECT COALESCE(sum(on_hand), 0) AS n FROM stock_levels WHERE variant_id = $1', [
            variantId,
          ]),
      };
    },
    async () => {
      // the Excel import's opening stock (docs/decisions/0123): the retry of the same file under
      // the same key answers the first report and adds nothing
      const sku = `IDEM-IMP-${randomUUID().slice(0, 8)}`;
      const file = async (v: 0 | 1) => {
        const wb = new ExcelJS.Workbook();
        const ws = wb.addWorksheet('x');
        ws.addRow(['اسم المنتج', 'كود الصنف', 'سعر البيع', 'الرصيد الافتتاحي']);
        ws.addRow([`صنف استيراد التكرار ${sku}`, sku, '50', 6 + v]);
        return Buffer.from(await wb.xlsx.writeBuffer());
      };
      const files = [await file(0), await file(1)];
      return {
        name: 'product import (file)',
        status: 201,
        send: (key, v) =>
          admin.agent
            .post('/api/Products/import?dryRun=false')
            .set('X-CSRF-Token', admin.csrf)
            .set(IDEMPOTENCY_HEADER, key)
            .attach('file', files[v], 'stock.xlsx'),
        effect: async () => [
          await count('SELECT count(*) AS n FROM variants WHERE sku = $1', [sku]),
          await count(
            `SELECT COALESCE(sum(l.on_hand), 0) AS n FROM stock_levels l
               JOIN variants v ON v.id = l.variant_id WHERE v.sku = $1`,
            [sku],
          ),
        ],
      };
    },
    async () => {
      const user = await createUserWith(t.ds, []);
      const cashier = new Client(t.app, 'ar');
      await cashier.signIn(user.username, user.password);
      const register = await freeRegister(t.ds, branchId, 60);
      return {
        name: 'shift open',
        status: 201,
        send: (key, v) =>
          withKey(cashier, 'post', '/api/Shift/open', { openingCash: 5000 + v, register }, key),
        effect: () => count('SELECT count(*) AS n FROM shifts WHERE cashier_id = $1', [user.id]),
      };
    },
  ];

  it.each(cases.map((make, i) => [i, make]))(
    'case %i: the same key runs once and answers the first result; another body is a 409',
    async (_i, make) => {
      const c = await make();
      const key = randomUUID();
      const before = await c.effect();
      const first = await c.send(key, 0);
      expect([c.name, first.status]).toEqual([c.name, c.status]);
      const after = await c.effect();
      expect(after).not.toEqual(before);
      const again = await c.send(key, 0);
      expect([again.status, again.body]).toEqual([first.status, first.body]);
      expect(await c.effect()).toEqual(after);
      const other = await c.send(key, 1);
      expect([other.status, other.body.code]).toEqual([409, 'IDEMPOTENCY_KEY_REUSED']);
      expect(await c.effect()).toEqual(after);
      // the key is kept with its request's fingerprint and the first result
      const [row] = await t.ds.query(
        'SELECT scope, result IS NOT NULL AS stored FROM idempotency_keys WHERE key = $1',
        [key],
      );
      expect(row).toEqual({
        scope: expect.stringMatching(/^(POST|PATCH|DELETE) \/api\//),
        stored: true,
      });
    },
  );

  it('refuses a key another user took (409), without reading their result', async () => {
    const key = randomUUID();
    const body = { type: 'drawings_out', amount: 300, fromVaultId: accountantVault, reason: 'x' };
    const first = await withKey(accountant, 'post', '/api/MoneyTransactions', body, key);
    expect(first.status).toBe(201);
    const other = await withKey(admin, 'post', '/api/MoneyTransactions', body, key);
    expect([other.status, other.body.code]).toEqual([409, 'IDEMPOTENCY_KEY_REUSED']);
    expect(other.body.id).toBeUndefined();
  });

  it('does not keep the key of a command that failed: the corrected retry runs', async () => {
    const key = randomUUID();
    const balance = await vaultBalance(vaultId);
    const tooMuch = await withKey(
      admin,
      'post',
      '/api/MoneyTransactions',
      { type: 'drawings_out', amount: balance + 1, fromVaultId: vaultId, reason: 'x' },
      key,
    );
    expect(tooMuch.status).toBe(400);
    expect(await count('SELECT count(*) AS n FROM idempotency_keys WHERE key = $1', [key])).toBe(0);
    const ok = await withKey(
      admin,
      'post',
      '/api/MoneyTransactions',
      { type: 'drawings_out', amount: 100, fromVaultId: vaultId, reason: 'x' },
      key,
    );
    expect(ok.status).toBe(201);
  });

  it('purges the keys older than the retention every night, keeping the recent ones answering', async () => {
    const processor = t.app.get(IdempotencyPurgeProcessor);
    const [old, edge, recent] = [randomUUID(), randomUUID(), randomUUID()];
    const days = IDEMPOTENCY_KEY_RETENTION_DAYS;
    await t.ds.query(
      `INSERT INTO idempotency_keys (key, scope, request_hash, result, created_at) VALUES
         ($1, 'test', 'h', '{}', now() - make_interval(days => $4 + 1)),
         ($2, 'test', 'h', '{}', now() - make_interval(days => $4) + interval '1 hour'),
         ($3, 'test', 'h', '{}', now())`,
      [old, edge, recent, days],
    );
    const { purged } = await processor.process();
    expect(purged).toBeGreaterThanOrEqual(1);
    const left = (
      await t.ds.query('SELECT key FROM idempotency_keys WHERE key = ANY($1)', [
        [old, edge, recent],
      ])
    ).map((r: { key: string }) => r.key);
    expect(left.sort()).toEqual([edge, recent].sort());
    // Scheduled once a night on the app's queue (a BullMQ job scheduler).
    const queue = t.app.get<Queue>(getQueueToken(IDEMPOTENCY_QUEUE));
    const schedulers = await waitForSchedulers(queue);
    expect(schedulers.map((x) => x.pattern)).toContain('15 3 * * *');
  });
});

async function waitForSchedulers(queue: Queue) {
  for (let i = 0; i < 100; i++) {
    const list = await queue.getJobSchedulers();
    if (list.length) return list;
    await new Promise((r) => setTimeout(r, 50));
  }
  return queue.getJobSchedulers();
}
