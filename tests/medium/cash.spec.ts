import { randomUUID } from 'node:crypto';
import { Client, createTestApp, createUserWith, freeRegister, type TestApp } from './support/app';

// Issue 15: vaults and money transactions over the API against the real database: a new vault
// opens its own account, balances only for the vault keeper, every money transaction moves the
// vaults and posts to their accounts by id, a transfer to another branch waits in transit for
// the receiver, a shift's cash goes into the main vault, manual entries stay off vault accounts.
describe('vaults and money transactions', () => {
  let t: TestApp;
  let admin: Client;
  let keeperA: Client;
  let keeperB: Client;
  let branchA: string;
  let branchB: string;
  let mainA: string;
  let mainB: string;

  const balance = async (vaultId: string) =>
    Number((await t.ds.query('SELECT balance FROM vaults WHERE id = $1', [vaultId]))[0].balance);
  /** The vault's account balance in the books (Σ debit − credit of its lines). */
  const booked = async (vaultId: string) =>
    Number(
      (
        await t.ds.query(
          `SELECT COALESCE(sum(l.debit - l.credit), 0)::bigint AS b FROM journal_lines l
             JOIN vaults v ON v.account_id = l.account_id WHERE v.id = $1`,
          [vaultId],
        )
      )[0].b,
    );
  type Line = { account: string; debit: number; credit: number };
  const posted = async (sourceType: string, sourceId: string): Promise<Line[]> =>
    (
      await t.ds.query(
        `SELECT COALESCE(a.system_key, a.code) AS account, l.debit, l.credit
           FROM journal_lines l JOIN journal_entries e ON e.id = l.entry_id JOIN accounts a ON a.id = l.account_id
          WHERE e.source_type = $1 AND e.source_id = $2 ORDER BY e.created_at, l.line_no`,
        [sourceType, sourceId],
      )
    ).map((r: Record<string, string>) => ({
      account: r.account,
      debit: Number(r.debit),
      credit: Number(r.credit),
    }));
  const code = async (vaultId: string) =>
    (
      await t.ds.query(
        'SELECT a.code FROM vaults v JOIN accounts a ON a.id = v.account_id WHERE v.id = $1',
        [vaultId],
      )
    )[0].code as string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = new Client(t.app, 'en');
    await admin.signIn('admin');
    [{ id: branchA }] = await t.ds.query('SELECT id FROM branches ORDER BY created_at LIMIT 1');
    const created = await admin.post('/api/Branch', { name: `فرع الخزائن ${Date.now()}` });
    expect(created.status).toBe(201);
    branchB = created.body.id;
    const main = async (b: string) =>
      (await t.ds.query('SELECT id FROM vaults WHERE branch_id = $1 AND is_main', [b]))[0]
        .id as string;
    mainA = await main(branchA);
    mainB = await main(branchB);
    const keeper = async (branchId: string) => {
      const u = await createUserWith(t.ds, ['can_see_vault_totals'], { branchId });
      const c = new Client(t.app, 'en');
      await c.signIn(u.username, u.password);
      return c;
    };
    keeperA = await keeper(branchA);
    keeperB = await keeper(branchB);
  });
  afterAll(async () => {
    await t.close();
  });

  it('adds a bank account with its own account under 1120; balances only for the vault keeper', async () => {
    const res = await keeperA.post('/api/Vault', {
      name: 'بنك مصر - جاري',
      type: 'bank',
      branchId: branchA,
      accountNumber: '1234567890',
      bankName: 'بنك مصر',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      type: 'bank',
      isMain: false,
      balance: 0,
      accountCode: expect.stringMatching(/^1120\d{3}$/),
    });
    // another branch's vault: not in this keeper's write scope
    expect(
      (await keeperA.post('/api/Vault', { name: 'x', type: 'cash', branchId: branchB })).status,
    ).toBe(404);
    const plain = await createUserWith(t.ds, [], { branchId: branchA });
    const c = new Client(t.app, 'en');
    await c.signIn(plain.username, plain.password);
    const list = await c.get('/api/Vault');
    expect(list.status).toBe(200);
    expect(list.body.length).toBeGreaterThan(0);
    expect(list.body.every((v: { branchId: string }) => v.branchId === branchA)).toBe(true);
    expect(list.body.some((v: object) => 'balance' in v)).toBe(false);
    expect((await c.get(`/api/Vault/${mainA}/movements`)).status).toBe(403);
    expect(
      (await c.post('/api/Vault', { name: 'x', type: 'cash', branchId: branchA })).status,
    ).toBe(403);
    expect((await keeperA.get('/api/Vault')).body.every((v: object) => 'balance' in v)).toBe(true);
  });

  it('deposits, withdraws, takes capital and drawings, each posted to the vault account', async () => {
    const start = await balance(mainA);
    const capital = await keeperA.post('/api/MoneyTransactions', {
      type: 'capital_in',
      amount: 500_000,
      toVaultId: mainA,
      reason: 'زيادة رأس المال',
    });
    expect(capital.status).toBe(201);
    expect(capital.body).toMatchObject({
      status: 'confirmed',
      number: expect.stringMatching(/-MT-\d{6}$/),
    });
    const vaultCode = await code(mainA);
    expect(await posted('money_transaction', capital.body.id)).toEqual([
      { account: vaultCode, debit: 500_000, credit: 0 },
      { account: 'capital', debit: 0, credit: 500_000 },
    ]);
    const drawings = await keeperA.post('/api/MoneyTransactions', {
      type: 'drawings_out',
      amount: 20_000,
      fromVaultId: mainA,
      reason: 'مسحوبات شخصية',
    });
    expect(await posted('money_transaction', drawings.body.id)).toEqual([
      { account: 'drawings', debit: 20_000, credit: 0 },
      { account: vaultCode, debit: 0, credit: 20_000 },
    ]);
    const deposit = await keeperA.post('/api/MoneyTransactions', {
      type: 'deposit',
      amount: 1_000,
      toVaultId: mainA,
      reason: 'إيراد متنوع',
    });
    expect(await posted('money_transaction', deposit.body.id)).toEqual([
      { account: vaultCode, debit: 1_000, credit: 0 },
      { account: 'other_income', debit: 0, credit: 1_000 },
    ]);
    const withdrawal = await keeperA.post('/api/MoneyTransactions', {
      type: 'withdrawal',
      amount: 3_000,
      fromVaultId: mainA,
      reason: 'نثريات',
    });
    expect(await posted('money_transaction', withdrawal.body.id)).toEqual([
      { account: 'other_cash_payments', debit: 3_000, credit: 0 },
      { account: vaultCode, debit: 0, credit: 3_000 },
    ]);
    expect(await balance(mainA)).toBe(start + 478_000);
    expect(await booked(mainA)).toBe(await balance(mainA));

    // the movements with their running balance, newest first
    const moves = await keeperA.get(`/api/Vault/${mainA}/movements?pageSize=4`);
    expect(moves.status).toBe(200);
    expect(moves.body.map((m: { type: string; amount: number }) => [m.type, m.amount])).toEqual([
      ['withdrawal', -3_000],
      ['deposit', 1_000],
      ['drawings_out', -20_000],
      ['capital_in', 500_000],
    ]);
    expect(moves.body[0].balanceAfter).toBe(await balance(mainA));
    expect(moves.body[1].balanceAfter).toBe(moves.body[0].balanceAfter + 3_000);
  });

  it('refuses bad input and overdrafts with a localised 400 and writes nothing', async () => {
    const before = await t.ds.query('SELECT count(*)::int AS n FROM money_transactions');
    const bad = await keeperA.post('/api/MoneyTransactions', {
      type: 'withdrawal',
      amount: 0,
      reason: '',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('المبلغ مطلوب');
    expect(bad.body.message).toContain('السبب');
    const over = await keeperA.post('/api/MoneyTransactions', {
      type: 'withdrawal',
      amount: (await balance(mainA)) + 1,
      fromVaultId: mainA,
      reason: 'أكثر من الرصيد',
    });
    expect([over.status, over.body.code]).toEqual([400, 'VAULT_INSUFFICIENT']);
    const same = await keeperA.post('/api/MoneyTransactions', {
      type: 'transfer',
      amount: 1,
      fromVaultId: mainA,
      toVaultId: mainA,
      reason: 'x',
    });
    expect([same.status, same.body.code]).toEqual([400, 'MONEY_TRANSFER_SAME_VAULT']);
    // out of another branch's vault
    const foreign = await keeperB.post('/api/MoneyTransactions', {
      type: 'withdrawal',
      amount: 1,
      fromVaultId: mainA,
      reason: 'x',
    });
    expect([foreign.status, foreign.body.code]).toEqual([403, 'MONEY_VAULT_OUTSIDE_BRANCH']);
    expect(await t.ds.query('SELECT count(*)::int AS n FROM money_transactions')).toEqual(before);
  });

  it('sends a transfer to another branch through transit; the receiver confirms or rejects it once', async () => {
    const a0 = await balance(mainA);
    const b0 = await balance(mainB);
    const sent = await keeperA.post('/api/MoneyTransactions', {
      type: 'transfer',
      amount: 40_000,
      fromVaultId: mainA,
      toVaultId: mainB,
      reason: 'تغذية خزينة الفرع',
    });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ status: 'pending', toBranchId: branchB });
    expect([await balance(mainA), await balance(mainB)]).toEqual([a0 - 40_000, b0]);
    // only the receiving branch decides
    expect((await keeperA.post(`/api/MoneyTransactions/${sent.body.id}/confirm`)).status).toBe(404);
    const confirmed = await keeperB.post(`/api/MoneyTransactions/${sent.body.id}/confirm`);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.status).toBe('confirmed');
    expect([await balance(mainA), await balance(mainB)]).toEqual([a0 - 40_000, b0 + 40_000]);
    expect(await posted('money_transaction', sent.body.id)).toEqual([
      { account: 'cash_in_transit', debit: 40_000, credit: 0 },
      { account: await code(mainA), debit: 0, credit: 40_000 },
      { account: await code(mainB), debit: 40_000, credit: 0 },
      { account: 'cash_in_transit', debit: 0, credit: 40_000 },
      // received in branch B out of branch A's transit: each branch's part balanced on the
      // inter-branch current account (B owes A)
      { account: 'inter_branch', debit: 0, credit: 40_000 },
      { account: 'inter_branch', debit: 40_000, credit: 0 },
    ]);
    const counts = await t.ds.query('SELECT count(*)::int AS n FROM vault_movements');
    const again = await keeperB.post(`/api/MoneyTransactions/${sent.body.id}/reject`, {
      reason: 'متأخر',
    });
    expect([again.status, again.body.code]).toEqual([409, 'MONEY_TRANSFER_NOT_PENDING']);
    expect(await t.ds.query('SELECT count(*)::int AS n FROM vault_movements')).toEqual(counts);

    const back = await keeperA.post('/api/MoneyTransactions', {
      type: 'transfer',
      amount: 5_000,
      fromVaultId: mainA,
      toVaultId: mainB,
      reason: 'تحويل خاطئ',
    });
    const rejected = await keeperB.post(`/api/MoneyTransactions/${back.body.id}/reject`, {
      reason: 'لم يصل',
    });
    expect(rejected.body).toMatchObject({ status: 'rejected', rejectReason: 'لم يصل' });
    expect([await balance(mainA), await balance(mainB)]).toEqual([a0 - 40_000, b0 + 40_000]);
    for (const v of [mainA, mainB]) expect(await booked(v)).toBe(await balance(v));
    // what sits in transit is exactly the transfers still pending (the demo data leaves one)
    const [{ transit, pending }] = await t.ds.query(
      `SELECT (SELECT COALESCE(sum(l.debit - l.credit), 0) FROM journal_lines l
                 JOIN accounts a ON a.id = l.account_id WHERE a.system_key = 'cash_in_transit') AS transit,
              (SELECT COALESCE(sum(amount), 0) FROM money_transactions WHERE status = 'pending') AS pending`,
    );
    expect(Number(transit)).toBe(Number(pending));
  });

  it("moves a closed shift's cash beyond its float into the main vault (Dr vault / Cr drawers)", async () => {
    const cashierUser = await createUserWith(t.ds, [], { branchId: branchA });
    const c = new Client(t.app, 'en');
    await c.signIn(cashierUser.username, cashierUser.password);
    const register = await freeRegister(t.ds, branchA, 60);
    const opened = await c.post('/api/Shift/open', { openingCash: 10_000, register });
    expect(opened.status).toBe(201);
    const v0 = await balance(mainA);
    const closed = await c.post(`/api/Shift/${opened.body.id}/close`, { countedCash: 12_500 });
    expect(closed.status).toBe(201);
    expect(await balance(mainA)).toBe(v0 + 2_500);
    expect(await posted('shift_deposit', opened.body.id)).toEqual([
      { account: await code(mainA), debit: 2_500, credit: 0 },
      { account: 'cash', debit: 0, credit: 2_500 },
    ]);
    // the over/short stays the shift's own posting
    expect(await posted('shift', opened.body.id)).toEqual([
      { account: 'cash', debit: 2_500, credit: 0 },
      { account: 'cash_over_short', debit: 0, credit: 2_500 },
    ]);
    expect(await booked(mainA)).toBe(await balance(mainA));
  });

  it('settles card receipts into a bank vault, never more than the unsettled receipts', async () => {
    const bank = await keeperA.post('/api/Vault', {
      name: `بنك التسويات ${randomUUID().slice(0, 6)}`,
      type: 'bank',
      branchId: branchA,
    });
    const [card] = await t.ds.query(`SELECT id FROM payment_methods WHERE type = 'card' LIMIT 1`);
    const [{ available }] = await t.ds.query(
      `SELECT COALESCE(sum(l.debit - l.credit), 0)::bigint AS available FROM journal_lines l
         JOIN accounts a ON a.id = l.account_id WHERE a.system_key = 'card_clearing' AND l.branch_id = $1`,
      [branchA],
    );
    const tooMuch = await keeperA.post('/api/MoneyTransactions', {
      type: 'settlement',
      amount: Number(available) + 1,
      toVaultId: bank.body.id,
      paymentMethodId: card.id,
      reason: 'تسوية',
    });
    expect([tooMuch.status, tooMuch.body.code]).toEqual([400, 'SETTLEMENT_EXCEEDS']);
    const intoCash = await keeperA.post('/api/MoneyTransactions', {
      type: 'settlement',
      amount: 1,
      toVaultId: mainA,
      paymentMethodId: card.id,
      reason: 'تسوية',
    });
    expect([intoCash.status, intoCash.body.code]).toEqual([400, 'SETTLEMENT_NOT_BANK']);
    if (Number(available) > 0) {
      const ok = await keeperA.post('/api/MoneyTransactions', {
        type: 'settlement',
        amount: Number(available),
        toVaultId: bank.body.id,
        paymentMethodId: card.id,
        reason: 'تسوية البطاقات',
      });
      expect(ok.status).toBe(201);
      expect(await balance(bank.body.id)).toBe(Number(available));
    }
    // a payment method keeps the bank account its receipts settle into
    const patched = await admin.patch(`/api/PaymentMethods/${card.id}`, {
      settlementVaultId: bank.body.id,
    });
    expect(patched.status).toBe(200);
    expect(patched.body.settlementVaultId).toBe(bank.body.id);
    const cashVault = await admin.patch(`/api/PaymentMethods/${card.id}`, {
      settlementVaultId: mainA,
    });
    expect([cashVault.status, cashVault.body.code]).toEqual([400, 'SETTLEMENT_NOT_BANK']);
  });

  it('refuses a manual journal entry on a vault account (JOURNAL_CONTROL_ACCOUNT)', async () => {
    const [{ account_id: vaultAccount }] = await t.ds.query(
      'SELECT account_id FROM vaults WHERE id = $1',
      [mainA],
    );
    const [{ id: other }] = await t.ds.query(
      `SELECT id FROM accounts WHERE system_key = 'other_income'`,
    );
    const [{ today }] = await t.ds.query(`SELECT to_char(now(), 'YYYY-MM-DD') AS today`);
    const res = await admin.post('/api/JournalEntries', {
      id: randomUUID(),
      date: today,
      lines: [
        { accountId: vaultAccount, debit: 100 },
        { accountId: other, credit: 100 },
      ],
    });
    expect([res.status, res.body.code]).toEqual([400, 'JOURNAL_CONTROL_ACCOUNT']);
  });
});
