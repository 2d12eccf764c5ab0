import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import type { Response } from 'supertest';
import { IDEMPOTENCY_HEADER, MONEY_COMMANDS, moneyCommandFor } from '@pos/contracts';
import {
  Client,
  createTestApp,
  createUserWith,
  freeRegister,
  openOwnShift,
  type TestApp,
} from './support/app';
import { bookViolations, customerOpenItems } from './support/invariants';
import { ownerMoney } from './support/money';

// Issue 30 acceptance, the race suite: for every command of MONEY_COMMANDS, 30 concurrent
// identical requests (one Idempotency-Key; the sale: one body id) apply exactly once and all
// answer the first result; for the commands that take money or stock out of a balance, 30
// concurrent requests with fresh keys, each asking for the whole balance (or the one step), are
// bounded by it (one applied); afterwards the trial balance balances, every vault equals its
// movements and its account, every vendor and customer its ledger, every stock level its
// movements.
//
// Customer payments (issue 30 item 13) are bounded by what the customer owes: 30 payments of the
// whole balance with fresh keys settle it once, and each customer the suite makes keeps "balance =
// open invoices + plan outstanding − advances" (CUSTOMER_OPEN_ITEMS, the property test's invariant).

const N = 30;
const NID = '29001010123456';
const GUARANTOR = {
  name: 'ضامن السباق',
  nationalId: '30105152101244',
  phone: '01112223334',
  address: 'شارع النيل، الجيزة',
};

type Method = 'post' | 'patch' | 'delete';
/** One request of a listed command, as the burst sends it (the key is added per burst). */
type Req = {
  method: Method;
  path: string;
  body?: object;
  /** who sends it (the admin unless told) */
  client?: Client;
  /** the expense: its body is the multipart field `data` */
  multipart?: boolean;
  /** the product import: an .xlsx uploaded as the field `file` */
  file?: Buffer;
};
/** A command ready to race: its request, its answer's status, and a count of its effect. */
type Race = {
  req: Req;
  status: number;
  /** a figure that moves by `applied` each time the command runs */
  count: () => Promise<number>;
  applied?: number;
};

