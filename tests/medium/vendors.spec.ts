import { randomUUID } from 'node:crypto';
import { CommandRunner } from '../../server/src/core/cqrs';
import { queuePosting } from '../../server/src/modules/accounting';
import { branchMainVault, moveVault } from '../../server/src/modules/cash';
import { lockVendor, postVendorLedger } from '../../server/src/modules/purchasing';
import { readStoreTimeZone } from '../../server/src/modules/settings';
import { Client, createTestApp, createUserWith, tableCounts, type TestApp } from './support/app';

// Issue 14, vendors: the opening balance through the ledger and the books, payments allocated to
// open invoices (oldest first or by choice, the rest an advance), the statement's running balance,
// aging by due date, and ledger = vendors.balance = the vendor's party lines on the vendors account.
describe('vendors', () => {
  let t: TestApp;
  let admin: Client;
  let branchId: string;
  let inventoryId: string;
  let adminId: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = new Client(t.app);
    await admin.signIn('admin');
    [{ id: adminId, branch_id: branchId }] = await t.ds.query(
      `SELECT id, branch_id FROM users WHERE username = 'admin'`,
    );
    [{ id: inventoryId }] = await t.ds.query(
      'SELECT id FROM inventories WHERE branch_id = $1 AND is_default',
      [branchId],
    );
  });
  afterAll(async () => {
    await t.close();
  });

  const meta = () => ({ userId: adminId, ip: '127.0.0.1', userAgent: 'medium' }) as never;
  const run = <R>(work: Parameters<CommandRunner['run']>[1]) =>
    t.app.get(CommandRunner).run(meta(), work) as Promise<R>;

  /** today − days in the store's time zone, as YYYY-MM-DD */
  const day = async (offset: number): Promise<string> =>
    (
      await t.ds.query(`SELECT ((now() AT TIME ZONE $1)::date + $2::int)::text AS d`, [
        await readStoreTimeZone(t.ds),
        offset,
      ])
    )[0].d;

  /**
   * A posted purchase invoice as the buy command leaves it (stand-in until it lands): the header,
   * the vendor's 'purchase' ledger row and the entry Dr opening balances / Cr vendors (party: the
   * vendor): no goods move here, so the stock account stays equal to the stock ledger for the
   * suites that check it (purchases.spec, the property test).
   */
  const receive = (vendorId: string, total: number, invoiceDate: string, dueDate?: string) =>
    run<string>(async (tx) => {
      const id = randomUUID();
      const number = `PI-T-${id.slice(0, 8)}`;
      await lockVendor(tx.m, vendorId);
      await tx.m.query(
        `INSERT INTO purchase_invoices (id, number, status, vendor_id, branch_id, inventory_id, invoice_date, due_date, subtotal, total, posted_at)
         VALUES ($1, $2, 'posted', $3, $4, $5, $6, $7, $8, $8, now())`,
        [id, number, vendorId, branchId, inventoryId, invoiceDate, dueDate ?? null, total],
      );
      await postVendorLedger(tx.m, {
        vendorId,
        type: 'purchase',
        amount: total,
        referenceType: 'purchase_invoice',
        referenceId: id,
        referenceNumber: number,
        branchId,
        userId: adminId,
      });
      queuePosting(tx, {
        branchId,
        source: { type: 'manual', id, number },
        lines: [
          { account: 'opening_balances', debit: total },
          { account: 'vendors', credit: total, party: { type: 'vendor', id: vendorId } },
        ],
      });
      return id;
    });

  /** Cash into the branch's main vault (capital in), so payments have something to leave. */
  const fund = (amount: number) =>
    run(async (tx) => {
      const vault = await branchMainVault(tx.m, branchId);
      await moveVault(tx.m, { vaultId: vault.id, type: 'deposit', amount, userId: adminId });
      queuePosting(tx, {
        branchId,
        source: null,
        lines: [
          { account: { id: vault.accountId }, debit: amount },
          { account: 'capital', credit: amount },
        ],
      });
    });

  /** The vendor's balance three ways: the row, Σ ledger, Σ(credit − debit) of its party lines on vendors. */
  const threeWays = async (vendorId: string) => {
    const [row] = await t.ds.query(
      `SELECT v.balance,
              (SELECT COALESCE(sum(amount), 0) FROM vendor_ledger WHERE vendor_id = v.id) AS ledger,
              (SELECT COALESCE(sum(l.credit - l.debit), 0) FROM journal_lines l JOIN accounts a ON a.id = l.account_id
                WHERE a.system_key = 'vendors' AND l.party_type = 'vendor' AND l.party_id = v.id) AS books
         FROM vendors v WHERE v.id = $1`,
      [vendorId],
    );
    return [Number(row.balance), Number(row.ledger), Number(row.books)];
  };

  const invoice = async (id: string) => {
    const [r] = await t.ds.query(
      'SELECT paid, returned, total FROM purchase_invoices WHERE id = $1',
      [id],
    );
    return { paid: Number(r.paid), open: Number(r.total) - Number(r.paid) - Number(r.returned) };
  };

  it('creates a vendor with its opening balance posted once to the ledger and the books', async () => {
    const res = await admin.post('/api/Vendors', {
      name: 'مؤسسة إيمان للتوريدات',
      phones: ['01001234567'],
      taxNumber: '123-456-789',
      openingBalance: 10_000,
      paymentTermsDays: 30,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      balance: 10_000,
      openingBalance: 10_000,
      paymentTermsDays: 30,
    });
    expect(await threeWays(res.body.id)).toEqual([10_000, 10_000, 10_000]);
    const [entry] = await t.ds.query(
      `SELECT e.source_type, (SELECT sum(debit) FROM journal_lines WHERE entry_id = e.id) AS d,
              (SELECT a.system_key FROM journal_lines l JOIN accounts a ON a.id = l.account_id
                WHERE l.entry_id = e.id AND l.debit > 0) AS debited
         FROM journal_entries e WHERE e.source_id = $1`,
      [res.body.id],
    );
    expect(entry).toMatchObject({
      source_type: 'vendor_opening',
      d: '10000',
      debited: 'opening_balances',
    });

    // found by part of the name written with other alef/ya/teh marbuta forms
    const found = await admin.get('/api/Vendors').query({ q: 'ايمان للتوريدات' });
    expect(found.body.map((v: { id: string }) => v.id)).toContain(res.body.id);
    const byPhone = await admin.get('/api/Vendors').query({ q: '0100123' });
    expect(byPhone.body.map((v: { id: string }) => v.id)).toContain(res.body.id);
  });

  it('changes the opening balance only while nothing else is on the ledger', async () => {
    const created = await admin.post('/api/Vendors', {
      name: 'مورد افتتاحي',
      openingBalance: 5000,
    });
    const id = created.body.id;
    const edited = await admin.patch(`/api/Vendors/${id}`, { openingBalance: 7000 });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ balance: 7000, openingBalance: 7000 });
    const rows = await t.ds.query(
      'SELECT type, amount FROM vendor_ledger WHERE vendor_id = $1 ORDER BY at, id',
      [id],
    );
    expect(rows.map((r: { amount: string }) => Number(r.amount))).toEqual([5000, -5000, 7000]);
    expect(await threeWays(id)).toEqual([7000, 7000, 7000]);

    await receive(id, 1000, await day(0));
    const before = await tableCounts(t.ds);
    const locked = await admin.patch(`/api/Vendors/${id}`, { openingBalance: 1 });
    expect(locked.status).toBe(400);
    expect(locked.body.code).toBe('VENDOR_OPENING_LOCKED');
    expect(await tableCounts(t.ds)).toEqual(before);
    // a delete of a vendor with a ledger is refused
    expect((await admin.delete(`/api/Vendors/${id}`)).status).toBe(409);
  });

  it('allocates payments oldest first or by choice, keeps the rest as an advance, ages by due date', async () => {
    const vendor = (await admin.post('/api/Vendors', { name: 'شركة الأعمار', paymentTermsDays: 0 }))
      .body;
    const old = await receive(vendor.id, 20_000, await day(-100)); // due that day: > 90
    const mid = await receive(vendor.id, 15_000, await day(-75), await day(-45)); // its own due date: 31–60
    const recent = await receive(vendor.id, 8000, await day(-10), await day(20)); // not due yet: 0–30
    await fund(100_000);

    const aging = (await admin.get(`/api/Vendors/${vendor.id}/open-invoices`)).body;
    expect(aging.asOf).toBe(await day(0));
    expect(aging.aging).toEqual({ d0_30: 8000, d31_60: 15_000, d61_90: 0, over90: 20_000 });
    expect(aging.invoices.map((i: { id: string }) => i.id)).toEqual([old, mid, recent]);
    expect(aging.invoices.map((i: { daysOverdue: number }) => i.daysOverdue)).toEqual([
      100, 45, -20,
    ]);
    expect(aging.totalOpen).toBe(43_000);

    // 25,000 oldest first: the old invoice in full, 5,000 of the middle one
    const first = await admin.post(`/api/Vendors/${vendor.id}/payments`, {
      id: randomUUID(),
      amount: 25_000,
    });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      amount: 25_000,
      unallocated: 0,
      balanceAfter: 18_000,
      allocations: [
        expect.objectContaining({ invoiceId: old, amount: 20_000 }),
        expect.objectContaining({ invoiceId: mid, amount: 5000 }),
      ],
    });
    expect(first.body.number).toMatch(/-VP-\d{6}$/);
    expect(await invoice(old)).toEqual({ paid: 20_000, open: 0 });
    expect(await invoice(mid)).toEqual({ paid: 5000, open: 10_000 });

    // 10,000 to the recent invoice by choice: 8,000 settles it, 2,000 stays as an advance
    const chosen = await admin.post(`/api/Vendors/${vendor.id}/payments`, {
      id: randomUUID(),
      amount: 10_000,
      invoiceIds: [recent],
    });
    expect(chosen.body).toMatchObject({ unallocated: 2000, balanceAfter: 8000 });
    expect(await invoice(recent)).toEqual({ paid: 8000, open: 0 });
    expect(await invoice(mid)).toEqual({ paid: 5000, open: 10_000 });

    // more than is owed: the middle invoice is settled, the vendor owes the shop 7,000
    const over = await admin.post(`/api/Vendors/${vendor.id}/payments`, {
      id: randomUUID(),
      amount: 15_000,
    });
    expect(over.body).toMatchObject({ unallocated: 5000, balanceAfter: -7000 });
    expect((await admin.get(`/api/Vendors/${vendor.id}/open-invoices`)).body).toMatchObject({
      invoices: [],
      totalOpen: 0,
    });
    expect(await threeWays(vendor.id)).toEqual([-7000, -7000, -7000]);

    // the vault paid out 50,000 with one movement per payment, posted to its own account
    const [moved] = await t.ds.query(
      `SELECT sum(amount) AS s, count(*)::int AS n FROM vault_movements WHERE source_type = 'vendor_payment'
          AND source_id = ANY($1::uuid[])`,
      [[first.body.id, chosen.body.id, over.body.id]],
    );
    expect([Number(moved.s), moved.n]).toEqual([-50_000, 3]);
    const [books] = await t.ds.query(
      `SELECT sum(l.credit) AS c FROM journal_lines l JOIN journal_entries e ON e.id = l.entry_id
         JOIN vaults v ON v.account_id = l.account_id
        WHERE e.source_type = 'vendor_payment' AND e.source_id = ANY($1::uuid[])`,
      [[first.body.id, chosen.body.id, over.body.id]],
    );
    expect(Number(books.c)).toBe(50_000);

    // the statement: opening 0, each row's running balance, closing = the balance
    const st = (await admin.get(`/api/Vendors/${vendor.id}/statement`)).body;
    expect(st.rows.map((r: { type: string }) => r.type)).toEqual([
      'purchase',
      'purchase',
      'purchase',
      'payment',
      'payment',
      'payment',
    ]);
    expect(st.rows.map((r: { balanceAfter: number }) => r.balanceAfter)).toEqual([
      20_000, 35_000, 43_000, 18_000, 8000, -7000,
    ]);
    expect(st).toMatchObject({
      opening: 0,
      closing: -7000,
      totals: { increase: 43_000, decrease: 50_000 },
    });
    // a period after today: nothing in it, opening = closing = the balance
    const later = (
      await admin.get(`/api/Vendors/${vendor.id}/statement`).query({ from: await day(1) })
    ).body;
    expect(later).toMatchObject({ rows: [], opening: -7000, closing: -7000 });
    const today = (
      await admin
        .get(`/api/Vendors/${vendor.id}/statement`)
        .query({ from: await day(0), to: await day(0) })
    ).body;
    expect(today.rows).toHaveLength(6);

    // a retry of the same payment id answers the payment without paying again
    const retry = await admin.post(`/api/Vendors/${vendor.id}/payments`, {
      id: first.body.id,
      amount: 25_000,
    });
    expect(retry.body.number).toBe(first.body.number);
    expect(await threeWays(vendor.id)).toEqual([-7000, -7000, -7000]);
    // the receipt
    const receipt = await admin.get(`/api/Vendors/payments/${chosen.body.id}`);
    expect(receipt.body).toMatchObject({
      vendorName: 'شركة الأعمار',
      amount: 10_000,
      allocations: [expect.objectContaining({ invoiceId: recent, amount: 8000 })],
    });
  });

  it('ages the opening balance with the invoices and prints what settles it as such, not as an advance (issue 30 item 4)', async () => {
    const vendor = (
      await admin.post('/api/Vendors', {
        name: 'مورد برصيد افتتاحي',
        openingBalance: 62_000,
        paymentTermsDays: 0,
      })
    ).body;
    // the opening balance was posted 40 days ago: it is aged from then (the ledger is immutable,
    // so its date is moved back with the triggers off for this one statement)
    await t.ds.transaction(async (m) => {
      await m.query(`SET LOCAL session_replication_role = replica`);
      await m.query(
        `UPDATE vendor_ledger SET at = now() - interval '40 days' WHERE vendor_id = $1 AND type = 'opening'`,
        [vendor.id],
      );
    });
    await receive(vendor.id, 21_000, await day(-5));
    await fund(100_000);

    const aging = (await admin.get(`/api/Vendors/${vendor.id}/open-invoices`)).body;
    expect(aging).toMatchObject({
      openingOpen: 62_000,
      totalOpen: 83_000,
      aging: { d0_30: 21_000, d31_60: 62_000, d61_90: 0, over90: 0 },
    });
    const [{ balance }] = await t.ds.query('SELECT balance FROM vendors WHERE id = $1', [
      vendor.id,
    ]);
    expect(Number(balance)).toBe(aging.totalOpen);

    // all that is owed plus 500: the invoice, then the opening balance, then an advance of 500
    const paid = await admin.post(`/api/Vendors/${vendor.id}/payments`, {
      id: randomUUID(),
      amount: 83_500,
    });
    expect(paid.status).toBe(201);
    expect(paid.body).toMatchObject({
      unallocated: 62_500,
      openingSettled: 62_000,
      advance: 500,
      balanceAfter: -500,
    });
    expect((await admin.get(`/api/Vendors/${vendor.id}/open-invoices`)).body).toMatchObject({
      openingOpen: 0,
      totalOpen: 0,
    });

    // a vendor owed only the opening balance, paid part of it: nothing of it is an advance
    const second = (
      await admin.post('/api/Vendors', { name: 'مورد افتتاحي فقط', openingBalance: 10_000 })
    ).body;
    const part = await admin.post(`/api/Vendors/${second.id}/payments`, {
      id: randomUUID(),
      amount: 4000,
    });
    expect(part.body).toMatchObject({ openingSettled: 4000, advance: 0, balanceAfter: 6000 });
    expect((await admin.get(`/api/Vendors/${second.id}/open-invoices`)).body).toMatchObject({
      openingOpen: 6000,
      totalOpen: 6000,
    });
  });

  it('refuses bad payments with a localised 400 and writes nothing', async () => {
    const a = (await admin.post('/api/Vendors', { name: 'مورد أ', openingBalance: 1000 })).body;
    const b = (await admin.post('/api/Vendors', { name: 'مورد ب' })).body;
    const other = await receive(b.id, 500, await day(0));
    const before = await tableCounts(t.ds);
    const zero = await admin.post(`/api/Vendors/${a.id}/payments`, { id: randomUUID(), amount: 0 });
    expect(zero.status).toBe(400);
    const notMine = await admin.post(`/api/Vendors/${a.id}/payments`, {
      id: randomUUID(),
      amount: 100,
      invoiceIds: [other],
    });
    expect(notMine.status).toBe(400);
    expect(notMine.body.code).toBe('VENDOR_INVOICE_NOT_OPEN');
    expect(notMine.body.message).toContain('PI-T-');
    const tooMuch = await admin.post(`/api/Vendors/${a.id}/payments`, {
      id: randomUUID(),
      amount: 999_999_999,
    });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.code).toBe('VAULT_INSUFFICIENT');
    expect(await tableCounts(t.ds)).toEqual(before);
  });

  it('answers amounts owed only with can_see_totals, and nothing without can_see_vendors', async () => {
    const id = (await admin.post('/api/Vendors', { name: 'مورد سري', openingBalance: 300 })).body
      .id;
    const viewer = await createUserWith(t.ds, ['can_see_vendors']);
    const v = new Client(t.app);
    await v.signIn(viewer.username, viewer.password);
    // found by name (other specs of the shared database add vendors that page it out)
    const list = await v.get(`/api/Vendors?q=${encodeURIComponent('مورد سري')}`);
    expect(list.status).toBe(200);
    const row = list.body.find((r: { id: string }) => r.id === id);
    expect(row).toBeDefined();
    expect(row).not.toHaveProperty('balance');
    expect(row).not.toHaveProperty('openingBalance');
    expect((await v.get(`/api/Vendors/${id}`)).body).not.toHaveProperty('balance');
    expect((await v.get(`/api/Vendors/${id}/statement`)).status).toBe(403);
    expect((await v.get(`/api/Vendors/${id}/open-invoices`)).status).toBe(403);

    // dates need can_use_date_filter
    const totals = await createUserWith(t.ds, ['can_see_vendors', 'can_see_totals']);
    const tt = new Client(t.app);
    await tt.signIn(totals.username, totals.password);
    expect((await tt.get(`/api/Vendors/${id}/statement`)).status).toBe(200);
    const dated = await tt.get(`/api/Vendors/${id}/statement`).query({ from: await day(0) });
    expect(dated.status).toBe(403);

    const none = await createUserWith(t.ds, ['can_see_totals']);
    const n = new Client(t.app);
    await n.signIn(none.username, none.password);
    expect((await n.get('/api/Vendors')).status).toBe(403);
    expect((await n.post('/api/Vendors', { name: 'x' })).status).toBe(403);
  });
});
