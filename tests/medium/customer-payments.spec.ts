import { randomUUID } from 'node:crypto';
import { INSTALLMENTS_API } from '@pos/contracts';
import { readStoreTimeZone } from '../../server/src/modules/settings';
import { customerOpenItems } from './support/invariants';
import {
  Client,
  createTestApp,
  createUserWith,
  openOwnShift,
  tableCounts,
  type TestApp,
} from './support/app';

// Issue 30 items 13 and 14: a customer payment is bounded by what the customer owes (under the
// customer's lock, so concurrent payments of the whole balance apply once), an advance is a
// separate permission-gated choice, the money settles open invoices oldest first and then the
// customer's installment plans (through the installments module), and cash into the till needs
// the user's open shift.
describe('customer payments: bounded, allocated, into an open shift', () => {
  let t: TestApp;
  let admin: Client;
  let branchId: string;
  let inventoryId: string;
  let vaultId: string;
  let cash: string;
  let methods: { id: string; type: string }[];
  let today: string;
  let variantId: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = new Client(t.app, 'en');
    await admin.signIn('admin');
    const [me] = await t.ds.query(`SELECT branch_id FROM users WHERE username = 'admin'`);
    branchId = me.branch_id;
    [{ id: inventoryId }] = await t.ds.query(
      'SELECT id FROM inventories WHERE branch_id = $1 AND is_default',
      [branchId],
    );
    [{ id: vaultId }] = await t.ds.query(
      `SELECT id FROM vaults WHERE branch_id = $1 AND active AND type = 'cash' ORDER BY is_main DESC, created_at LIMIT 1`,
      [branchId],
    );
    methods = (await admin.get('/api/PaymentMethods')).body;
    cash = methods.find((m) => m.type === 'cash')!.id;
    await openOwnShift(t, admin, 'admin', branchId, 60);
    const tz = await readStoreTimeZone(t.ds);
    [{ today }] = await t.ds.query(`SELECT (now() AT TIME ZONE $1)::date::text AS today`, [tz]);
    const product = await admin.post('/api/Products', {
      nameAr: `غسالة ${randomUUID().slice(0, 8)}`,
      variants: [
        {
          barcodes: [`CP-${randomUUID().slice(0, 12)}`],
          sellPrice: 10_000,
          minSellPrice: 100,
          avgCost: 5_000,
          openingStock: [{ inventoryId, quantity: 500 }],
        },
      ],
    });
    expect(product.status).toBe(201);
    variantId = product.body.variants[0].id;
  });
  afterAll(() => t.close());

  const newCustomer = async () => {
    const res = await admin.post('/api/Customers', {
      name: `عميل دفعات ${randomUUID().slice(0, 6)}`,
      phone: '01001234567',
    });
    expect(res.status).toBe(201);
    return res.body.id as string;
  };
  /** A sale of `quantity` × 100.00 to the customer, all of it on their account. */
  const creditSale = async (customerId: string, quantity: number) => {
    const sale = await admin.post('/api/Sales', {
      id: randomUUID(),
      customerId,
      lines: [{ variantId, quantity }],
      payments: [],
    });
    expect(sale.status).toBe(201);
    return sale.body.id as string;
  };
  const balance = async (customerId: string) =>
    Number(
      (await t.ds.query('SELECT balance FROM customers WHERE id = $1', [customerId]))[0].balance,
    );
  const pay = (client: Client, customerId: string, body: object) =>
    client.post(`/api/Customers/${customerId}/payments`, { id: randomUUID(), ...body });

  it('30 concurrent payments of the whole balance: one applied, the balance never below zero', async () => {
    const customerId = await newCustomer();
    await creditSale(customerId, 3); // 300.00
    const owed = await balance(customerId);
    expect(owed).toBe(30_000);
    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        pay(admin, customerId, { amount: owed, methodId: cash }).then((r) => r),
      ),
    );
    expect(answers.filter((r) => r.status === 201)).toHaveLength(1);
    const refused = answers.filter((r) => r.status !== 201);
    expect(refused).toHaveLength(29);
    for (const r of refused) {
      expect(r.status).toBe(400);
      expect(r.body.code).toBe('CUSTOMER_PAYMENT_EXCEEDS_BALANCE');
    }
    expect(await balance(customerId)).toBe(0);
    const [{ lowest }] = await t.ds.query(
      'SELECT min(balance_after)::bigint AS lowest FROM customer_ledger WHERE customer_id = $1',
      [customerId],
    );
    expect(Number(lowest)).toBe(0);
  });

  it('refuses more than is owed, saying what is owed; an advance is a separate choice needing can_take_advance', async () => {
    const customerId = await newCustomer();
    const before = await tableCounts(t.ds, ['sessions', 'audit_logs']);
    const over = await pay(admin, customerId, { amount: 100_000, methodId: cash });
    expect(over.status).toBe(400);
    expect(over.body.code).toBe('CUSTOMER_PAYMENT_EXCEEDS_BALANCE');
    // what is owed, with the figure (not the 10,000,000 cap)
    expect(over.body.message).toBe(
      'المبلغ (1,000.00) يتجاوز الرصيد المستحق على العميل (0.00). لإبقاء الزيادة رصيدًا دائنًا للعميل اختر «دفعة مقدمة / رصيد دائن» في نافذة الدفع',
    );

    // A cashier (shift open, no can_take_advance) choosing the advance: 403, nothing written.
    const u = await createUserWith(t.ds, ['can_see_customers', 'can_see_products'], { branchId });
    const cashier = new Client(t.app, 'en');
    await cashier.signIn(u.username, u.password);
    await openOwnShift(t, cashier, u.username, branchId, 70);
    const afterShift = await tableCounts(t.ds, ['sessions', 'audit_logs']);
    const forbidden = await pay(cashier, customerId, {
      amount: 100_000,
      methodId: cash,
      advance: true,
    });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.code).toBe('CUSTOMER_ADVANCE_FORBIDDEN');
    expect(await tableCounts(t.ds, ['sessions', 'audit_logs'])).toEqual(afterShift);
    expect(before.customer_ledger).toBe(afterShift.customer_ledger);

    // Within what is owed the cashier needs no advance permission.
    await creditSale(customerId, 1);
    // A debt is not paid by a gift card or points (takesMethod 'payIn'; the dialog offers neither).
    for (const type of ['gift_card', 'loyalty']) {
      const methodId = methods.find((m) => m.type === type)!.id;
      const stored = await pay(admin, customerId, { amount: 100, methodId });
      expect([type, stored.status, stored.body.code]).toEqual([
        type,
        400,
        'PAYMENT_METHOD_INVALID',
      ]);
    }
    expect((await pay(cashier, customerId, { amount: 10_000, methodId: cash })).status).toBe(201);

    // The holder of can_take_advance chooses it: the excess stays on the account (balance < 0).
    const advance = await pay(admin, customerId, {
      amount: 100_000,
      methodId: cash,
      advance: true,
    });
    expect(advance.status).toBe(201);
    expect(await balance(customerId)).toBe(-100_000);
  });

  it('settles open invoices oldest first, then the customer’s plans: nothing left outstanding or due today', async () => {
    const customerId = await newCustomer();
    const older = await creditSale(customerId, 2); // 200.00
    const newer = await creditSale(customerId, 3); // 300.00
    const planned = await creditSale(customerId, 6); // 600.00, into a plan due today
    const plan = await admin.post(INSTALLMENTS_API.plans, {
      id: randomUUID(),
      saleId: planned,
      count: 3,
      period: 'monthly',
      firstDueDate: today,
      monthlyRateBp: 0,
      fee: 0,
      nationalId: '29001010123456',
      guarantors: [
        {
          name: 'ضامن',
          nationalId: '30105152101244',
          phone: '01112223334',
          address: 'القاهرة',
        },
      ],
    });
    expect(plan.status).toBe(201);
    const planId = plan.body.id as string;
    const dueOf = async () =>
      ((await admin.get(INSTALLMENTS_API.dueToday)).body as { planId: string }[]).filter(
        (d) => d.planId === planId,
      );
    expect((await dueOf()).length).toBe(1);
    expect(await balance(customerId)).toBe(110_000);

    // 250.00: the older invoice whole, 50.00 of the newer one, nothing of the plan.
    const first = await pay(admin, customerId, { amount: 25_000, methodId: cash });
    expect(first.status).toBe(201);
    const allocations = async () =>
      (
        await t.ds.query(
          `SELECT invoice_id, sum(amount)::int AS amount FROM customer_payment_allocations
            WHERE customer_id = $1 GROUP BY invoice_id`,
          [customerId],
        )
      ).reduce(
        (o: Record<string, number>, r: { invoice_id: string; amount: number }) => ({
          ...o,
          [r.invoice_id]: r.amount,
        }),
        {},
      );
    expect(await allocations()).toEqual({ [older]: 20_000, [newer]: 5_000 });
    expect((await admin.get(INSTALLMENTS_API.plan(planId))).body.status).toBe('active');

    // The rest of the balance (850.00): the newer invoice's 250.00, then the plan's 600.00.
    const rest = await pay(admin, customerId, { amount: 85_000, methodId: cash });
    expect(rest.status).toBe(201);
    expect(await balance(customerId)).toBe(0);
    expect(await allocations()).toEqual({ [older]: 20_000, [newer]: 30_000 });
    const detail = (await admin.get(INSTALLMENTS_API.plan(planId))).body;
    expect(detail.status).toBe('settled');
    expect(
      await t.ds.query(
        `SELECT kind, amount::int, vault_id FROM installment_payments WHERE plan_id = $1`,
        [planId],
      ),
    ).toEqual([{ kind: 'account', amount: 60_000, vault_id: null }]);
    expect(await dueOf()).toEqual([]);
    // Nothing is left to pay: one more piaster is over the balance.
    const over = await pay(admin, customerId, { amount: 1, methodId: cash });
    expect(over.body.code).toBe('CUSTOMER_PAYMENT_EXCEEDS_BALANCE');
  });

  it('a customer cheque is bounded like a payment and settles open invoices oldest first, then the plans; a cancel or bounce opens them again', async () => {
    // Issue 30 item 13 (the cheques' part): a received cheque lowered the balance with no bound.
    const customerId = await newCustomer();
    const older = await creditSale(customerId, 2); // 200.00
    const newer = await creditSale(customerId, 3); // 300.00
    const planned = await creditSale(customerId, 4); // 400.00, into a plan
    const plan = await admin.post(INSTALLMENTS_API.plans, {
      id: randomUUID(),
      saleId: planned,
      count: 2,
      period: 'monthly',
      firstDueDate: today,
      monthlyRateBp: 0,
      fee: 0,
      nationalId: '29001010123456',
      guarantors: [
        { name: 'ضامن', nationalId: '30105152101244', phone: '01112223334', address: 'القاهرة' },
      ],
    });
    expect(plan.status).toBe(201);
    const planId = plan.body.id as string;
    expect(await balance(customerId)).toBe(90_000);
    const cheque = (amount: number, extra: object = {}, client = admin) =>
      client.post('/api/Cheques', {
        id: randomUUID(),
        direction: 'received',
        number: `C${randomUUID().slice(0, 10)}`,
        bank: 'بنك القاهرة',
        dueDate: today,
        amount,
        customerId,
        branchId,
        ...extra,
      });
    const allocations = async () =>
      Object.fromEntries(
        (
          await t.ds.query(
            `SELECT invoice_id, sum(amount)::int AS amount FROM customer_payment_allocations
              WHERE customer_id = $1 GROUP BY invoice_id`,
            [customerId],
          )
        ).map((r: { invoice_id: string; amount: number }) => [r.invoice_id, r.amount]),
      );

    // More than is owed: refused with what is owed, nothing written.
    const before = await tableCounts(t.ds, ['sessions', 'audit_logs']);
    const over = await cheque(90_001);
    expect(over.status).toBe(400);
    expect(over.body.code).toBe('CUSTOMER_PAYMENT_EXCEEDS_BALANCE');
    expect(await tableCounts(t.ds, ['sessions', 'audit_logs'])).toEqual(before);
    // An advance needs can_take_advance, as for a payment.
    const clerkUser = await createUserWith(
      t.ds,
      ['can_see_customers', 'can_see_vault_totals', 'can_see_totals'],
      { branchId },
    );
    const clerk = new Client(t.app, 'en');
    await clerk.signIn(clerkUser.username, clerkUser.password);
    expect((await cheque(90_001, { advance: true }, clerk)).status).toBe(403);

    // 350.00: the older invoice whole, 150.00 of the newer one; the plan untouched.
    const first = await cheque(35_000);
    expect(first.status).toBe(201);
    expect(await allocations()).toEqual({ [older]: 20_000, [newer]: 15_000 });
    // 350.00 more: the newer invoice's 150.00, then 200.00 of the plan (its first installment).
    const second = await cheque(35_000);
    expect(second.status).toBe(201);
    expect(await allocations()).toEqual({ [older]: 20_000, [newer]: 30_000 });
    const [account] = await t.ds.query(
      `SELECT kind, amount::int FROM installment_payments WHERE plan_id = $1`,
      [planId],
    );
    expect(account).toEqual({ kind: 'account', amount: 20_000 });
    expect(await balance(customerId)).toBe(20_000);

    // The first cheque is cancelled (a bounce takes the same way back): the invoices it settled
    // are open again, the debt is back.
    const cancelled = await admin.post(`/api/Cheques/${first.body.id}/cancel`, {});
    expect(cancelled.status).toBe(200);
    expect(await balance(customerId)).toBe(55_000);
    expect(await allocations()).toEqual({ [newer]: 15_000 });
    // The books: balance = open invoices + plans − advances for this customer.
    const [{ off }] = await t.ds.query(
      `SELECT COALESCE(json_agg(x), '[]') AS off FROM (${customerOpenItems([customerId]).customerBalanceVsOpenItems}) x`,
    );
    expect(off).toEqual([]);
  });

  it('a sale on «تقسيط» whose plan was postponed is listed as awaiting a plan until it is made; the collect vaults put the main one first', async () => {
    const customerId = await newCustomer();
    const sale = await admin.post('/api/Sales', {
      id: randomUUID(),
      customerId,
      lines: [{ variantId, quantity: 4 }],
      payments: [{ methodId: cash, amount: 10_000 }],
      installment: true,
    });
    expect(sale.status).toBe(201);
    const saleId = sale.body.id as string;
    const awaiting = async () =>
      ((await admin.get(INSTALLMENTS_API.awaiting)).body as { saleId: string; financed: number }[])
        .filter((r) => r.saleId === saleId)
        .map((r) => r.financed);
    expect(await awaiting()).toEqual([30_000]);
    // A payment on account settles the invoice first: the plan would finance what is left.
    expect((await pay(admin, customerId, { amount: 5_000, methodId: cash })).status).toBe(201);
    expect(await awaiting()).toEqual([25_000]);
    const financeable = await admin.get(`${INSTALLMENTS_API.financeable}?saleId=${saleId}`);
    expect(financeable.body.financed).toBe(25_000);
    const plan = await admin.post(INSTALLMENTS_API.plans, {
      id: randomUUID(),
      saleId,
      count: 5,
      period: 'monthly',
      firstDueDate: today,
      monthlyRateBp: 0,
      fee: 0,
      nationalId: '29001010123456',
      guarantors: [
        { name: 'ضامن', nationalId: '30105152101244', phone: '01112223334', address: 'القاهرة' },
      ],
    });
    expect(plan.status).toBe(201);
    expect((await admin.get(INSTALLMENTS_API.plan(plan.body.id))).body.financed).toBe(25_000);
    expect(await awaiting()).toEqual([]);
    expect(await balance(customerId)).toBe(25_000);
    // An ordinary sale on account is not awaiting a plan.
    const onAccount = await creditSale(customerId, 1);
    expect(
      ((await admin.get(INSTALLMENTS_API.awaiting)).body as { saleId: string }[]).some(
        (r) => r.saleId === onAccount,
      ),
    ).toBe(false);
    const vaults = (await admin.get(`${INSTALLMENTS_API.vaults}?branchId=${branchId}`)).body as {
      branchId: string;
      isMain: boolean;
    }[];
    const mine = vaults.filter((v) => v.branchId === branchId);
    expect(mine[0].isMain).toBe(true);
  });

  it('cash into the till needs the user’s open shift (SHIFT_NOT_OPEN); into a vault it does not', async () => {
    const customerId = await newCustomer();
    await creditSale(customerId, 2);
    const u = await createUserWith(
      t.ds,
      ['can_see_customers', 'can_see_products', 'can_see_totals'],
      { branchId },
    );
    const clerk = new Client(t.app, 'ar');
    await clerk.signIn(u.username, u.password);
    const before = await tableCounts(t.ds, ['sessions', 'audit_logs']);
    const till = await pay(clerk, customerId, { amount: 10_000, methodId: cash });
    expect(till.status).toBe(400);
    expect(till.body.code).toBe('SHIFT_NOT_OPEN');
    expect(till.body.message).toContain('افتح وردية');
    expect(await tableCounts(t.ds, ['sessions', 'audit_logs'])).toEqual(before);
    const vault = await pay(clerk, customerId, { amount: 10_000, vaultId });
    expect(vault.status).toBe(201);
    expect(await balance(customerId)).toBe(10_000);
  });
});
