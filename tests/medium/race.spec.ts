import { randomUUID } from 'node:crypto';
import type { Response } from 'supertest';
import { IDEMPOTENCY_HEADER, moneyCommandFor } from '@pos/contracts';
import { Client, createTestApp, openOwnShift, type TestApp } from './support/app';
import { bookViolations, customerOpenItems } from './support/invariants';
import { ownerMoney } from './support/money';

// Issue 30 acceptance, the race suite: for the commands of MONEY_COMMANDS that take money or
// stock out of a balance, 30 concurrent identical requests (one Idempotency-Key) apply exactly
// once and all answer the first result; 30 concurrent requests with fresh keys, each asking for
// the whole balance, are bounded by it (one applied); afterwards the trial balance balances, every
// vault equals its movements and its account, every vendor and customer its ledger, every stock
// level its movements.
//
// Customer payments (issue 30 item 13) are bounded by what the customer owes: 30 payments of the
// whole balance with fresh keys settle it once, and each customer the suite makes keeps "balance =
// open invoices + plan outstanding − advances" (CUSTOMER_OPEN_ITEMS, the property test's invariant).

const N = 30;

describe('30 concurrent requests to each money and stock command', () => {
  let t: TestApp;
  let admin: Client;
  let branchId: string;
  let inventoryId: string;
  let categoryId: string;
  const today = () => new Date().toISOString().slice(0, 10);

  beforeAll(async () => {
    t = await createTestApp();
    admin = new Client(t.app, 'en');
    await admin.signIn('admin');
    [{ branch_id: branchId }] = await t.ds.query(
      `SELECT branch_id FROM users WHERE username = 'admin'`,
    );
    [{ id: inventoryId }] = await t.ds.query(
      'SELECT id FROM inventories WHERE branch_id = $1 AND is_default',
      [branchId],
    );
    const category = await admin.post('/api/ExpenseCategories', { name: 'بند السباق' });
    expect(category.status).toBe(201);
    categoryId = category.body.id;
  });
  afterAll(async () => {
    await t.close();
  });

  /** The customers this suite made: each keeps balance = open invoices + plans − advances. */
  const customers: string[] = [];
  afterEach(async () => {
    expect(await bookViolations(t, customerOpenItems(customers))).toEqual({});
  });

  const n = async (sql: string, params: unknown[] = []) =>
    Number((await t.ds.query(sql, params))[0].n);

  /** A cash vault of the branch holding exactly `amount` (a new one: no other spec moves it). */
  const vaultWith = async (amount: number) => {
    const created = await admin.post('/api/Vault', {
      name: `خزينة السباق ${randomUUID().slice(0, 8)}`,
      type: 'cash',
      branchId,
    });
    expect(created.status).toBe(201);
    if (amount) await ownerMoney(t, created.body.id, amount);
    return created.body.id as string;
  };
  const balance = (vaultId: string) =>
    n('SELECT balance AS n FROM vaults WHERE id = $1', [vaultId]);

  const send = (method: 'post', path: string, body: object, key: string) => {
    // every request of this suite goes to a listed command
    expect(moneyCommandFor(method, path)).toBeDefined();
    return admin.agent[method](path)
      .set('X-CSRF-Token', admin.csrf)
      .set(IDEMPOTENCY_HEADER, key)
      .send(body);
  };
  const expense = (vaultId: string, amount: number, key: string) =>
    admin.agent
      .post('/api/Expenses')
      .set('X-CSRF-Token', admin.csrf)
      .set(IDEMPOTENCY_HEADER, key)
      .field('data', JSON.stringify({ date: today(), categoryId, vaultId, amount, payee: 'سباق' }));

  const vendor = async () => {
    const id = randomUUID();
    await t.ds.query(
      `INSERT INTO vendors (id, name, search_text, payment_terms_days) VALUES ($1, $2, $2, 30)`,
      [id, `مورد السباق ${id.slice(0, 8)}`],
    );
    return id;
  };
  const product = async (opening: number) => {
    const res = await admin.post('/api/Products', {
      nameAr: `صنف السباق ${randomUUID().slice(0, 8)}`,
      vatRate: 14,
      variants: [
        {
          barcodes: [`R-${randomUUID().slice(0, 12)}`],
          sellPrice: 5000,
          minSellPrice: 0,
          avgCost: 2000,
          openingStock: opening ? [{ inventoryId, quantity: opening }] : [],
        },
      ],
    });
    expect(res.status).toBe(201);
    return res.body.variants[0].id as string;
  };
  /** A customer owing `quantity` × 50.00 from a sale on their account (the admin's shift). */
  const customerOwing = async (quantity: number) => {
    const created = await admin.post('/api/Customers', {
      name: `عميل السباق ${randomUUID().slice(0, 8)}`,
      phone: '01001234567',
    });
    expect(created.status).toBe(201);
    customers.push(created.body.id);
    await openOwnShift(t, admin, 'admin', branchId, 70);
    const variantId = await product(quantity);
    const sale = await admin.post('/api/Sales', {
      id: randomUUID(),
      customerId: created.body.id,
      lines: [{ variantId, quantity }],
      payments: [],
    });
    expect(sale.status).toBe(201);
    return created.body.id as string;
  };
  const owed = (customerId: string) =>
    n('SELECT balance AS n FROM customers WHERE id = $1', [customerId]);

  const onHand = (variantId: string) =>
    n('SELECT COALESCE(sum(on_hand), 0)::float AS n FROM stock_levels WHERE variant_id = $1', [
      variantId,
    ]);

  /** Sends `make(i)` N times at once; the answers in order. */
  const burst = (make: (i: number) => Promise<Response>) =>
    Promise.all(Array.from({ length: N }, (_, i) => make(i)));

  /** One key for all: the first result N times, applied once. */
  const expectOneResult = (answers: Response[], status: number) => {
    expect(answers.map((a) => a.status)).toEqual(Array(N).fill(status));
    const ids = new Set(answers.map((a) => JSON.stringify(a.body)));
    expect(ids.size).toBe(1);
  };
  /** Fresh keys: exactly one applied, the others refused with `code`. */
  const expectOneApplied = (answers: Response[], status: number, code: string) => {
    expect(answers.filter((a) => a.status === status)).toHaveLength(1);
    const refused = answers.filter((a) => a.status !== status);
    expect(refused).toHaveLength(N - 1);
    expect(new Set(refused.map((a) => `${a.status} ${a.body.code}`))).toEqual(
      new Set([`400 ${code}`]),
    );
  };

  describe('identical requests (one key) apply once', () => {
    it('expense', async () => {
      const vaultId = await vaultWith(1_000_000);
      const key = randomUUID();
      expectOneResult(await burst(() => expense(vaultId, 12_345, key)), 201);
      expect(await n('SELECT count(*) AS n FROM expenses WHERE vault_id = $1', [vaultId])).toBe(1);
      expect(await balance(vaultId)).toBe(1_000_000 - 12_345);
    });

    it('money transaction (withdrawal)', async () => {
      const vaultId = await vaultWith(1_000_000);
      const key = randomUUID();
      const body = { type: 'drawings_out', amount: 4_321, fromVaultId: vaultId, reason: 'سباق' };
      expectOneResult(await burst(() => send('post', '/api/MoneyTransactions', body, key)), 201);
      expect(await balance(vaultId)).toBe(1_000_000 - 4_321);
    });

    it('vendor payment', async () => {
      const vaultId = await vaultWith(1_000_000);
      const vendorId = await vendor();
      const key = randomUUID();
      const body = { id: randomUUID(), amount: 7_000, vaultId };
      expectOneResult(
        await burst(() => send('post', `/api/Vendors/${vendorId}/payments`, body, key)),
        201,
      );
      expect(
        await n('SELECT count(*) AS n FROM vendor_payments WHERE vendor_id = $1', [vendorId]),
      ).toBe(1);
      expect(await balance(vaultId)).toBe(1_000_000 - 7_000);
    });

    it('customer payment', async () => {
      const customerId = await customerOwing(3);
      const vaultId = await vaultWith(0);
      const before = await owed(customerId);
      expect(before).toBeGreaterThan(4_000);
      const key = randomUUID();
      const body = { id: randomUUID(), amount: 4_000, vaultId };
      expectOneResult(
        await burst(() => send('post', `/api/Customers/${customerId}/payments`, body, key)),
        201,
      );
      expect(await owed(customerId)).toBe(before - 4_000);
      expect(await balance(vaultId)).toBe(4_000);
    });

    it('purchase return', async () => {
      const variantId = await product(0);
      const inv = await admin.post('/api/PurchaseInvoices', {
        vendorId: await vendor(),
        inventoryId,
        vendorInvoiceNumber: 'RACE-1',
        lines: [{ variantId, quantity: 40, unitCost: 2000, vatRate: 14 }],
        post: true,
      });
      expect(inv.status).toBe(201);
      const key = randomUUID();
      const body = { lines: [{ lineId: inv.body.lines[0].id, quantity: 1 }] };
      expectOneResult(
        await burst(() => send('post', `/api/PurchaseInvoices/${inv.body.id}/returns`, body, key)),
        201,
      );
      expect(
        await n('SELECT count(*) AS n FROM purchase_returns WHERE invoice_id = $1', [inv.body.id]),
      ).toBe(1);
      expect(await onHand(variantId)).toBe(39);
    });

    it('stock adjustment (taking stock out)', async () => {
      const variantId = await product(50);
      const key = randomUUID();
      const body = { inventoryId, reason: 'adjustment', lines: [{ variantId, quantity: -7 }] };
      expectOneResult(await burst(() => send('post', '/api/StockAdjustments', body, key)), 201);
      expect(await onHand(variantId)).toBe(43);
    });

    it('journal entry', async () => {
      const [{ drawings, capital }] = await t.ds.query(
        `SELECT (SELECT id FROM accounts WHERE system_key = 'drawings') AS drawings,
                (SELECT id FROM accounts WHERE system_key = 'capital') AS capital`,
      );
      const before = await n('SELECT count(*) AS n FROM journal_entries');
      const key = randomUUID();
      const body = {
        id: randomUUID(),
        date: today(),
        description: 'قيد السباق',
        lines: [
          { accountId: drawings, debit: 500 },
          { accountId: capital, credit: 500 },
        ],
      };
      expectOneResult(await burst(() => send('post', '/api/JournalEntries', body, key)), 201);
      expect(await n('SELECT count(*) AS n FROM journal_entries')).toBe(before + 1);
    });
  });

  describe('requests with fresh keys are bounded by the balance', () => {
    it('expense: 30 of the whole vault, one paid', async () => {
      const vaultId = await vaultWith(50_000);
      expectOneApplied(
        await burst(() => expense(vaultId, 50_000, randomUUID())),
        201,
        'VAULT_INSUFFICIENT',
      );
      expect(await balance(vaultId)).toBe(0);
    });

    it('money transaction: 30 withdrawals of the whole vault, one taken', async () => {
      const vaultId = await vaultWith(50_000);
      const body = { type: 'drawings_out', amount: 50_000, fromVaultId: vaultId, reason: 'x' };
      expectOneApplied(
        await burst(() => send('post', '/api/MoneyTransactions', body, randomUUID())),
        201,
        'VAULT_INSUFFICIENT',
      );
      expect(await balance(vaultId)).toBe(0);
    });

    it('vendor payment: 30 of the whole vault, one paid (an advance beyond the balance is allowed)', async () => {
      const vaultId = await vaultWith(50_000);
      const vendorId = await vendor();
      expectOneApplied(
        await burst(() =>
          send(
            'post',
            `/api/Vendors/${vendorId}/payments`,
            { id: randomUUID(), amount: 50_000, vaultId },
            randomUUID(),
          ),
        ),
        201,
        'VAULT_INSUFFICIENT',
      );
      expect(await balance(vaultId)).toBe(0);
      expect(await n('SELECT balance AS n FROM vendors WHERE id = $1', [vendorId])).toBe(-50_000);
    });

    it('customer payment: 30 of the whole balance, one applied (nothing taken beyond what is owed)', async () => {
      const customerId = await customerOwing(2);
      const vaultId = await vaultWith(0);
      const whole = await owed(customerId);
      expectOneApplied(
        await burst(() =>
          send(
            'post',
            `/api/Customers/${customerId}/payments`,
            { id: randomUUID(), amount: whole, vaultId },
            randomUUID(),
          ),
        ),
        201,
        'CUSTOMER_PAYMENT_EXCEEDS_BALANCE',
      );
      expect(await owed(customerId)).toBe(0);
      expect(await balance(vaultId)).toBe(whole);
    });

    it('purchase return: 30 of the whole received quantity, one returned', async () => {
      const variantId = await product(0);
      const inv = await admin.post('/api/PurchaseInvoices', {
        vendorId: await vendor(),
        inventoryId,
        vendorInvoiceNumber: 'RACE-2',
        lines: [{ variantId, quantity: 5, unitCost: 2000, vatRate: 14 }],
        post: true,
      });
      expect(inv.status).toBe(201);
      const body = { lines: [{ lineId: inv.body.lines[0].id, quantity: 5 }] };
      expectOneApplied(
        await burst(() =>
          send('post', `/api/PurchaseInvoices/${inv.body.id}/returns`, body, randomUUID()),
        ),
        201,
        'PURCHASE_RETURN_TOO_MUCH',
      );
      expect(await onHand(variantId)).toBe(0);
    });
  });
});
