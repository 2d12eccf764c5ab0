import { v7 as uuidv7 } from 'uuid';
import { createVaultAccount } from '../../server/src/modules/cash';
import { Client, createTestApp, createUserWith, tableCounts, type TestApp } from './support/app';

// Issue 15 item 4: every step of a cheque's flow against the real database — the party's balance
// and ledger, the bank vault, the books — and every illegal step refused with 409, nothing written.
describe('cheques', () => {
  let t: TestApp;
  let admin: Client;
  let branchId: string;
  let otherBranchId: string;
  let bankId: string;
  let bankAccountId: string;
  let customerId: string;
  let vendorId: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = new Client(t.app, 'en');
    await admin.signIn('admin');
    [{ id: branchId }, { id: otherBranchId }] = await t.ds.query(
      'SELECT id FROM branches ORDER BY created_at LIMIT 2',
    );
    await t.ds.transaction(async (m) => {
      bankAccountId = await createVaultAccount(m, { name: 'بنك الشيكات', type: 'bank' });
      bankId = uuidv7();
      await m.query(
        `INSERT INTO vaults (id, name, type, branch_id, account_id, bank_name) VALUES ($1, 'بنك الشيكات', 'bank', $2, $3, 'بنك مصر')`,
        [bankId, branchId, bankAccountId],
      );
    });
    const customer = await admin.post('/api/Customers', { name: `عميل شيكات ${uuidv7()}` });
    expect(customer.status).toBe(201);
    customerId = customer.body.id;
    // through the API: the opening balance is on the vendor's ledger and in the books alike
    // (later suites check that the vendors' account equals their balances)
    const vendor = await admin.post('/api/Vendors', {
      name: `مورد الشيكات ${uuidv7()}`,
      openingBalance: 500_000,
    });
    expect(vendor.status).toBe(201);
    vendorId = vendor.body.id;
  });
  afterAll(async () => {
    await t.close();
  });

  const balance = async (table: 'customers' | 'vendors' | 'vaults', id: string) =>
    Number((await t.ds.query(`SELECT balance FROM ${table} WHERE id = $1`, [id]))[0].balance);
  const lines = async (chequeId: string) =>
    (
      await t.ds.query(
        `SELECT e.description AS step, COALESCE(a.system_key, 'vault:' || a.id) AS account, l.debit, l.credit, l.party_id AS party
           FROM journal_lines l JOIN journal_entries e ON e.id = l.entry_id JOIN accounts a ON a.id = l.account_id
          WHERE e.source_type = 'cheque' AND e.source_id = $1 ORDER BY e.id, l.line_no`,
        [chequeId],
      )
    ).map((r: Record<string, string>) => ({
      step: r.step,
      account: r.account,
      debit: Number(r.debit),
      credit: Number(r.credit),
      party: r.party,
    }));
  let serial = 0;
  const record = async (direction: 'received' | 'issued', amount: number, extra = {}) => {
    const res = await admin.post('/api/Cheques', {
      id: uuidv7(),
      direction,
      number: `${Date.now()}${++serial}`,
      bank: 'بنك القاهرة',
      dueDate: '2026-12-01',
      amount,
      ...(direction === 'received' ? { customerId } : { vendorId }),
      // the suite's customer owes nothing: its cheques are advances (issue 30 item 13)
      ...(direction === 'received' ? { advance: true } : {}),
      branchId,
      ...extra,
    });
    expect(res.status).toBe(201);
    return res.body as { id: string; status: string; number: string };
  };

  it('receives, deposits and bounces a customer cheque: the debt comes back', async () => {
    const start = await balance('customers', customerId);
    const cheque = await record('received', 150_000);
    expect(cheque.status).toBe('received');
    expect(await balance('customers', customerId)).toBe(start - 150_000);
    const ledger = await t.ds.query(
      `SELECT type, amount::int, reference_type FROM customer_ledger WHERE reference_id = $1 ORDER BY at`,
      [cheque.id],
    );
    expect(ledger).toEqual([{ type: 'payment', amount: -150_000, reference_type: 'cheque' }]);

    const deposited = await admin.post(`/api/Cheques/${cheque.id}/deposit`, { vaultId: bankId });
    expect(deposited.status).toBe(200);
    expect(deposited.body).toMatchObject({ status: 'deposited', vaultId: bankId });
    expect(await balance('vaults', bankId)).toBe(0);
    expect(await balance('customers', customerId)).toBe(start - 150_000);

    const bounced = await admin.post(`/api/Cheques/${cheque.id}/bounce`, { note: 'رصيد غير كاف' });
    expect(bounced.status).toBe(200);
    expect(bounced.body.status).toBe('bounced');
    expect(bounced.body.history.map((h: { to: string }) => h.to)).toEqual([
      'received',
      'deposited',
      'bounced',
    ]);
    expect(await balance('customers', customerId)).toBe(start);
    expect(await balance('vaults', bankId)).toBe(0);
    expect(
      await t.ds.query(
        `SELECT type, amount::int FROM customer_ledger WHERE reference_id = $1 ORDER BY at`,
        [cheque.id],
      ),
    ).toEqual([
      { type: 'payment', amount: -150_000 },
      { type: 'cheque_bounced', amount: 150_000 },
    ]);
    expect(await lines(cheque.id)).toEqual([
      { step: 'received', account: 'cheques_receivable', debit: 150_000, credit: 0, party: null },
      { step: 'received', account: 'customers', debit: 0, credit: 150_000, party: customerId },
      { step: 'bounced', account: 'customers', debit: 150_000, credit: 0, party: customerId },
      { step: 'bounced', account: 'cheques_receivable', debit: 0, credit: 150_000, party: null },
    ]);
    const audit = await t.ds.query(
      `SELECT action FROM audit_logs WHERE entity = 'cheque' AND entity_id = $1 ORDER BY at`,
      [cheque.id],
    );
    expect(audit.map((a: { action: string }) => a.action)).toEqual([
      'cheque.record',
      'cheque.deposit',
      'cheque.bounce',
    ]);
    // issue 30 item 5: /Transactions lists the bounce as the received cheque's reversal row
    const listed = await admin.get(`/api/Transactions?pageSize=500`);
    expect(
      listed.body
        .filter((r: { sourceId: string }) => r.sourceId === cheque.id)
        .map((r: { kind: string; amount: number; note: string | null }) => [
          r.kind,
          r.amount,
          r.note,
        ]),
    ).toEqual([
      ['cheque_bounced', -150_000, 'رصيد غير كاف'],
      ['cheque_received', 150_000, null],
    ]);
    const onlyBounces = await admin.get(`/api/Transactions?type=cheque_bounced&pageSize=500`);
    expect(onlyBounces.body.map((r: { sourceId: string }) => r.sourceId)).toContain(cheque.id);
  });

  it('clears a deposited customer cheque into the bank vault and its account', async () => {
    const vaultBefore = await balance('vaults', bankId);
    const cheque = await record('received', 80_000);
    await admin.post(`/api/Cheques/${cheque.id}/deposit`, { vaultId: bankId });
    const cleared = await admin.post(`/api/Cheques/${cheque.id}/clear`, {});
    expect(cleared.status).toBe(200);
    expect(cleared.body.status).toBe('cleared');
    expect(await balance('vaults', bankId)).toBe(vaultBefore + 80_000);
    expect(
      await t.ds.query(
        `SELECT type, amount::int, source_type, source_number FROM vault_movements WHERE source_id = $1`,
        [cheque.id],
      ),
    ).toEqual([
      { type: 'cheque_in', amount: 80_000, source_type: 'cheque', source_number: cheque.number },
    ]);
    expect((await lines(cheque.id)).slice(2)).toEqual([
      { step: 'cleared', account: `vault:${bankAccountId}`, debit: 80_000, credit: 0, party: null },
      { step: 'cleared', account: 'cheques_receivable', debit: 0, credit: 80_000, party: null },
    ]);
    // the vault's account equals its balance
    const [{ net }] = await t.ds.query(
      'SELECT COALESCE(sum(debit - credit), 0)::bigint AS net FROM journal_lines WHERE account_id = $1',
      [bankAccountId],
    );
    expect(Number(net)).toBe(await balance('vaults', bankId));
  });

  it('issues a vendor cheque, clears it out of the bank vault; a bounced one owes the vendor again', async () => {
    const start = await balance('vendors', vendorId);
    const paid = await record('issued', 30_000);
    expect(paid.status).toBe('issued');
    expect(await balance('vendors', vendorId)).toBe(start - 30_000);
    // the bank holds less than the cheque: refused, nothing written
    const poor = await record('issued', 10_000_000);
    const before = await tableCounts(t.ds);
    const refused = await admin.post(`/api/Cheques/${poor.id}/clear`, { vaultId: bankId });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('VAULT_INSUFFICIENT');
    expect(await tableCounts(t.ds)).toEqual(before);

    const vaultBefore = await balance('vaults', bankId);
    const cleared = await admin.post(`/api/Cheques/${paid.id}/clear`, { vaultId: bankId });
    expect(cleared.status).toBe(200);
    expect(await balance('vaults', bankId)).toBe(vaultBefore - 30_000);
    expect(await lines(paid.id)).toEqual([
      { step: 'issued', account: 'vendors', debit: 30_000, credit: 0, party: vendorId },
      { step: 'issued', account: 'cheques_payable', debit: 0, credit: 30_000, party: null },
      { step: 'cleared', account: 'cheques_payable', debit: 30_000, credit: 0, party: null },
      { step: 'cleared', account: `vault:${bankAccountId}`, debit: 0, credit: 30_000, party: null },
    ]);

    const bouncing = await record('issued', 20_000);
    const mid = await balance('vendors', vendorId);
    expect((await admin.post(`/api/Cheques/${bouncing.id}/bounce`, {})).status).toBe(200);
    expect(await balance('vendors', vendorId)).toBe(mid + 20_000);
    expect(
      await t.ds.query(
        `SELECT type, amount::int FROM vendor_ledger WHERE reference_id = $1 ORDER BY at`,
        [bouncing.id],
      ),
    ).toEqual([
      { type: 'payment', amount: -20_000 },
      { type: 'cheque_bounced', amount: 20_000 },
    ]);
    expect((await lines(bouncing.id)).slice(2)).toEqual([
      { step: 'bounced', account: 'cheques_payable', debit: 20_000, credit: 0, party: null },
      { step: 'bounced', account: 'vendors', debit: 0, credit: 20_000, party: vendorId },
    ]);
    expect((await admin.post(`/api/Cheques/${poor.id}/cancel`, {})).status).toBe(200);
  });

  it('cancels a cheque still in hand: the payment is undone', async () => {
    const start = await balance('customers', customerId);
    const cheque = await record('received', 5_000);
    const cancelled = await admin.post(`/api/Cheques/${cheque.id}/cancel`, {});
    expect(cancelled.body.status).toBe('cancelled');
    expect(await balance('customers', customerId)).toBe(start);
    // a cancelled cheque's number can be recorded again; a live one cannot
    const again = await record('received', 5_000, { number: cheque.number });
    const twice = await admin.post('/api/Cheques', {
      id: uuidv7(),
      direction: 'received',
      number: cheque.number,
      bank: 'بنك القاهرة',
      dueDate: '2026-12-01',
      amount: 5_000,
      customerId,
      branchId,
    });
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe('CHEQUE_DUPLICATE');
    expect((await admin.post(`/api/Cheques/${again.id}/cancel`, {})).status).toBe(200);
  });

  it('refuses every illegal step with 409 naming both statuses, writing nothing', async () => {
    const received = await record('received', 1_000);
    const issued = await record('issued', 1_000);
    const bounced = await record('received', 1_000);
    await admin.post(`/api/Cheques/${bounced.id}/deposit`, { vaultId: bankId });
    await admin.post(`/api/Cheques/${bounced.id}/bounce`, {});
    // [cheque, step, its status in Arabic, where the step leads in Arabic]
    const cases: [string, string, string, string][] = [
      [received.id, 'clear', 'وارد', 'محصل'],
      [received.id, 'bounce', 'وارد', 'مرتد'],
      [issued.id, 'deposit', 'صادر', 'مودع بالبنك'],
      [bounced.id, 'clear', 'مرتد', 'محصل'],
      [bounced.id, 'bounce', 'مرتد', 'مرتد'],
      [bounced.id, 'cancel', 'مرتد', 'ملغى'],
      [bounced.id, 'deposit', 'مرتد', 'مودع بالبنك'],
    ];
    for (const [id, action, from, to] of cases) {
      const before = await tableCounts(t.ds);
      const res = await admin.post(`/api/Cheques/${id}/${action}`, { vaultId: bankId });
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('CHEQUE_ILLEGAL_TRANSITION');
      expect(res.body.message).toContain(`من «${from}» إلى «${to}»`);
      expect(await tableCounts(t.ds)).toEqual(before);
    }
    const english = await admin
      .post(`/api/Cheques/${received.id}/clear`, {})
      .set('Cookie', 'locale=en');
    expect(english.status).toBe(409);
    expect(english.body.message).toContain('from "received" to "cleared"');
    // a deposit needs a bank vault of the cheque's branch
    const [{ id: cashVault }] = await t.ds.query(
      `SELECT id FROM vaults WHERE branch_id = $1 AND type = 'cash' LIMIT 1`,
      [branchId],
    );
    const before = await tableCounts(t.ds);
    const wrong = await admin.post(`/api/Cheques/${received.id}/deposit`, { vaultId: cashVault });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('CHEQUE_VAULT_REQUIRED');
    expect(await tableCounts(t.ds)).toEqual(before);
  });

  it('keeps cheques to their branch and to holders of can_see_vault_totals', async () => {
    const cheque = await record('received', 2_000);
    const clerk = await createUserWith(t.ds, ['can_see_customers']);
    const c = new Client(t.app);
    await c.signIn(clerk.username, clerk.password);
    expect((await c.get('/api/Cheques')).status).toBe(403);
    expect((await c.get('/api/Transactions')).status).toBe(403);
    const other = await createUserWith(t.ds, ['can_see_vault_totals'], {
      branchId: otherBranchId,
    });
    const o = new Client(t.app);
    await o.signIn(other.username, other.password);
    expect((await o.get(`/api/Cheques/${cheque.id}`)).status).toBe(404);
    expect((await o.post(`/api/Cheques/${cheque.id}/cancel`, {})).status).toBe(404);
    const list = await o.get('/api/Cheques');
    expect(list.body.every((r: { branchId: string }) => r.branchId === otherBranchId)).toBe(true);
  });

  it('lists every money movement with its source, and exports it', async () => {
    const cheque = await record('received', 7_000);
    await admin.post(`/api/Cheques/${cheque.id}/deposit`, { vaultId: bankId });
    await admin.post(`/api/Cheques/${cheque.id}/clear`, {});
    const res = await admin.get(`/api/Transactions?branchId=${branchId}&pageSize=500`);
    expect(res.status).toBe(200);
    const mine = res.body.filter((r: { sourceId: string }) => r.sourceId === cheque.id);
    expect(mine.map((r: { kind: string; amount: number }) => [r.kind, r.amount]).sort()).toEqual([
      ['cheque_in', 7_000],
      ['cheque_received', 7_000],
    ]);
    const byVault = await admin.get(`/api/Transactions?vaultId=${bankId}&type=cheque_in`);
    expect(byVault.body.length).toBeGreaterThan(0);
    expect(
      byVault.body.every(
        (r: { vaultId: string; kind: string }) => r.vaultId === bankId && r.kind === 'cheque_in',
      ),
    ).toBe(true);
    expect(Number(byVault.headers['x-total-count'])).toBe(byVault.body.length);
    const xlsx = await admin
      .get(`/api/Transactions?vaultId=${bankId}&format=xlsx`)
      .buffer(true)
      .parse((r, cb) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => cb(null, Buffer.concat(chunks)));
      });
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    expect((xlsx.body as Buffer).subarray(0, 2).toString()).toBe('PK');
  });

  it('shows the cheques due within seven days on the dashboard', async () => {
    const today = (await t.ds.query(`SELECT to_char(now(), 'YYYY-MM-DD') AS d`))[0].d as string;
    const due = await record('received', 3_000, { dueDate: today });
    const dash = await admin.get(`/api/Dashboard?branchId=${branchId}`);
    expect(dash.body.dueCheques.map((c: { id: string }) => c.id)).toContain(due.id);
    await admin.post(`/api/Cheques/${due.id}/cancel`, {});
    const after = await admin.get(`/api/Dashboard?branchId=${branchId}`);
    expect(after.body.dueCheques.map((c: { id: string }) => c.id)).not.toContain(due.id);
  });
});