describe('30 concurrent requests to each money and stock command', () => {
  let t: TestApp;
  let admin: Client;
  let branchId: string;
  let inventoryId: string;
  let categoryId: string;
  let cash: string;
  let branchB: string;
  let mainB: string;
  let keeperB: Client;
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
    cash = (await admin.get('/api/PaymentMethods')).body.find(
      (m: { type: string }) => m.type === 'cash',
    ).id;
    await openOwnShift(t, admin, 'admin', branchId, 70);
    // a second branch whose vault keeper confirms or rejects the transfers sent to it
    const branch = await admin.post('/api/Branch', {
      name: `فرع السباق ${randomUUID().slice(0, 8)}`,
    });
    expect(branch.status).toBe(201);
    branchB = branch.body.id;
    [{ id: mainB }] = await t.ds.query('SELECT id FROM vaults WHERE branch_id = $1 AND is_main', [
      branchB,
    ]);
    keeperB = await signedIn(
      await createUserWith(t.ds, ['can_see_vault_totals'], { branchId: branchB }),
    );
  });
  afterAll(async () => {
    await t.close();
  });

  /** The customers this suite made: each keeps balance = open invoices + plans − advances. */
  const customers: string[] = [];
  afterEach(async () => {
    expect(await bookViolations(t, customerOpenItems(customers))).toEqual({});
  });

  const signedIn = async (user: { username: string; password: string }) => {
    const c = new Client(t.app, 'en');
    await c.signIn(user.username, user.password);
    return c;
  };
  const n = async (sql: string, params: unknown[] = []) =>
    Number((await t.ds.query(sql, params))[0].n);
  const ok = (res: Response, status = 201) => {
    expect([res.status, res.body]).toEqual([status, expect.anything()]);
    return res.body;
  };

  /** A vault of the branch holding exactly `amount` (a new one: no other spec moves it). */
  const vaultWith = async (amount: number, type: 'cash' | 'bank' = 'cash') => {
    const created = await admin.post('/api/Vault', {
      name: `خزينة السباق ${randomUUID().slice(0, 8)}`,
      type,
      branchId,
      ...(type === 'bank' ? { accountNumber: '1234567890', bankName: 'بنك مصر' } : {}),
    });
    expect(created.status).toBe(201);
    if (amount) await ownerMoney(t, created.body.id, amount);
    return created.body.id as string;
  };
  const balance = (vaultId: string) =>
    n('SELECT balance AS n FROM vaults WHERE id = $1', [vaultId]);

  /** Sends one request with `key` (the sale: none, its body id is its key). */
  const fire = (req: Req, key: string) => {
    const c = req.client ?? admin;
    const listed = moneyCommandFor(req.method, req.path);
    // every request of this suite goes to a listed command
    expect(listed).toBeDefined();
    let r = c.agent[req.method](req.path).set('X-CSRF-Token', c.csrf);
    if (listed?.key === 'header') r = r.set(IDEMPOTENCY_HEADER, key);
    if (req.file) return r.attach('file', req.file, 'race.xlsx');
    return req.multipart ? r.field('data', JSON.stringify(req.body)) : r.send(req.body ?? {});
  };
  const send = (method: 'post', path: string, body: object, key: string) =>
    fire({ method, path, body }, key);
  const expenseReq = (vaultId: string, amount: number): Req => ({
    method: 'post',
    path: '/api/Expenses',
    multipart: true,
    body: { date: today(), categoryId, vaultId, amount, payee: 'سباق' },
  });
  const expense = (vaultId: string, amount: number, key: string) =>
    fire(expenseReq(vaultId, amount), key);

  const vendor = async () => {
    const id = randomUUID();
    await t.ds.query(
      `INSERT INTO vendors (id, name, search_text, payment_terms_days) VALUES ($1, $2, $2, 30)`,
      [id, `مورد السباق ${id.slice(0, 8)}`],
    );
    return id;
  };
  const product = async (opening: number, inventory = inventoryId) => {
    const res = await admin.post('/api/Products', {
      nameAr: `صنف السباق ${randomUUID().slice(0, 8)}`,
      vatRate: 14,
      variants: [
        {
          barcodes: [`R-${randomUUID().slice(0, 12)}`],
          sellPrice: 5000,
          minSellPrice: 0,
          avgCost: 2000,
          openingStock: opening ? [{ inventoryId: inventory, quantity: opening }] : [],
        },
      ],
    });
    expect(res.status).toBe(201);
    return res.body.variants[0].id as string;
  };
  const inventory = async () =>
    ok(
      await admin.post('/api/Inventories', {
        branchId,
        name: `مخزن السباق ${randomUUID().slice(0, 8)}`,
      }),
    ).id as string;
  const customer = async () => {
    const created = await admin.post('/api/Customers', {
      name: `عميل السباق ${randomUUID().slice(0, 8)}`,
      phone: '01001234567',
    });
    expect(created.status).toBe(201);
    customers.push(created.body.id);
    return created.body.id as string;
  };
  /** A sale of `quantity` × 50.00 (the admin's shift), `paid` in cash, the rest on the customer. */
  const sale = async (quantity: number, paid: number, customerId?: string) => {
    const variantId = await product(quantity + 5);
    const body = ok(
      await admin.post('/api/Sales', {
        id: randomUUID(),
        ...(customerId ? { customerId } : {}),
        lines: [{ variantId, quantity }],
        payments: paid ? [{ methodId: cash, amount: paid }] : [],
      }),
    );
    return { id: body.id as string, lineId: body.lines[0].id as string, variantId };
  };
  /** A customer owing `quantity` × 50.00 from a sale on their account (the admin's shift). */
  const customerOwing = async (quantity: number) => {
    const customerId = await customer();
    await sale(quantity, 0, customerId);
    return customerId;
  };
  const owed = (customerId: string) =>
    n('SELECT balance AS n FROM customers WHERE id = $1', [customerId]);

  const onHand = (variantId: string, inventory?: string) =>
    inventory
      ? n(
          'SELECT COALESCE(sum(on_hand), 0)::float AS n FROM stock_levels WHERE variant_id = $1 AND inventory_id = $2',
          [variantId, inventory],
        )
      : n('SELECT COALESCE(sum(on_hand), 0)::float AS n FROM stock_levels WHERE variant_id = $1', [
          variantId,
        ]);
  /** How many rows of `table` with this id are in `status` (a step applied: 0 → 1). */
  const inStatus =
    (table: string, id: string, status: string, column = 'status') =>
    () =>
      n(`SELECT count(*) AS n FROM ${table} WHERE id = $1 AND ${column} = $2`, [id, status]);

  const purchase = async (quantity: number, post: boolean) => {
    const variantId = await product(0);
    const inv = ok(
      await admin.post('/api/PurchaseInvoices', {
        vendorId: await vendor(),
        inventoryId,
        vendorInvoiceNumber: `RACE-${randomUUID().slice(0, 6)}`,
        lines: [{ variantId, quantity, unitCost: 2000, vatRate: 14 }],
        post,
      }),
    );
    return { id: inv.id as string, lineId: inv.lines[0].id as string, variantId };
  };
  const cheque = async (direction: 'received' | 'issued', amount: number) => {
    const party =
      direction === 'received' ? { customerId: await customer() } : { vendorId: await vendor() };
    return ok(
      await admin.post('/api/Cheques', {
        id: randomUUID(),
        direction,
        number: `R${randomUUID().slice(0, 10)}`,
        bank: 'بنك القاهرة',
        dueDate: today(),
        amount,
        ...party,
        // a fresh customer owes nothing: the cheque is an advance (issue 30 item 13)
        ...(direction === 'received' ? { advance: true } : {}),
        branchId,
      }),
    ).id as string;
  };
  const deposited = async () => {
    const id = await cheque('received', 20_000);
    ok(
      await admin.post(`/api/Cheques/${id}/deposit`, { vaultId: await vaultWith(0, 'bank') }),
      200,
    );
    return id;
  };
  const planFor = async (over: object = {}) => {
    const customerId = await customer();
    const s = await sale(3, 0, customerId);
    return ok(
      await admin.post('/api/Installments', {
        id: randomUUID(),
        saleId: s.id,
        count: 3,
        period: 'monthly',
        firstDueDate: today(),
        monthlyRateBp: 0,
        fee: 0,
        nationalId: NID,
        guarantors: [GUARANTOR],
        ...over,
      }),
    ) as { id: string; outstanding: number };
  };
  const driver = async () => {
    const user = await createUserWith(t.ds, [], { branchId });
    await t.ds.query(
      `UPDATE users SET role_id = (SELECT id FROM roles WHERE is_driver ORDER BY name LIMIT 1) WHERE id = $1`,
      [user.id],
    );
    return Object.assign(await signedIn(user), { id: user.id });
  };
  /** A delivery order of a sale on a new customer's account, assigned and out with a new driver. */
  const outForDelivery = async () => {
    const s = await sale(1, 1000, await customer());
    const order = ok(
      await admin.post('/api/Delivery', {
        id: randomUUID(),
        saleId: s.id,
        address: 'القاهرة، مدينة نصر، شارع عباس العقاد 12',
        phone: '01001234567',
        area: 'مدينة نصر',
        fee: 1000,
      }),
    );
    const d = await driver();
    ok(
      await admin.post(`/api/Delivery/${order.id}/step`, { action: 'assign', driverId: d.id }),
      200,
    );
    ok(await d.post(`/api/Delivery/${order.id}/step`, { action: 'dispatch' }), 200);
    return { id: order.id as string, driver: d };
  };
  const ticket = async (deposit = 0) =>
    ok(
      await admin.post('/api/Maintenance', {
        id: randomUUID(),
        customerId: await customer(),
        deviceType: 'phone',
        brand: 'سامسونج',
        model: 'A52',
        serial: `IMEI${randomUUID().slice(0, 12)}`,
        problem: 'الشاشة مكسورة',
        accessories: [],
        ...(deposit ? { deposit } : {}),
      }),
    ).id as string;
  const ticketAt = async (steps: string[]) => {
    const id = await ticket();
    for (const to of steps) ok(await admin.post(`/api/Maintenance/${id}/status`, { to }), 200);
    return id;
  };
  const reservation = async () => {
    const variantId = await product(3);
    const id = ok(
      await admin.post('/api/Reservations', {
        id: randomUUID(),
        customerId: await customer(),
        lines: [{ variantId, quantity: 1 }],
        deposit: 3000,
        expiresAt: new Date(Date.now() + 3 * 86_400_000).toISOString(),
      }),
    ).id as string;
    return { id, variantId };
  };
  /** A transfer of `quantity` from the admin's default inventory to a new one, approved. */
  const transfer = async (quantity: number, approve = true) => {
    const to = await inventory();
    const variantId = await product(quantity);
    const created = ok(
      await admin.post('/api/TransferRequests', {
        fromInventoryId: inventoryId,
        toInventoryId: to,
        lines: [{ variantId, quantity }],
      }),
    );
    if (approve) ok(await admin.post(`/api/TransferRequests/${created.id}/approve`, {}), 200);
    return { id: created.id as string, to, variantId };
  };
  const pendingTransfer = async () => {
    const sent = ok(
      await admin.post('/api/MoneyTransactions', {
        type: 'transfer',
        amount: 10_000,
        fromVaultId: await vaultWith(10_000),
        toVaultId: mainB,
        reason: 'تغذية فرع السباق',
      }),
    );
    expect(sent.status).toBe('pending');
    return sent.id as string;
  };
  const manualEntry = async () => {
    const [{ drawings, capital }] = await t.ds.query(
      `SELECT (SELECT id FROM accounts WHERE system_key = 'drawings') AS drawings,
              (SELECT id FROM accounts WHERE system_key = 'capital') AS capital`,
    );
    return {
      id: randomUUID(),
      date: today(),
      description: 'قيد السباق',
      lines: [
        { accountId: drawings, debit: 500 },
        { accountId: capital, credit: 500 },
      ],
    };
  };

  /** Every command of MONEY_COMMANDS, ready to race (a test below checks none is missing). */
  const RACES: Record<string, () => Promise<Race>> = {
    sale: async () => {
      const variantId = await product(10);
      return {
        req: {
          method: 'post',
          path: '/api/Sales',
          body: {
            id: randomUUID(),
            lines: [{ variantId, quantity: 1 }],
            payments: [{ methodId: cash, amount: 5000 }],
          },
        },
        status: 201,
        count: async () => -(await onHand(variantId)),
      };
    },
    // A till's batch of one sale (docs/decisions/0075): its id is its key as for the single sale.
    'sale.batch': async () => {
      const variantId = await product(10);
      return {
        req: {
          method: 'post',
          path: '/api/Sales/batch',
          body: {
            sales: [
              {
                id: randomUUID(),
                lines: [{ variantId, quantity: 1 }],
                payments: [{ methodId: cash, amount: 5000 }],
              },
            ],
          },
        },
        status: 201,
        count: async () => -(await onHand(variantId)),
      };
    },
    'sale.edit': async () => {
      const s = await sale(1, 5000);
      return {
        req: {
          method: 'patch',
          path: `/api/invoices/${s.id}`,
          body: {
            lines: [{ variantId: s.variantId, quantity: 2 }],
            payments: [{ methodId: cash, amount: 10000 }],
            reason: 'قطعة ثانية',
          },
        },
        status: 200,
        count: () => n('SELECT count(*) AS n FROM audit_logs WHERE entity_id = $1', [s.id]),
      };
    },
    'sale.return': async () => {
      const s = await sale(3, 15000);
      return {
        req: {
          method: 'post',
          path: `/api/invoices/${s.id}/returns`,
          body: { id: randomUUID(), lines: [{ saleLineId: s.lineId, quantity: 1 }] },
        },
        status: 201,
        count: () => onHand(s.variantId),
      };
    },
    'shift.open': async () => {
      const user = await createUserWith(t.ds, [], { branchId });
      return {
        req: {
          method: 'post',
          path: '/api/Shift/open',
          body: { openingCash: 0, register: await freeRegister(t.ds, branchId, 90) },
          client: await signedIn(user),
        },
        status: 201,
        count: () => n('SELECT count(*) AS n FROM shifts WHERE cashier_id = $1', [user.id]),
      };
    },
    'shift.close': async () => {
      const user = await createUserWith(t.ds, [], { branchId });
      const client = await signedIn(user);
      const shiftId = await openOwnShift(t, client, user.username, branchId, 90);
      return {
        req: {
          method: 'post',
          path: `/api/Shift/${shiftId}/close`,
          body: { countedCash: 0 },
          client,
        },
        status: 201,
        count: inStatus('shifts', shiftId, 'closed'),
      };
    },
    expense: async () => {
      const vaultId = await vaultWith(1_000_000);
      return {
        req: expenseReq(vaultId, 12_345),
        status: 201,
        count: async () => (1_000_000 - (await balance(vaultId))) / 12_345,
      };
    },
    'expense.void': async () => {
      const vaultId = await vaultWith(100_000);
      const created = ok(await expense(vaultId, 10_000, randomUUID()));
      return {
        req: { method: 'post', path: `/api/Expenses/${created.id}/void`, body: { reason: 'خطأ' } },
        status: 200,
        count: async () => (await balance(vaultId)) - 90_000,
        applied: 10_000,
      };
    },
    'money.transaction': async () => {
      const vaultId = await vaultWith(1_000_000);
      return {
        req: {
          method: 'post',
          path: '/api/MoneyTransactions',
          body: { type: 'drawings_out', amount: 4_321, fromVaultId: vaultId, reason: 'سباق' },
        },
        status: 201,
        count: async () => 1_000_000 - (await balance(vaultId)),
        applied: 4_321,
      };
    },
    'money.transfer.confirm': async () => {
      const id = await pendingTransfer();
      return {
        req: { method: 'post', path: `/api/MoneyTransactions/${id}/confirm`, client: keeperB },
        status: 200,
        count: inStatus('money_transactions', id, 'confirmed'),
      };
    },
    'money.transfer.reject': async () => {
      const id = await pendingTransfer();
      return {
        req: {
          method: 'post',
          path: `/api/MoneyTransactions/${id}/reject`,
          body: { reason: 'لم يصل' },
          client: keeperB,
        },
        status: 200,
        count: inStatus('money_transactions', id, 'rejected'),
      };
    },
    'purchase.create': async () => {
      const vendorId = await vendor();
      const variantId = await product(0);
      return {
        req: {
          method: 'post',
          path: '/api/PurchaseInvoices',
          body: {
            vendorId,
            inventoryId,
            vendorInvoiceNumber: 'RACE-C',
            lines: [{ variantId, quantity: 4, unitCost: 2000, vatRate: 14 }],
            post: true,
          },
        },
        status: 201,
        count: () => onHand(variantId),
        applied: 4,
      };
    },
    'purchase.update': async () => {
      const p = await purchase(2, false);
      const [{ vendor_id: vendorId }] = await t.ds.query(
        'SELECT vendor_id FROM purchase_invoices WHERE id = $1',
        [p.id],
      );
      return {
        req: {
          method: 'patch',
          path: `/api/PurchaseInvoices/${p.id}`,
          body: {
            vendorId,
            inventoryId,
            lines: [{ variantId: p.variantId, quantity: 4, unitCost: 600, vatRate: 0 }],
          },
        },
        status: 200,
        count: () => n('SELECT count(*) AS n FROM audit_logs WHERE entity_id = $1', [p.id]),
      };
    },
    'purchase.post': async () => {
      const p = await purchase(4, false);
      return {
        req: { method: 'post', path: `/api/PurchaseInvoices/${p.id}/post` },
        status: 200,
        count: () => onHand(p.variantId),
        applied: 4,
      };
    },
    'purchase.return': async () => {
      const p = await purchase(40, true);
      return {
        req: {
          method: 'post',
          path: `/api/PurchaseInvoices/${p.id}/returns`,
          body: { lines: [{ lineId: p.lineId, quantity: 1 }] },
        },
        status: 201,
        count: async () => 40 - (await onHand(p.variantId)),
      };
    },
    'purchase.order.receive': async () => {
      const variantId = await product(0);
      const po = ok(
        await admin.post('/api/PurchaseOrders', {
          vendorId: await vendor(),
          inventoryId,
          lines: [{ variantId, quantity: 10, unitCost: 2000 }],
        }),
      );
      return {
        req: {
          method: 'post',
          path: `/api/PurchaseOrders/${po.id}/receive`,
          body: { lines: [{ variantId, quantity: 6 }] },
        },
        status: 200,
        count: () =>
          n(
            'SELECT COALESCE(sum(received_quantity), 0)::float AS n FROM purchase_order_lines WHERE order_id = $1',
            [po.id],
          ),
        applied: 6,
      };
    },
    'vendor.payment': async () => {
      const vaultId = await vaultWith(1_000_000);
      const vendorId = await vendor();
      return {
        req: {
          method: 'post',
          path: `/api/Vendors/${vendorId}/payments`,
          body: { id: randomUUID(), amount: 7_000, vaultId },
        },
        status: 201,
        count: async () => 1_000_000 - (await balance(vaultId)),
        applied: 7_000,
      };
    },
    'customer.payment': async () => {
      const customerId = await customerOwing(3);
      const vaultId = await vaultWith(0);
      expect(await owed(customerId)).toBeGreaterThan(4_000);
      return {
        req: {
          method: 'post',
          path: `/api/Customers/${customerId}/payments`,
          body: { id: randomUUID(), amount: 4_000, vaultId },
        },
        status: 201,
        count: () => balance(vaultId),
        applied: 4_000,
      };
    },
    // Gift cards (issue 33 item 5): one card per id, one load per top-up id.
    'giftcard.issue': async () => {
      const id = randomUUID();
      return {
        req: {
          method: 'post',
          path: '/api/GiftCards',
          body: { id, amount: 5_000, methodId: cash },
        },
        status: 201,
        count: () => n('SELECT count(*) AS n FROM gift_cards WHERE id = $1', [id]),
      };
    },
    'giftcard.topup': async () => {
      const card = ok(
        await admin
          .post('/api/GiftCards', { id: randomUUID(), amount: 1_000, methodId: cash })
          .set(IDEMPOTENCY_HEADER, randomUUID()),
      );
      return {
        req: {
          method: 'post',
          path: `/api/GiftCards/${card.id}/top-ups`,
          body: { id: randomUUID(), amount: 2_000, methodId: cash },
        },
        status: 201,
        count: () => n('SELECT balance AS n FROM gift_cards WHERE id = $1', [card.id]),
        applied: 2_000,
      };
    },
    'installment.plan': async () => {
      const s = await sale(3, 0, await customer());
      return {
        req: {
          method: 'post',
          path: '/api/Installments',
          body: {
            id: randomUUID(),
            saleId: s.id,
            count: 3,
            period: 'monthly',
            firstDueDate: today(),
            monthlyRateBp: 0,
            fee: 0,
            nationalId: NID,
            guarantors: [GUARANTOR],
          },
        },
        status: 201,
        count: () => n('SELECT count(*) AS n FROM installment_plans WHERE sale_id = $1', [s.id]),
      };
    },
    'installment.collect': async () => {
      const plan = await planFor();
      const vaultId = await vaultWith(0);
      return {
        req: {
          method: 'post',
          path: `/api/Installments/${plan.id}/collect`,
          body: { id: randomUUID(), amount: 1_000, vaultId },
        },
        status: 200,
        count: () => balance(vaultId),
        applied: 1_000,
      };
    },
    'installment.settle': async () => {
      const plan = await planFor();
      return {
        req: {
          method: 'post',
          path: `/api/Installments/${plan.id}/settle`,
          body: { id: randomUUID(), vaultId: await vaultWith(0) },
        },
        status: 200,
        count: inStatus('installment_plans', plan.id, 'settled'),
      };
    },
    'cheque.create': async () => {
      const customerId = await customer();
      const number = `R${randomUUID().slice(0, 10)}`;
      return {
        req: {
          method: 'post',
          path: '/api/Cheques',
          body: {
            id: randomUUID(),
            direction: 'received',
            number,
            bank: 'بنك القاهرة',
            dueDate: today(),
            amount: 20_000,
            customerId,
            advance: true,
            branchId,
          },
        },
        status: 201,
        count: () => n('SELECT count(*) AS n FROM cheques WHERE number = $1', [number]),
      };
    },
    'cheque.deposit': async () => {
      const id = await cheque('received', 20_000);
      return {
        req: {
          method: 'post',
          path: `/api/Cheques/${id}/deposit`,
          body: { vaultId: await vaultWith(0, 'bank') },
        },
        status: 200,
        count: inStatus('cheques', id, 'deposited'),
      };
    },
    'cheque.clear': async () => {
      const id = await deposited();
      return {
        req: { method: 'post', path: `/api/Cheques/${id}/clear` },
        status: 200,
        count: inStatus('cheques', id, 'cleared'),
      };
    },
    'cheque.bounce': async () => {
      const id = await deposited();
      return {
        req: { method: 'post', path: `/api/Cheques/${id}/bounce`, body: { note: 'رصيد غير كاف' } },
        status: 200,
        count: inStatus('cheques', id, 'bounced'),
      };
    },
    'cheque.cancel': async () => {
      const id = await cheque('received', 20_000);
      return {
        req: { method: 'post', path: `/api/Cheques/${id}/cancel` },
        status: 200,
        count: inStatus('cheques', id, 'cancelled'),
      };
    },
    'delivery.step': async () => {
      const o = await outForDelivery();
      return {
        req: {
          method: 'post',
          path: `/api/Delivery/${o.id}/step`,
          body: { action: 'deliver' },
          client: o.driver,
        },
        status: 200,
        count: inStatus('delivery_orders', o.id, 'delivered'),
      };
    },
    'delivery.settlement': async () => {
      const o = await outForDelivery();
      ok(await o.driver.post(`/api/Delivery/${o.id}/step`, { action: 'deliver' }), 200);
      const vaultId = await vaultWith(0);
      return {
        req: {
          method: 'post',
          path: '/api/Delivery/settlements',
          body: { id: randomUUID(), driverId: o.driver.id, vaultId },
        },
        status: 201,
        count: () =>
          n('SELECT count(*) AS n FROM delivery_settlements WHERE vault_id = $1', [vaultId]),
      };
    },
    'maintenance.create': async () => {
      const customerId = await customer();
      const id = randomUUID();
      return {
        req: {
          method: 'post',
          path: '/api/Maintenance',
          body: {
            id,
            customerId,
            deviceType: 'phone',
            brand: 'سامسونج',
            model: 'A52',
            serial: `IMEI${randomUUID().slice(0, 12)}`,
            problem: 'لا يشحن',
            accessories: [],
            deposit: 1_000,
          },
        },
        status: 201,
        count: () => n('SELECT count(*) AS n FROM maintenance_tickets WHERE id = $1', [id]),
      };
    },
    'maintenance.status': async () => {
      const id = await ticketAt(['diagnosing', 'in_repair', 'ready']);
      return {
        req: {
          method: 'post',
          path: `/api/Maintenance/${id}/status`,
          body: { to: 'delivered', vaultId: await vaultWith(0) },
        },
        status: 200,
        count: inStatus('maintenance_tickets', id, 'delivered'),
      };
    },
    'maintenance.parts.add': async () => {
      const id = await ticketAt(['diagnosing']);
      const variantId = await product(10);
      return {
        req: {
          method: 'post',
          path: `/api/Maintenance/${id}/parts`,
          body: { parts: [{ variantId, quantity: 1 }] },
        },
        status: 200,
        count: async () => 10 - (await onHand(variantId)),
      };
    },
    'maintenance.parts.remove': async () => {
      const id = await ticketAt(['diagnosing']);
      const variantId = await product(10);
      const used = ok(
        await admin.post(`/api/Maintenance/${id}/parts`, { parts: [{ variantId, quantity: 2 }] }),
        200,
      );
      return {
        req: { method: 'delete', path: `/api/Maintenance/${id}/parts/${used.parts[0].id}` },
        status: 200,
        count: () => onHand(variantId),
        applied: 2,
      };
    },
    'journal.entry': async () => {
      const body = await manualEntry();
      return {
        req: { method: 'post', path: '/api/JournalEntries', body },
        status: 201,
        count: () => n('SELECT count(*) AS n FROM journal_entries WHERE id = $1', [body.id]),
      };
    },
    'journal.reverse': async () => {
      const entry = ok(await admin.post('/api/JournalEntries', await manualEntry()));
      return {
        req: {
          method: 'post',
          path: `/api/JournalEntries/${entry.id}/reverse`,
          body: { date: today(), reason: 'عكس السباق' },
        },
        status: 201,
        count: () =>
          n('SELECT count(*) AS n FROM journal_entries WHERE reverses_id = $1', [entry.id]),
      };
    },
    'reservation.create': async () => {
      const variantId = await product(3);
      const customerId = await customer();
      const id = randomUUID();
      return {
        req: {
          method: 'post',
          path: '/api/Reservations',
          body: {
            id,
            customerId,
            lines: [{ variantId, quantity: 1 }],
            deposit: 3000,
            expiresAt: new Date(Date.now() + 3 * 86_400_000).toISOString(),
          },
        },
        status: 201,
        count: () => n('SELECT count(*) AS n FROM reservations WHERE id = $1', [id]),
      };
    },
    'reservation.convert': async () => {
      const r = await reservation();
      return {
        req: {
          method: 'post',
          path: `/api/Reservations/${r.id}/convert`,
          body: { saleId: randomUUID(), payments: [{ methodId: cash, amount: 2000 }] },
        },
        status: 200,
        count: inStatus('reservations', r.id, 'converted'),
      };
    },
    'reservation.cancel': async () => {
      const r = await reservation();
      return {
        req: { method: 'post', path: `/api/Reservations/${r.id}/cancel` },
        status: 200,
        count: inStatus('reservations', r.id, 'cancelled'),
      };
    },
    'transfer.ship': async () => {
      const tr = await transfer(5);
      return {
        req: { method: 'post', path: `/api/TransferRequests/${tr.id}/ship` },
        status: 200,
        count: async () => 5 - (await onHand(tr.variantId, inventoryId)),
        applied: 5,
      };
    },
    'transfer.receive': async () => {
      const tr = await transfer(5);
      const shipped = ok(await admin.post(`/api/TransferRequests/${tr.id}/ship`, {}), 200);
      return {
        req: {
          method: 'post',
          path: `/api/TransferRequests/${tr.id}/receive`,
          body: {
            lines: shipped.lines.map((l: { id: string; shippedQuantity: number }) => ({
              lineId: l.id,
              receivedQuantity: l.shippedQuantity,
            })),
          },
        },
        status: 200,
        count: () => onHand(tr.variantId, tr.to),
        applied: 5,
      };
    },
    'transfer.cancel': async () => {
      const tr = await transfer(5, false);
      return {
        req: { method: 'post', path: `/api/TransferRequests/${tr.id}/cancel` },
        status: 200,
        count: inStatus('transfer_requests', tr.id, 'cancelled', 'state'),
      };
    },
    'stock.adjustment': async () => {
      const variantId = await product(50);
      return {
        req: {
          method: 'post',
          path: '/api/StockAdjustments',
          body: { inventoryId, reason: 'adjustment', lines: [{ variantId, quantity: -7 }] },
        },
        status: 201,
        count: async () => 50 - (await onHand(variantId)),
        applied: 7,
      };
    },
    'product.import': async () => {
      // a new product with 7 in opening stock at the user's default inventory
      const sku = `RACE-IMP-${randomUUID().slice(0, 8)}`;
      const wb = new ExcelJS.Workbook();
      const ws = wb.addWorksheet('x');
      ws.addRow(['اسم المنتج', 'كود الصنف', 'سعر البيع', 'متوسط التكلفة', 'الرصيد الافتتاحي']);
      ws.addRow([`صنف استيراد السباق ${sku}`, sku, '50', '20', 7]);
      const variant = async () =>
        (await t.ds.query('SELECT id FROM variants WHERE sku = $1', [sku]))[0]?.id as
          string | undefined;
      return {
        req: {
          method: 'post',
          path: '/api/Products/import?dryRun=false',
          file: Buffer.from(await wb.xlsx.writeBuffer()),
        },
        status: 201,
        count: async () => {
          const id = await variant();
          return id ? onHand(id) : 0;
        },
        applied: 7,
      };
    },
    'stocktaking.post': async () => {
      const inv = await inventory();
      const variantId = await product(10, inv);
      const st = ok(await admin.post('/api/StockTakings', { inventoryId: inv, scope: 'all' }));
      ok(await admin.post(`/api/StockTakings/${st.id}/counts`, { variantId, quantity: 7 }));
      ok(await admin.post(`/api/StockTakings/${st.id}/submit`, {}), 200);
      return {
        req: { method: 'post', path: `/api/StockTakings/${st.id}/post` },
        status: 200,
        count: async () => 10 - (await onHand(variantId, inv)),
        applied: 3,
      };
    },
  };

  /** Sends `make(i)` N times at once; the answers in order. */
  const burst = (make: (i: number) => Promise<Response>) =>
    Promise.all(Array.from({ length: N }, (_, i) => make(i)));

  /** One key for all: the first result N times, applied once. */
  const expectOneResult = (answers: Response[], status: number) => {
    expect(answers.map((a) => a.status)).toEqual(Array(N).fill(status));
    expect(answers.map((a) => a.body)).toEqual(Array(N).fill(answers[0].body));
  };
  /**
   * Fresh keys: exactly one applied, the others refused with `refusal` ("CODE" for a 400, or
   * "409 CODE"; alternatives separated by "|" where either check may see the race first).
   */
  const expectOneApplied = (answers: Response[], status: number, refusal: string) => {
    expect(answers.filter((a) => a.status === status)).toHaveLength(1);
    const refused = answers.filter((a) => a.status !== status);
    expect(refused).toHaveLength(N - 1);
    const allowed = refusal.split('|').map((r) => (r.includes(' ') ? r : `400 ${r}`));
    for (const a of refused) expect(allowed).toContain(`${a.status} ${a.body.code}`);
  };

  it('has a race for every command of MONEY_COMMANDS', () => {
    expect(Object.keys(RACES).sort()).toEqual(MONEY_COMMANDS.map((c) => c.name).sort());
  });

  describe('identical requests (one key) apply once and answer the same', () => {
    it.each(MONEY_COMMANDS.map((c) => [c.name]))('%s', async (name) => {
      const race = await RACES[name]();
      const before = await race.count();
      const key = randomUUID();
      const answers = await burst(() => fire(race.req, key));
      if (moneyCommandFor(race.req.method, race.req.path)?.key === 'body') {
        // the sale (its body id is its key): 201 for the one that made it, 200 with the same
        // invoice for every repeat (docs/api: "201, or 200 when the id was seen before")
        expect(answers.map((a) => a.status).sort((a, b) => a - b)).toEqual([
          ...Array(N - 1).fill(200),
          201,
        ]);
        // (the new sale is answered from what was written, a repeat read back: same invoice)
        expect(answers.map((a) => a.body)).toEqual(Array(N).fill(answers[0].body));
      } else expectOneResult(answers, race.status);
      expect([name, (await race.count()) - before]).toEqual([name, race.applied ?? 1]);
    });
  });

  /** Fresh keys (and fresh body ids) for each of the N: the race's request bounded by its state. */
  const boundedRace = async (name: string, refusal: string, fresh: (body: object) => object) => {
    const race = await RACES[name]();
    const before = await race.count();
    expectOneApplied(
      await burst(() =>
        fire({ ...race.req, body: race.req.body && fresh(race.req.body) }, randomUUID()),
      ),
      race.status,
      refusal,
    );
    expect([name, (await race.count()) - before]).toEqual([name, race.applied ?? 1]);
  };
  const sameBody = (body: object) => body;
  const newId = (body: object) => ({ ...body, id: randomUUID() });

  describe('requests with fresh keys are bounded by the balance', () => {
    // A step of a document's life runs once: the other 29 find it taken. (One open shift per
    // cashier, one plan per sale, one live cheque per number.)
    it.each([
      ['shift.open', '409 SHIFT_ALREADY_OPEN|409 REGISTER_BUSY', sameBody],
      ['installment.plan', '409 INSTALLMENT_NOTHING_TO_FINANCE', newId],
      ['cheque.create', '409 CHEQUE_DUPLICATE', newId],
      ['shift.close', '409 CONFLICT', sameBody],
      ['expense.void', '409 EXPENSE_ALREADY_VOID', sameBody],
      ['money.transfer.confirm', '409 MONEY_TRANSFER_NOT_PENDING', sameBody],
      ['money.transfer.reject', '409 MONEY_TRANSFER_NOT_PENDING', sameBody],
      ['purchase.post', '409 PURCHASE_NOT_DRAFT', sameBody],
      ['installment.settle', '409 INSTALLMENT_PLAN_CLOSED', newId],
      ['cheque.deposit', '409 CHEQUE_ILLEGAL_TRANSITION', sameBody],
      ['cheque.clear', '409 CHEQUE_ILLEGAL_TRANSITION', sameBody],
      ['cheque.bounce', '409 CHEQUE_ILLEGAL_TRANSITION', sameBody],
      ['cheque.cancel', '409 CHEQUE_ILLEGAL_TRANSITION', sameBody],
      ['delivery.step', '409 DELIVERY_ILLEGAL_TRANSITION', sameBody],
      ['delivery.settlement', '400 DELIVERY_NOTHING_TO_SETTLE', newId],
      ['maintenance.status', '409 MAINTENANCE_ILLEGAL_TRANSITION', sameBody],
      ['maintenance.parts.remove', '404 NOT_FOUND', sameBody],
      ['journal.reverse', '409 JOURNAL_ALREADY_REVERSED', sameBody],
      [
        'reservation.convert',
        '409 RESERVATION_ILLEGAL_TRANSITION',
        (body: object) => ({ ...body, saleId: randomUUID() }),
      ],
      ['reservation.cancel', '409 RESERVATION_ILLEGAL_TRANSITION', sameBody],
      ['transfer.ship', '409 TRANSFER_ILLEGAL_TRANSITION', sameBody],
      ['transfer.receive', '409 TRANSFER_ILLEGAL_TRANSITION', sameBody],
      ['transfer.cancel', '409 TRANSFER_ILLEGAL_TRANSITION', sameBody],
      ['stocktaking.post', '409 STOCKTAKING_ILLEGAL_TRANSITION', sameBody],
    ] as const)('%s: 30 with fresh keys, one applied (%s)', (name, refusal, fresh) =>
      boundedRace(name, refusal, fresh),
    );

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

    it('sale: 30 sales of the whole stock (fresh ids), one sold', async () => {
      const variantId = await product(4);
      const answers = await burst(() =>
        fire(
          {
            method: 'post',
            path: '/api/Sales',
            body: {
              id: randomUUID(),
              lines: [{ variantId, quantity: 4 }],
              payments: [{ methodId: cash, amount: 20_000 }],
            },
          },
          randomUUID(),
        ),
      );
      expectOneApplied(answers, 201, 'INSUFFICIENT_STOCK');
      expect(await onHand(variantId)).toBe(0);
    });

    it('sale return: 30 of the whole sold quantity, one returned', async () => {
      const s = await sale(2, 10_000);
      const answers = await burst(() =>
        send(
          'post',
          `/api/invoices/${s.id}/returns`,
          { id: randomUUID(), lines: [{ saleLineId: s.lineId, quantity: 2 }] },
          randomUUID(),
        ),
      );
      expectOneApplied(answers, 201, 'RETURN_EXCEEDS_SOLD');
      expect(await onHand(s.variantId)).toBe(7);
    });

    it('stock adjustment: 30 taking the whole stock out, one taken', async () => {
      const variantId = await product(6);
      const body = { inventoryId, reason: 'adjustment', lines: [{ variantId, quantity: -6 }] };
      expectOneApplied(
        await burst(() => send('post', '/api/StockAdjustments', body, randomUUID())),
        201,
        'INSUFFICIENT_STOCK',
      );
      expect(await onHand(variantId)).toBe(0);
    });

    it('maintenance parts: 30 using the whole stock, one used', async () => {
      const id = await ticketAt(['diagnosing']);
      const variantId = await product(3);
      const body = { parts: [{ variantId, quantity: 3 }] };
      expectOneApplied(
        await burst(() => send('post', `/api/Maintenance/${id}/parts`, body, randomUUID())),
        200,
        'INSUFFICIENT_STOCK',
      );
      expect(await onHand(variantId)).toBe(0);
    });

    it('installment collection: 30 of the whole outstanding, one collected', async () => {
      const plan = await planFor();
      const vaultId = await vaultWith(0);
      expectOneApplied(
        await burst(() =>
          send(
            'post',
            `/api/Installments/${plan.id}/collect`,
            { id: randomUUID(), amount: plan.outstanding, vaultId },
            randomUUID(),
          ),
        ),
        200,
        // the first pays the plan off: the others find it closed
        '409 INSTALLMENT_PLAN_CLOSED',
      );
      expect(await balance(vaultId)).toBe(plan.outstanding);
      expect(
        await n('SELECT COALESCE(sum(paid), 0)::int AS n FROM installments WHERE plan_id = $1', [
          plan.id,
        ]),
      ).toBe(plan.outstanding);
    });

    it('purchase order: 30 receiving the whole order, one received', async () => {
      const variantId = await product(0);
      const po = ok(
        await admin.post('/api/PurchaseOrders', {
          vendorId: await vendor(),
          inventoryId,
          lines: [{ variantId, quantity: 10, unitCost: 2000 }],
        }),
      );
      const body = { lines: [{ variantId, quantity: 10 }] };
      expectOneApplied(
        await burst(() => send('post', `/api/PurchaseOrders/${po.id}/receive`, body, randomUUID())),
        200,
        '409 PURCHASE_ORDER_ILLEGAL_TRANSITION',
      );
    });

    it('issued cheques: 30 each of the whole bank balance cleared at once, one paid', async () => {
      const bankId = await vaultWith(30_000, 'bank');
      const ids: string[] = [];
      for (let i = 0; i < N; i++) ids.push(await cheque('issued', 30_000));
      expectOneApplied(
        await burst((i) =>
          send('post', `/api/Cheques/${ids[i]}/clear`, { vaultId: bankId }, randomUUID()),
        ),
        200,
        'VAULT_INSUFFICIENT',
      );
      expect(await balance(bankId)).toBe(0);
    });

    it('reservation: 30 reserving the whole stock (fresh ids), one reserved', async () => {
      const variantId = await product(3);
      const customerId = await customer();
      const answers = await burst(() =>
        send(
          'post',
          '/api/Reservations',
          {
            id: randomUUID(),
            customerId,
            lines: [{ variantId, quantity: 3 }],
            deposit: 3000,
            expiresAt: new Date(Date.now() + 3 * 86_400_000).toISOString(),
          },
          randomUUID(),
        ),
      );
      expectOneApplied(answers, 201, 'INSUFFICIENT_STOCK');
      expect(
        await n('SELECT count(*) AS n FROM reservations WHERE customer_id = $1', [customerId]),
      ).toBe(1);
    });
  });
});
