import { randomUUID } from 'node:crypto';
import { CommandBus } from '@nestjs/cqrs';
import { IDEMPOTENCY_HEADER } from '@pos/contracts';
import { ExpireReservationsCommand } from '../../server/src/modules/reservations/commands/expire-reservations/expire-reservations.command';
import {
  Client,
  createTestApp,
  createUserWith,
  freeRegister,
  tableCounts,
  type TestApp,
} from './support/app';

// Issue 18 item 2: reservations against the real database — reserved stock no other cashier can
// sell (also concurrently), the deposit through a vault and the books, conversion to a POS sale
// with the deposit counted, cancellation (refund or forfeit), and the idempotent expiry job.
describe('reservations', () => {
  let t: TestApp;
  let admin: Client;
  let branchId: string;
  let inventoryId: string;
  let vaultId: string;
  let cash: string;
  let customerId: string;

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
    [{ id: vaultId }] = await t.ds.query(
      `SELECT id FROM vaults WHERE branch_id = $1 AND is_main AND type = 'cash'`,
      [branchId],
    );
    const methods = (await admin.get('/api/PaymentMethods')).body;
    cash = methods.find((m: { type: string }) => m.type === 'cash').id;
    const customer = await admin.post('/api/Customers', { name: `عميل حجز ${randomUUID()}` });
    expect(customer.status).toBe(201);
    customerId = customer.body.id;
  });
  afterAll(async () => {
    await t.close();
  });

  const product = async (stock: number, price = 10000) => {
    const res = await admin.post('/api/Products', {
      nameAr: `صنف حجز ${randomUUID().slice(0, 8)}`,
      variants: [
        {
          barcodes: [`R-${randomUUID().slice(0, 12)}`],
          sellPrice: price,
          minSellPrice: price,
          avgCost: Math.round(price * 0.6),
          openingStock: [{ inventoryId, quantity: stock }],
        },
      ],
    });
    expect(res.status).toBe(201);
    return res.body.variants[0].id as string;
  };
  let nextRegister = 40;
  const cashier = async () => {
    const user = await createUserWith(t.ds, []);
    const c = new Client(t.app, 'en');
    await c.signIn(user.username, user.password);
    const register = await freeRegister(t.ds, branchId, nextRegister);
    nextRegister = register + 1;
    const shift = await c.post('/api/Shift/open', { openingCash: 0, register });
    expect(shift.status).toBe(201);
    return c;
  };
  const level = async (variantId: string) => {
    const [row] = await t.ds.query(
      'SELECT on_hand, reserved FROM stock_levels WHERE variant_id = $1 AND inventory_id = $2',
      [variantId, inventoryId],
    );
    return { onHand: Number(row.on_hand), reserved: Number(row.reserved) };
  };
  const balance = async (table: 'customers' | 'vaults', id: string) =>
    Number((await t.ds.query(`SELECT balance FROM ${table} WHERE id = $1`, [id]))[0].balance);
  const lines = async (reservationId: string) =>
    (
      await t.ds.query(
        `SELECT e.description AS step, COALESCE(a.system_key, 'vault') AS account, l.debit, l.credit
           FROM journal_lines l JOIN journal_entries e ON e.id = l.entry_id JOIN accounts a ON a.id = l.account_id
          WHERE e.source_type = 'reservation' AND e.source_id = $1 ORDER BY e.created_at, e.id, l.line_no`,
        [reservationId],
      )
    ).map((r: Record<string, string>) => ({
      step: r.step,
      account: r.account,
      debit: Number(r.debit),
      credit: Number(r.credit),
    }));
  const inDays = (days: number) => new Date(Date.now() + days * 86400_000).toISOString();
  const reserve = (c: Client, variantId: string, quantity: number, deposit = 3000, extra = {}) =>
    c.post('/api/Reservations', {
      id: randomUUID(),
      customerId,
      lines: [{ variantId, quantity }],
      deposit,
      expiresAt: inDays(3),
      ...extra,
    });
  const sell = (c: Client, variantId: string, quantity: number) =>
    c.post('/api/Sales', {
      id: randomUUID(),
      lines: [{ variantId, quantity }],
      payments: [{ methodId: cash, amount: 10000 * quantity }],
    });

  it('reserves stock no other cashier can sell, and takes the deposit into the vault and the books', async () => {
    const variantId = await product(3);
    const vaultBefore = await balance('vaults', vaultId);
    const res = await reserve(admin, variantId, 2);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: 'active', deposit: 3000, total: 20000 });
    expect(await level(variantId)).toEqual({ onHand: 3, reserved: 2 });
    expect(await balance('vaults', vaultId)).toBe(vaultBefore + 3000);
    expect(await lines(res.body.id)).toEqual([
      { step: 'held', account: 'vault', debit: 3000, credit: 0 },
      { step: 'held', account: 'customer_deposits', debit: 0, credit: 3000 },
    ]);
    const other = await cashier();
    const refused = await sell(other, variantId, 2);
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('INSUFFICIENT_STOCK');
    expect((await sell(other, variantId, 1)).status).toBe(201);
    expect(await level(variantId)).toEqual({ onHand: 2, reserved: 2 });
    // listed by status, soonest expiry first
    const list = await admin.get('/api/Reservations?status=active&sort=expiresAt');
    expect(list.status).toBe(200);
    expect(list.body.some((r: { id: string }) => r.id === res.body.id)).toBe(true);
  });

  it('lets exactly one of a reservation and a sale racing for the last unit have it', async () => {
    for (let round = 0; round < 3; round++) {
      const variantId = await product(1);
      const other = await cashier();
      const [reserved, sold] = await Promise.all([
        reserve(admin, variantId, 1, 0),
        sell(other, variantId, 1),
      ]);
      expect([reserved.status, sold.status].sort()).toEqual([201, 400]);
      const l = await level(variantId);
      expect(l.onHand - l.reserved).toBe(0);
      expect(l.onHand).toBeGreaterThanOrEqual(0);
    }
  });

  it('converts to a POS sale with the deposit counted, once', async () => {
    const variantId = await product(2);
    const res = await reserve(admin, variantId, 2, 5000);
    const c = await cashier();
    const customerBefore = await balance('customers', customerId);
    // the deposit and 10 000 do not cover 20 000: refused, nothing written
    const before = await tableCounts(t.ds, ['sessions', 'outbox']);
    const short = await c.post(`/api/Reservations/${res.body.id}/convert`, {
      saleId: randomUUID(),
      payments: [{ methodId: cash, amount: 10000 }],
    });
    expect(short.status).toBe(400);
    expect(short.body.code).toBe('RESERVATION_UNDERPAID');
    expect(await tableCounts(t.ds, ['sessions', 'outbox'])).toEqual(before);

    const saleId = randomUUID();
    const done = await c.post(`/api/Reservations/${res.body.id}/convert`, {
      saleId,
      payments: [{ methodId: cash, amount: 15000 }],
    });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ status: 'converted', saleId, depositOutcome: 'applied' });
    expect(await level(variantId)).toEqual({ onHand: 0, reserved: 0 });
    const [sale] = await t.ds.query(
      'SELECT total, paid_total, due_amount, customer_id FROM sales_invoices WHERE id = $1',
      [saleId],
    );
    expect(sale).toMatchObject({ total: '20000', paid_total: '15000', due_amount: '5000' });
    expect(sale.customer_id).toBe(customerId);
    // the deposit paid what the sale left due: the customer owes nothing more
    expect(await balance('customers', customerId)).toBe(customerBefore);
    expect(
      (await lines(res.body.id)).filter((l: { step: string }) => l.step === 'applied'),
    ).toEqual([
      { step: 'applied', account: 'customer_deposits', debit: 5000, credit: 0 },
      { step: 'applied', account: 'customers', debit: 0, credit: 5000 },
    ]);
    const again = await c.post(`/api/Reservations/${res.body.id}/convert`, {
      saleId: randomUUID(),
      payments: [{ methodId: cash, amount: 20000 }],
    });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('RESERVATION_ILLEGAL_TRANSITION');
  });

  it('converts with the rest paid by a gift card, by its code (the dialog asks for it)', async () => {
    const variantId = await product(1, 8000);
    const res = await reserve(admin, variantId, 1, 3000);
    const c = await cashier();
    const methods = (await admin.get('/api/PaymentMethods')).body as { id: string; type: string }[];
    const gift = methods.find((m) => m.type === 'gift_card')!.id;
    // sold by card (no drawer, so no shift needed)
    const byCard = methods.find((m) => m.type === 'card')!.id;
    const card = await admin
      .post('/api/GiftCards', { id: randomUUID(), methodId: byCard, amount: 10000 })
      .set(IDEMPOTENCY_HEADER, randomUUID());
    expect(card.status).toBe(201);
    // no code: refused, naming the field, nothing written
    const before = await tableCounts(t.ds, ['sessions', 'outbox']);
    const noCode = await c.post(`/api/Reservations/${res.body.id}/convert`, {
      saleId: randomUUID(),
      payments: [{ methodId: gift, amount: 5000, giftCardCode: '' }],
    });
    expect(noCode.status).toBe(400);
    expect(noCode.body.code).toBe('VALIDATION_FAILED');
    expect(noCode.body.message).toContain('كود بطاقة الهدية');
    expect(await tableCounts(t.ds, ['sessions', 'outbox'])).toEqual(before);
    const saleId = randomUUID();
    const done = await c.post(`/api/Reservations/${res.body.id}/convert`, {
      saleId,
      payments: [{ methodId: gift, amount: 5000, giftCardCode: card.body.code }],
    });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ status: 'converted', saleId });
    const [left] = await t.ds.query('SELECT balance FROM gift_cards WHERE id = $1', [card.body.id]);
    expect(Number(left.balance)).toBe(5000);
  });

  it('keeps everything as it was when the sale cannot be made (no open shift)', async () => {
    const variantId = await product(1);
    const res = await reserve(admin, variantId, 1, 2000);
    const user = await createUserWith(t.ds, []);
    const noShift = new Client(t.app, 'en');
    await noShift.signIn(user.username, user.password);
    const before = await tableCounts(t.ds, ['sessions', 'outbox']);
    const customerBefore = await balance('customers', customerId);
    const refused = await noShift.post(`/api/Reservations/${res.body.id}/convert`, {
      saleId: randomUUID(),
      payments: [{ methodId: cash, amount: 8000 }],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('SHIFT_NOT_OPEN');
    // the stock stays reserved, the deposit unapplied, the reservation active
    expect(await tableCounts(t.ds, ['sessions', 'outbox'])).toEqual(before);
    expect(await level(variantId)).toEqual({ onHand: 1, reserved: 1 });
    expect(await balance('customers', customerId)).toBe(customerBefore);
    expect((await admin.get(`/api/Reservations/${res.body.id}`)).body.status).toBe('active');
  });

  it('cancels with the deposit refunded from the vault, or forfeited to other income', async () => {
    const variantId = await product(2);
    const refunded = await reserve(admin, variantId, 1, 4000);
    const vaultBefore = await balance('vaults', vaultId);
    const res = await admin.post(`/api/Reservations/${refunded.body.id}/cancel`, {});
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'cancelled', depositOutcome: 'refunded' });
    expect(await balance('vaults', vaultId)).toBe(vaultBefore - 4000);
    expect(await level(variantId)).toEqual({ onHand: 2, reserved: 0 });
    expect((await lines(refunded.body.id)).slice(2)).toEqual([
      { step: 'refunded', account: 'customer_deposits', debit: 4000, credit: 0 },
      { step: 'refunded', account: 'vault', debit: 0, credit: 4000 },
    ]);
    const before = await tableCounts(t.ds, ['sessions', 'outbox']);
    const twice = await admin.post(`/api/Reservations/${refunded.body.id}/cancel`, {});
    expect(twice.status).toBe(409);
    expect(await tableCounts(t.ds, ['sessions', 'outbox'])).toEqual(before);

    expect(
      (await admin.patch('/api/StoreSettings', { reservationDepositForfeit: true })).status,
    ).toBe(200);
    try {
      const kept = await reserve(admin, variantId, 1, 2500);
      const after = await balance('vaults', vaultId);
      const cancelled = await admin.post(`/api/Reservations/${kept.body.id}/cancel`, {});
      expect(cancelled.body).toMatchObject({ status: 'cancelled', depositOutcome: 'forfeited' });
      expect(await balance('vaults', vaultId)).toBe(after);
      expect((await lines(kept.body.id)).slice(2)).toEqual([
        { step: 'forfeited', account: 'customer_deposits', debit: 2500, credit: 0 },
        { step: 'forfeited', account: 'other_income', debit: 0, credit: 2500 },
      ]);
    } finally {
      await admin.patch('/api/StoreSettings', { reservationDepositForfeit: false });
    }
  });

  it('refuses an expiry in the past and a line beyond the available stock', async () => {
    const variantId = await product(1);
    const past = await reserve(admin, variantId, 1, 0, { expiresAt: inDays(-1) });
    expect(past.status).toBe(400);
    expect(past.body.code).toBe('RESERVATION_EXPIRY_PAST');
    const over = await reserve(admin, variantId, 2, 0);
    expect(over.status).toBe(400);
    expect(over.body.code).toBe('INSUFFICIENT_STOCK');
    expect(await level(variantId)).toEqual({ onHand: 1, reserved: 0 });
  });

  it('expires lapsed reservations once: stock released, the deposit credited to the customer', async () => {
    const variantId = await product(2);
    const res = await reserve(admin, variantId, 2, 1500);
    await t.ds.query(
      `UPDATE reservations SET expires_at = now() - interval '1 minute' WHERE id = $1`,
      [res.body.id],
    );
    const customerBefore = await balance('customers', customerId);
    const bus = t.app.get(CommandBus);
    const first = await bus.execute(new ExpireReservationsCommand());
    expect(first.expired).toBeGreaterThanOrEqual(1);
    const [row] = await t.ds.query(
      'SELECT status, deposit_outcome FROM reservations WHERE id = $1',
      [res.body.id],
    );
    expect(row).toEqual({ status: 'expired', deposit_outcome: 'credited' });
    expect(await level(variantId)).toEqual({ onHand: 2, reserved: 0 });
    expect(await balance('customers', customerId)).toBe(customerBefore - 1500);
    const entries = await lines(res.body.id);
    const before = await tableCounts(t.ds, ['sessions', 'outbox']);
    expect(await bus.execute(new ExpireReservationsCommand())).toEqual({ expired: 0 });
    expect(await tableCounts(t.ds, ['sessions', 'outbox'])).toEqual(before);
    expect(await lines(res.body.id)).toEqual(entries);
    expect(entries.slice(2)).toEqual([
      { step: 'credited', account: 'customer_deposits', debit: 1500, credit: 0 },
      { step: 'credited', account: 'customers', debit: 0, credit: 1500 },
    ]);
  });
});
