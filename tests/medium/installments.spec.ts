import { randomUUID } from 'node:crypto';
import { CommandBus } from '@nestjs/cqrs';
import { daysBetween, dueDateAt, INSTALLMENTS_API, withLuhnDigit } from '@pos/contracts';
import { MarkOverdueInstallmentsCommand } from '../../server/src/modules/installments';
import { readStoreTimeZone } from '../../server/src/modules/settings';
import {
  Client,
  createTestApp,
  createUserWith,
  freeRegister,
  tableCounts,
  type TestApp,
} from './support/app';

// Issue 16 (installments, server): plans made from sales on credit, collections into a vault, the
// morning scan (overdue + late fees, idempotent), early settlement and rescheduling, against the
// real database — the customer's balance, ledger and party lines, the vault and the books stay
// equal — and the refusals (400/403/409) writing nothing.
const NID = '29001010123456';
const GUARANTOR = {
  name: 'ضامن أول',
  nationalId: '30105152101244',
  phone: '01112223334',
  address: 'شارع النيل، الجيزة',
};

describe('installments', () => {
  let t: TestApp;
  let admin: Client;
  let branchId: string;
  let inventoryId: string;
  let vaultId: string;
  let cash: string;
  let today: string;

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
      `SELECT id FROM vaults WHERE branch_id = $1 AND active ORDER BY created_at LIMIT 1`,
      [branchId],
    );
    const methods = (await admin.get('/api/PaymentMethods')).body;
    cash = methods.find((m: { type: string }) => m.type === 'cash').id;
    const register = await freeRegister(t.ds, branchId, 40);
    const shift = await admin.post('/api/Shift/open', { openingCash: 0, register });
    expect([201, 409]).toContain(shift.status);
    const tz = await readStoreTimeZone(t.ds);
    [{ today }] = await t.ds.query(`SELECT (now() AT TIME ZONE $1)::date::text AS today`, [tz]);
  });
  afterAll(async () => {
    await admin.patch('/api/StoreSettings', {
      installments: {
        lateFee: { kind: 'none', value: 0, graceDays: 0 },
        earlySettlementDiscountBp: 0,
      },
    });
    await t.close();
  });

  const balance = async (table: 'customers' | 'vaults', id: string) =>
    Number((await t.ds.query(`SELECT balance FROM ${table} WHERE id = $1`, [id]))[0].balance);

  /** The customer's balance, the sum of their ledger and of their party lines in the books. */
  const customerFigures = async (customerId: string) => {
    const [r] = await t.ds.query(
      `SELECT c.balance,
              (SELECT COALESCE(sum(amount), 0) FROM customer_ledger WHERE customer_id = c.id) AS ledger,
              (SELECT COALESCE(sum(l.debit - l.credit), 0) FROM journal_lines l
                 WHERE l.party_type = 'customer' AND l.party_id = c.id) AS books
         FROM customers c WHERE c.id = $1`,
      [customerId],
    );
    return { balance: Number(r.balance), ledger: Number(r.ledger), books: Number(r.books) };
  };

  const product = async (price: number) => {
    const res = await admin.post('/api/Products', {
      nameAr: `ثلاجة ${randomUUID().slice(0, 8)}`,
      variants: [
        {
          barcodes: [`I-${randomUUID().slice(0, 12)}`],
          sellPrice: price,
          minSellPrice: price,
          avgCost: Math.round(price * 0.7),
          openingStock: [{ inventoryId, quantity: 50 }],
        },
      ],
    });
    expect(res.status).toBe(201);
    return res.body.variants[0].id as string;
  };

  let fridge: string;
  /** A new customer and a sale of `price` with `paid` in cash: the rest stays on them. */
  const creditSale = async (price = 1_200_000, paid = 200_000) => {
    fridge ??= await product(1_200_000);
    const variantId = price === 1_200_000 ? fridge : await product(price);
    const customer = await admin.post('/api/Customers', {
      name: `عميل تقسيط ${randomUUID().slice(0, 6)}`,
      phone: '01001234567',
    });
    expect(customer.status).toBe(201);
    const sale = await admin.post('/api/Sales', {
      id: randomUUID(),
      customerId: customer.body.id,
      lines: [{ variantId, quantity: 1 }],
      payments: paid ? [{ methodId: cash, amount: paid }] : [],
    });
    expect(sale.status).toBe(201);
    return { customerId: customer.body.id as string, saleId: sale.body.id as string };
  };

  const planBody = (saleId: string, over: object = {}) => ({
    id: randomUUID(),
    saleId,
    count: 12,
    period: 'monthly',
    firstDueDate: dueDateAt(today, 1, 'monthly'),
    monthlyRateBp: 250,
    fee: 5000,
    nationalId: NID,
    guarantors: [GUARANTOR],
    ...over,
  });

  const createPlan = async (saleId: string, over: object = {}) => {
    const res = await admin.post(INSTALLMENTS_API.plans, planBody(saleId, over));
    expect(res.status).toBe(201);
    return res.body;
  };

  const journal = async (sourceId: string) =>
    (
      await t.ds.query(
        `SELECT COALESCE(a.system_key, 'vault') AS account, l.debit, l.credit, l.party_id AS party
           FROM journal_lines l JOIN journal_entries e ON e.id = l.entry_id JOIN accounts a ON a.id = l.account_id
          WHERE e.source_id = $1 ORDER BY e.number, l.line_no`,
        [sourceId],
      )
    ).map((r: Record<string, string>) => ({
      account: r.account,
      debit: Number(r.debit),
      credit: Number(r.credit),
      party: r.party,
    }));

  it('the demo has 20 plans in every state, made by the real commands, with equal books', async () => {
    const plans: { id: string; status: string; customer_id: string; parent_plan_id: string }[] =
      await t.ds.query(
        `SELECT id, status, customer_id, parent_plan_id FROM installment_plans WHERE note = 'DEMO-INSTALLMENTS'`,
      );
    expect(plans).toHaveLength(20);
    const statuses = new Set(plans.map((p) => p.status));
    for (const s of ['active', 'late', 'settled', 'rescheduled']) expect(statuses).toContain(s);
    expect(plans.filter((p) => p.parent_plan_id)).toHaveLength(2);
    const [due] = await t.ds.query(
      `SELECT count(*) FILTER (WHERE i.due_date = $1::date)::int AS today,
              count(*) FILTER (WHERE i.status = 'overdue')::int AS overdue,
              COALESCE(sum(i.late_fee), 0)::int AS fees
         FROM installments i WHERE i.plan_id = ANY($2) AND i.status IN ('pending', 'partial', 'overdue')`,
      [today, plans.map((p) => p.id)],
    );
    expect(due.today).toBeGreaterThan(0);
    expect(due.overdue).toBeGreaterThan(0);
    expect(due.fees).toBeGreaterThan(0);
    for (const customerId of new Set(plans.map((p) => p.customer_id))) {
      const figures = await customerFigures(customerId);
      expect(figures.ledger).toBe(figures.balance);
      expect(figures.books).toBe(figures.balance);
    }
  });

  it('seeds an active تقسيط payment method that is never a tender', async () => {
    const methods = (await admin.get('/api/PaymentMethods')).body;
    const installment = methods.find((m: { type: string }) => m.type === 'installment');
    expect(installment).toMatchObject({ nameAr: 'تقسيط', active: true });
    const variantId = await product(5000);
    const res = await admin.post('/api/Sales', {
      id: randomUUID(),
      lines: [{ variantId, quantity: 1 }],
      payments: [{ methodId: installment.id, amount: 5000 }],
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('PAYMENT_METHOD_INVALID');
  });

  it('makes a plan from a credit sale: schedule, customer balance, ledger and books', async () => {
    const { customerId, saleId } = await creditSale();
    expect(await balance('customers', customerId)).toBe(1_000_000);
    const plan = await createPlan(saleId);
    // 10,000 financed at 2.5 % a month for 12 months = 3,000; + 50 fee = 13,050 to pay.
    expect(plan).toMatchObject({
      status: 'active',
      totalAmount: 1_200_000,
      downPayment: 200_000,
      financed: 1_000_000,
      interest: 300_000,
      fee: 5000,
      toPay: 1_305_000,
      outstanding: 1_305_000,
      saleId,
      customerId,
    });
    expect(plan.number).toMatch(/^B\d\d-IP-\d{6}$/);
    expect(plan.installments).toHaveLength(12);
    expect(
      plan.installments.slice(0, 11).every((i: { amount: number }) => i.amount === 108_700),
    ).toBe(true);
    expect(plan.installments[11].amount).toBe(109_300);
    expect(plan.guarantors).toEqual([expect.objectContaining(GUARANTOR)]);
    expect(plan.customer.nationalId).toBe(NID);
    expect(plan.store.name).toBeTruthy();
    expect(await balance('customers', customerId)).toBe(1_305_000);
    const ledger = await t.ds.query(
      `SELECT type, amount::int FROM customer_ledger WHERE customer_id = $1 ORDER BY at`,
      [customerId],
    );
    expect(ledger).toEqual([
      { type: 'sale', amount: 1_000_000 },
      { type: 'installment_charge', amount: 305_000 },
    ]);
    expect(await journal(plan.id)).toEqual([
      { account: 'customers', debit: 305_000, credit: 0, party: customerId },
      { account: 'installment_income', debit: 0, credit: 305_000, party: null },
    ]);
    const figures = await customerFigures(customerId);
    expect(figures.ledger).toBe(figures.balance);
    expect(figures.books).toBe(figures.balance);

    // The same id again: the same plan (200), nothing written.
    const before = await tableCounts(t.ds, ['sessions', 'audit_logs']);
    const again = await admin.post(INSTALLMENTS_API.plans, {
      ...planBody(saleId),
      id: plan.id,
      firstDueDate: plan.firstDueDate,
    });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(plan.id);
    // Another plan for the same sale: 409.
    const twice = await admin.post(INSTALLMENTS_API.plans, planBody(saleId));
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe('INSTALLMENT_NOTHING_TO_FINANCE');
    expect(await tableCounts(t.ds, ['sessions', 'audit_logs'])).toEqual(before);
  });

  it('names the financed phone by its IMEI on the plan (the contract prints it, issue 34)', async () => {
    const phone = await admin.post('/api/Products', {
      nameAr: `هاتف تقسيط ${randomUUID().slice(0, 8)}`,
      tracking: 'serial',
      imeiCount: 1,
      variants: [
        {
          barcodes: [`IP-${randomUUID().slice(0, 12)}`],
          sellPrice: 1_200_000,
          minSellPrice: 0,
          avgCost: 800_000,
        },
      ],
    });
    expect(phone.status).toBe(201);
    const variantId = phone.body.variants[0].id as string;
    const imei = withLuhnDigit(`35${String(Date.now()).slice(-12)}`);
    const opening = await admin.post('/api/StockAdjustments', {
      inventoryId,
      reason: 'opening',
      lines: [{ variantId, quantity: 1, serials: [{ serial: imei }] }],
    });
    expect(opening.status).toBe(201);
    const customer = await admin.post('/api/Customers', {
      name: `عميل هاتف ${randomUUID().slice(0, 6)}`,
      phone: '01001234567',
    });
    const sale = await admin.post('/api/Sales', {
      id: randomUUID(),
      customerId: customer.body.id,
      lines: [{ variantId, quantity: 1, serials: [imei] }],
      payments: [{ methodId: cash, amount: 200_000 }],
    });
    expect(sale.status).toBe(201);
    const plan = await createPlan(sale.body.id);
    const read = await admin.get(`${INSTALLMENTS_API.plans}/${plan.id}`);
    expect(read.status).toBe(200);
    expect(read.body.units).toEqual([
      { productName: expect.stringContaining('هاتف تقسيط'), serial: imei, imei2: null },
    ]);
  });

  it('answers 400 with nothing written for bad terms, national IDs and guarantors', async () => {
    const { saleId } = await creditSale();
    const before = await tableCounts(t.ds, ['sessions', 'audit_logs']);
    const cases: [object, string][] = [
      [{ nationalId: '19001010123456' }, 'VALIDATION_FAILED'],
      [{ guarantors: [] }, 'VALIDATION_FAILED'],
      [{ guarantors: [GUARANTOR, GUARANTOR, GUARANTOR] }, 'VALIDATION_FAILED'],
      [{ guarantors: [{ ...GUARANTOR, nationalId: '29013010123456' }] }, 'VALIDATION_FAILED'],
      [{ count: 0 }, 'VALIDATION_FAILED'],
      [{ monthlyRateBp: 5000 }, 'VALIDATION_FAILED'],
      [{ firstDueDate: '2026-02-30' }, 'VALIDATION_FAILED'],
      // 10,000 EGP over 120 installments is fine; 0.50 EGP a month is not a whole pound.
    ];
    for (const [over, code] of cases) {
      const res = await admin.post(INSTALLMENTS_API.plans, planBody(saleId, over));
      expect(res.status).toBe(400);
      expect(res.body.code).toBe(code);
    }
    const self = await admin.post(
      INSTALLMENTS_API.plans,
      planBody(saleId, { guarantors: [{ ...GUARANTOR, nationalId: NID }] }),
    );
    expect(self.body.code).toBe('INSTALLMENT_GUARANTOR');
    const tiny = await creditSale(15_000, 14_950);
    const small = await admin.post(INSTALLMENTS_API.plans, planBody(tiny.saleId, { fee: 0 }));
    expect(small.status).toBe(400);
    expect(small.body.code).toBe('INSTALLMENT_TOO_SMALL');
    const counts = await tableCounts(t.ds, ['sessions', 'audit_logs']);
    // Only the second sale (and its customer, stock, payments) was written.
    for (const table of ['installment_plans', 'installments', 'installment_guarantors'])
      expect(counts[table]).toBe(before[table]);
  });

  it('collects part of one installment, then several at once, late fees first; refuses over-collection', async () => {
    const { customerId, saleId } = await creditSale();
    const plan = await createPlan(saleId);
    const vaultBefore = await balance('vaults', vaultId);
    const part = await admin.post(INSTALLMENTS_API.collect(plan.id), {
      id: randomUUID(),
      amount: 50_000,
      vaultId,
    });
    expect(part.status).toBe(200);
    expect(part.body).toMatchObject({
      kind: 'collect',
      planNumber: plan.number,
      customerName: plan.customerName,
      amount: 50_000,
      allocations: [{ seq: 1, amount: 50_000, lateFee: 0 }],
      customerBalanceAfter: 1_255_000,
    });
    expect(part.body.number).toMatch(/^B\d\d-IC-\d{6}$/);
    // The rest of #1, all of #2 and part of #3.
    const several = await admin.post(INSTALLMENTS_API.collect(plan.id), {
      id: randomUUID(),
      amount: 200_000,
      vaultId,
    });
    expect(several.status).toBe(200);
    expect(several.body.allocations).toEqual([
      expect.objectContaining({ seq: 1, amount: 58_700 }),
      expect.objectContaining({ seq: 2, amount: 108_700 }),
      expect.objectContaining({ seq: 3, amount: 32_600 }),
    ]);
    // Chosen installments: only #5; more than it owes is refused, nothing written.
    const detail = (await admin.get(INSTALLMENTS_API.plan(plan.id))).body;
    const fifth = detail.installments[4];
    const before = await tableCounts(t.ds, ['sessions', 'audit_logs']);
    const over = await admin.post(INSTALLMENTS_API.collect(plan.id), {
      id: randomUUID(),
      amount: 108_701,
      vaultId,
      installmentIds: [fifth.id],
    });
    expect(over.status).toBe(400);
    expect(over.body.code).toBe('INSTALLMENT_OVER_COLLECT');
    const overAll = await admin.post(INSTALLMENTS_API.collect(plan.id), {
      id: randomUUID(),
      amount: 1_305_000,
      vaultId,
    });
    expect(overAll.body.code).toBe('INSTALLMENT_OVER_COLLECT');
    expect(await tableCounts(t.ds, ['sessions', 'audit_logs'])).toEqual(before);
    const chosen = await admin.post(INSTALLMENTS_API.collect(plan.id), {
      id: randomUUID(),
      amount: 108_700,
      vaultId,
      installmentIds: [fifth.id],
    });
    expect(chosen.body.allocations).toEqual([expect.objectContaining({ seq: 5, amount: 108_700 })]);

    const after = (await admin.get(INSTALLMENTS_API.plan(plan.id))).body;
    expect(after.installments.map((i: { status: string }) => i.status).slice(0, 5)).toEqual([
      'paid',
      'paid',
      'partial',
      'pending',
      'paid',
    ]);
    expect(after.paid).toBe(358_700);
    expect(after.outstanding).toBe(1_305_000 - 358_700);
    expect(await balance('vaults', vaultId)).toBe(vaultBefore + 358_700);
    expect(await balance('customers', customerId)).toBe(1_305_000 - 358_700);
    expect(await journal(part.body.id)).toEqual([
      { account: 'vault', debit: 50_000, credit: 0, party: null },
      { account: 'customers', debit: 0, credit: 50_000, party: customerId },
    ]);
    const figures = await customerFigures(customerId);
    expect(figures.ledger).toBe(figures.balance);
    expect(figures.books).toBe(figures.balance);
    // The vault's movements carry the receipts.
    const [{ n }] = await t.ds.query(
      `SELECT count(*)::int AS n FROM vault_movements WHERE type = 'installment_in' AND source_id = ANY($1)`,
      [[part.body.id, several.body.id, chosen.body.id]],
    );
    expect(n).toBe(3);
  });

  it('two registers collecting the same plan at once cannot over-collect', async () => {
    const { customerId, saleId } = await creditSale(300_000, 0);
    const plan = await createPlan(saleId, { count: 3, monthlyRateBp: 0, fee: 0 });
    expect(plan.toPay).toBe(300_000);
    const second = new Client(t.app, 'en');
    await second.signIn('admin');
    const results = await Promise.all(
      [admin, second, admin, second].map((c) =>
        c.post(INSTALLMENTS_API.collect(plan.id), { id: randomUUID(), amount: 200_000, vaultId }),
      ),
    );
    const ok = results.filter((r) => r.status === 200);
    expect(ok).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 200)) {
      expect(r.status).toBe(400);
      expect(r.body.code).toBe('INSTALLMENT_OVER_COLLECT');
    }
    const [{ paid }] = await t.ds.query(
      'SELECT sum(paid)::int AS paid FROM installments WHERE plan_id = $1',
      [plan.id],
    );
    expect(paid).toBe(200_000);
    expect(await balance('customers', customerId)).toBe(100_000);
  });

  it("collects into the collector's till (open shift's drawer) without a vault; no shift → SHIFT_NOT_OPEN", async () => {
    // Issue 30 item 7: the collect dialog pre-selects the user's till; the server takes it as the
    // drawer of the collector's open shift, in cash, like a customer payment at the till.
    const { customerId, saleId } = await creditSale(300_000, 0);
    const plan = await createPlan(saleId, { count: 3, monthlyRateBp: 0, fee: 0 });
    const [shift] = await t.ds.query(
      `SELECT s.id FROM shifts s JOIN users u ON u.id = s.cashier_id WHERE u.username = 'admin' AND s.status = 'open'`,
    );
    expect(shift).toBeDefined();
    const expectedBefore = (await admin.get(`/api/Shift/${shift.id}`)).body;
    const [tallyBefore] = await t.ds.query(
      'SELECT payments_in FROM shift_sales_tallies WHERE shift_id = $1',
      [shift.id],
    );
    const res = await admin.post(INSTALLMENTS_API.collect(plan.id), {
      id: randomUUID(),
      amount: 70_000,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ kind: 'collect', amount: 70_000, vaultId: null });
    const [row] = await t.ds.query(
      `SELECT l.shift_id, pm.type FROM customer_ledger l JOIN payment_methods pm ON pm.id = l.method_id
        WHERE l.reference_type = 'installment_payment' AND l.reference_id = $1`,
      [res.body.id],
    );
    expect(row).toEqual({ shift_id: shift.id, type: 'cash' });
    expect(await journal(res.body.id)).toEqual([
      { account: 'cash', debit: 70_000, credit: 0, party: null },
      { account: 'customers', debit: 0, credit: 70_000, party: customerId },
    ]);
    // The shift's drawer expects it; its running tally counts it as money on account.
    const expectedAfter = (await admin.get(`/api/Shift/${shift.id}`)).body;
    expect(expectedAfter.totals.expectedCash - expectedBefore.totals.expectedCash).toBe(70_000);
    const [tallyAfter] = await t.ds.query(
      'SELECT payments_in FROM shift_sales_tallies WHERE shift_id = $1',
      [shift.id],
    );
    expect(Number(tallyAfter.payments_in) - Number(tallyBefore?.payments_in ?? 0)).toBe(70_000);
    expect(await balance('customers', customerId)).toBe(230_000);
    const figures = await customerFigures(customerId);
    expect(figures.books).toBe(figures.balance);

    // A collector with no open shift: 400 SHIFT_NOT_OPEN, nothing written.
    const user = await createUserWith(t.ds, ['can_see_installments', 'can_see_customers'], {
      branchId,
    });
    const clerk = new Client(t.app, 'en');
    await clerk.signIn(user.username, user.password);
    const before = await tableCounts(t.ds, ['sessions', 'audit_logs']);
    const refused = await clerk.post(INSTALLMENTS_API.collect(plan.id), {
      id: randomUUID(),
      amount: 10_000,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('SHIFT_NOT_OPEN');
    expect(await tableCounts(t.ds, ['sessions', 'audit_logs'])).toEqual(before);
    expect(await balance('customers', customerId)).toBe(230_000);
  });

  it('the morning scan marks overdue, charges late fees once, and a second run writes nothing', async () => {
    const settings = await admin.patch('/api/StoreSettings', {
      installments: {
        lateFee: { kind: 'fixed', value: 2000, graceDays: 3 },
        earlySettlementDiscountBp: 5000,
      },
    });
    expect(settings.status).toBe(200);
    expect(settings.body.installments.lateFee).toEqual({
      kind: 'fixed',
      value: 2000,
      graceDays: 3,
    });
    const { customerId, saleId } = await creditSale(600_000, 0);
    // First due 40 days ago, monthly: #1 is 40 days late (2 started months → 40 EGP), #2 is 10
    // days late (1 → 20 EGP); #3 is not due.
    const firstDueDate = dueDateAt(today, -1, 'monthly');
    const first = new Date(`${today}T00:00:00Z`);
    first.setUTCDate(first.getUTCDate() - 40);
    const start = first.toISOString().slice(0, 10);
    const plan = await createPlan(saleId, {
      count: 6,
      monthlyRateBp: 0,
      fee: 0,
      firstDueDate: start,
    });
    expect(firstDueDate).toBeTruthy();
    const run = () =>
      t.app.get(CommandBus).execute(new MarkOverdueInstallmentsCommand()) as Promise<{
        marked: number;
        charged: number;
      }>;
    const result = await run();
    expect(result.marked).toBeGreaterThanOrEqual(1);
    const rows = await t.ds.query(
      `SELECT seq, status, late_fee::int AS fee, due_date::text AS due FROM installments WHERE plan_id = $1 ORDER BY seq`,
      [plan.id],
    );
    const expected = rows.map((r: { due: string; seq: number }) => {
      const late = daysBetween(r.due, today);
      if (late <= 0) return { seq: r.seq, status: 'pending', fee: 0 };
      return {
        seq: r.seq,
        status: 'overdue',
        fee: late <= 3 ? 0 : Math.ceil(late / 30) * 2000,
      };
    });
    expect(
      rows.map(({ seq, status, fee }: { seq: number; status: string; fee: number }) => ({
        seq,
        status,
        fee,
      })),
    ).toEqual(expected);
    const fees = expected.reduce((s: number, r: { fee: number }) => s + r.fee, 0);
    expect(fees).toBeGreaterThan(0);
    expect(await balance('customers', customerId)).toBe(600_000 + fees);
    expect((await admin.get(INSTALLMENTS_API.plan(plan.id))).body.status).toBe('late');
    const books = await journal(plan.id);
    expect(books).toEqual([
      { account: 'customers', debit: fees, credit: 0, party: customerId },
      { account: 'late_fee_income', debit: 0, credit: fees, party: null },
    ]);

    // Second run the same day: nothing changes.
    const before = await tableCounts(t.ds, ['sessions', 'outbox']);
    const ledgerBefore = await t.ds.query('SELECT sum(amount)::bigint AS s FROM customer_ledger');
    const again = await run();
    expect(again).toMatchObject({ marked: 0, charged: 0 });
    expect(await tableCounts(t.ds, ['sessions', 'outbox'])).toEqual(before);
    expect(await t.ds.query('SELECT sum(amount)::bigint AS s FROM customer_ledger')).toEqual(
      ledgerBefore,
    );

    // dueToday lists them with the late fee and the WhatsApp number.
    const due = (await admin.get(INSTALLMENTS_API.dueToday)).body;
    const mine = due.filter((d: { planId: string }) => d.planId === plan.id);
    expect(mine.length).toBe(
      expected.filter((e: { status: string }) => e.status === 'overdue').length,
    );
    expect(mine[0]).toMatchObject({
      customerPhone: '01001234567',
      customerPhoneIntl: '201001234567',
      daysLate: 40,
    });
    const summary = (await admin.get(INSTALLMENTS_API.summary)).body;
    expect(summary.overdueCount).toBeGreaterThanOrEqual(mine.length);

    // Collecting pays the late fee first; the plan is active again once nothing is overdue.
    const owedOverdue = mine.reduce((s: number, d: { due: number }) => s + d.due, 0);
    const paid = await admin.post(INSTALLMENTS_API.collect(plan.id), {
      id: randomUUID(),
      amount: owedOverdue,
      vaultId,
      installmentIds: mine.map((d: { installmentId: string }) => d.installmentId),
    });
    expect(paid.status).toBe(200);
    expect(paid.body.allocations[0].lateFee).toBe(expected[0].fee);
    expect((await admin.get(INSTALLMENTS_API.plan(plan.id))).body.status).toBe('active');
    const figures = await customerFigures(customerId);
    expect(figures.ledger).toBe(figures.balance);
    expect(figures.books).toBe(figures.balance);
  });

  it('settles early with the store discount of the interest not yet due', async () => {
    // Settings from the previous test: 50 % of the unearned interest.
    const { customerId, saleId } = await creditSale();
    const plan = await createPlan(saleId);
    const quote = (await admin.get(INSTALLMENTS_API.settlement(plan.id))).body;
    // Nothing paid, nothing due yet: 12 × 250 EGP interest, half of it off.
    expect(quote).toMatchObject({
      outstanding: 1_305_000,
      lateFees: 0,
      discount: 150_000,
      toPay: 1_155_000,
    });
    const vaultBefore = await balance('vaults', vaultId);
    const settled = await admin.post(INSTALLMENTS_API.settle(plan.id), {
      id: randomUUID(),
      vaultId,
    });
    expect(settled.status).toBe(200);
    expect(settled.body).toMatchObject({ status: 'settled', outstanding: 0, discount: 150_000 });
    expect(settled.body.installments.every((i: { status: string }) => i.status === 'paid')).toBe(
      true,
    );
    expect(await balance('vaults', vaultId)).toBe(vaultBefore + 1_155_000);
    expect(await balance('customers', customerId)).toBe(0);
    const payment = settled.body.payments[0];
    expect(await journal(payment.id)).toEqual([
      { account: 'vault', debit: 1_155_000, credit: 0, party: null },
      { account: 'installment_income', debit: 150_000, credit: 0, party: null },
      { account: 'customers', debit: 0, credit: 1_305_000, party: customerId },
    ]);
    const closed = await admin.post(INSTALLMENTS_API.collect(plan.id), {
      id: randomUUID(),
      amount: 100,
      vaultId,
    });
    expect(closed.status).toBe(409);
    expect(closed.body.code).toBe('INSTALLMENT_PLAN_CLOSED');
    const figures = await customerFigures(customerId);
    expect(figures).toEqual({ balance: 0, ledger: 0, books: 0 });
  });

  it('refuses to edit a planned sale or take its goods back while the plan is open (409)', async () => {
    const { customerId, saleId } = await creditSale();
    const plan = await createPlan(saleId);
    const sale = (await admin.get(`/api/invoices/${saleId}`)).body;
    const before = await tableCounts(t.ds, ['sessions', 'audit_logs']);
    const back = await admin.post(`/api/invoices/${saleId}/returns`, {
      id: randomUUID(),
      lines: [{ saleLineId: sale.lines[0].id, quantity: 1 }],
    });
    expect(back.status).toBe(409);
    expect(back.body.code).toBe('SALE_IN_INSTALLMENT_PLAN');
    expect(back.body.message).toContain(plan.number);
    const edit = await admin.patch(`/api/invoices/${saleId}`, {
      lines: [{ variantId: sale.lines[0].variantId, quantity: 1 }],
      payments: [],
      reason: 'تعديل',
    });
    expect(edit.status).toBe(409);
    expect(edit.body.code).toBe('SALE_IN_INSTALLMENT_PLAN');
    expect(await tableCounts(t.ds, ['sessions', 'audit_logs'])).toEqual(before);
    // Settled, the goods may come back: the return is a credit to the customer.
    await admin.post(INSTALLMENTS_API.settle(plan.id), { id: randomUUID(), vaultId });
    const later = await admin.post(`/api/invoices/${saleId}/returns`, {
      id: randomUUID(),
      lines: [{ saleLineId: sale.lines[0].id, quantity: 1 }],
    });
    expect(later.status).toBe(201);
    const figures = await customerFigures(customerId);
    expect(figures.ledger).toBe(figures.balance);
    expect(figures.books).toBe(figures.balance);
  });

  it('reschedules what remains into a child plan, keeping the history', async () => {
    const { customerId, saleId } = await creditSale();
    const plan = await createPlan(saleId);
    await admin.post(INSTALLMENTS_API.collect(plan.id), {
      id: randomUUID(),
      amount: 108_700,
      vaultId,
    });
    const remaining = 1_305_000 - 108_700;
    const res = await admin.post(INSTALLMENTS_API.reschedule(plan.id), {
      id: randomUUID(),
      count: 6,
      period: 'monthly',
      firstDueDate: dueDateAt(today, 1, 'monthly'),
      monthlyRateBp: 100,
      fee: 0,
    });
    expect(res.status).toBe(200);
    const child = res.body;
    // 11,963 EGP at 1 % a month for 6 months = 717.78 EGP.
    expect(child).toMatchObject({
      status: 'active',
      financed: remaining,
      interest: 71_778,
      toPay: remaining + 71_778,
      parentPlan: { id: plan.id, number: plan.number },
    });
    const parent = (await admin.get(INSTALLMENTS_API.plan(plan.id))).body;
    expect(parent.status).toBe('rescheduled');
    expect(parent.childPlan).toEqual({ id: child.id, number: child.number });
    expect(parent.installments[0].status).toBe('paid');
    expect(
      parent.installments.slice(1).every((i: { status: string }) => i.status === 'rescheduled'),
    ).toBe(true);
    expect(parent.history.map((h: { action: string }) => h.action)).toEqual([
      'installment.create',
      'installment.collect',
      'installment.reschedule',
    ]);
    expect(await balance('customers', customerId)).toBe(remaining + 71_778);
    const figures = await customerFigures(customerId);
    expect(figures.ledger).toBe(figures.balance);
    expect(figures.books).toBe(figures.balance);
    const list = await admin.get(`${INSTALLMENTS_API.plans}?customerId=${customerId}`);
    expect(list.headers['x-total-count']).toBe('2');
  });

  it('lists with filters and the Arabic-normalised search', async () => {
    const { saleId } = await creditSale();
    const plan = await createPlan(saleId);
    const byNumber = await admin.get(`${INSTALLMENTS_API.plans}?q=${plan.number}`);
    expect(byNumber.body.map((p: { id: string }) => p.id)).toEqual([plan.id]);
    // "عميل تقسيط" typed with a different alef/yaa form still matches.
    const byName = await admin.get(
      `${INSTALLMENTS_API.plans}?q=${encodeURIComponent(plan.customerName.replace('ي', 'ى'))}`,
    );
    expect(byName.body.map((p: { id: string }) => p.id)).toContain(plan.id);
    const active = await admin.get(`${INSTALLMENTS_API.plans}?status=settled&pageSize=500`);
    expect(active.body.every((p: { status: string }) => p.status === 'settled')).toBe(true);
  });

  it("keeps another branch's plans out of reach (404 by id, 403 by filter)", async () => {
    const { saleId } = await creditSale();
    const plan = await createPlan(saleId);
    const [{ id: otherBranch }] = await t.ds.query(
      'SELECT id FROM branches WHERE id <> $1 ORDER BY created_at LIMIT 1',
      [branchId],
    );
    const user = await createUserWith(t.ds, ['can_see_installments', 'can_see_customers'], {
      branchId: otherBranch,
    });
    const c = new Client(t.app, 'en');
    await c.signIn(user.username, user.password);
    const before = await tableCounts(t.ds, ['sessions', 'audit_logs']);
    expect((await c.get(INSTALLMENTS_API.plan(plan.id))).status).toBe(404);
    expect((await c.get(INSTALLMENTS_API.settlement(plan.id))).status).toBe(404);
    const collect = await c.post(INSTALLMENTS_API.collect(plan.id), {
      id: randomUUID(),
      amount: 100,
      vaultId,
    });
    expect(collect.status).toBe(404);
    expect(
      (await c.post(INSTALLMENTS_API.settle(plan.id), { id: randomUUID(), vaultId })).status,
    ).toBe(404);
    expect((await c.get(`${INSTALLMENTS_API.plans}?branchId=${branchId}`)).status).toBe(403);
    expect((await c.get(`${INSTALLMENTS_API.summary}?branchId=${branchId}`)).status).toBe(403);
    const own = await c.get(`${INSTALLMENTS_API.plans}?pageSize=500`);
    expect(own.body.every((p: { branchId: string }) => p.branchId === otherBranch)).toBe(true);
    const due = await c.get(INSTALLMENTS_API.dueToday);
    expect(due.body.every((d: { branchId: string }) => d.branchId === otherBranch)).toBe(true);
    const financeable = await c.get(`${INSTALLMENTS_API.financeable}?saleId=${saleId}`);
    expect(financeable.status).toBe(404);
    expect(await tableCounts(t.ds, ['sessions', 'audit_logs'])).toEqual(before);
  });

  it('needs can_see_installments and the INSTALLMENTS module', async () => {
    const without = await createUserWith(t.ds, ['can_see_customers']);
    const c = new Client(t.app, 'en');
    await c.signIn(without.username, without.password);
    for (const path of [
      INSTALLMENTS_API.plans,
      INSTALLMENTS_API.dueToday,
      INSTALLMENTS_API.summary,
    ])
      expect((await c.get(path)).status).toBe(403);
    expect((await c.post(INSTALLMENTS_API.plans, {})).status).toBe(403);

    const withPerm = await createUserWith(t.ds, ['can_see_installments']);
    const d = new Client(t.app, 'en');
    await d.signIn(withPerm.username, withPerm.password);
    expect((await d.get(INSTALLMENTS_API.summary)).status).toBe(200);
    expect((await d.post(INSTALLMENTS_API.runOverdue, {})).status).toBe(403);
    const future = await admin.post(INSTALLMENTS_API.runOverdue, { asOf: '2999-01-01' });
    expect(future.status).toBe(400);
    expect(future.body.code).toBe('INSTALLMENT_DATE');
    const now = await admin.post(INSTALLMENTS_API.runOverdue, {});
    expect(now.status).toBe(200);
    expect(now.body.asOf).toBe(today);

    const [{ modules }] = await t.ds.query('SELECT modules FROM site_settings WHERE id = 1');
    await t.ds.query('UPDATE site_settings SET modules = $1 WHERE id = 1', [
      modules.filter((m: string) => m !== 'INSTALLMENTS'),
    ]);
    try {
      expect((await d.get(INSTALLMENTS_API.summary)).status).toBe(403);
      expect((await admin.get(INSTALLMENTS_API.summary)).status).toBe(403);
    } finally {
      await t.ds.query('UPDATE site_settings SET modules = $1 WHERE id = 1', [modules]);
    }
  });
});
