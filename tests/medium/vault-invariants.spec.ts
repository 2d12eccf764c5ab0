import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import { Client, createTestApp, createUserWith, freeRegister, type TestApp } from './support/app';

// Issue 15 acceptance: after any sequence of money commands (deposits, withdrawals, transfers
// within and across branches with the receiver confirming or rejecting, owner's capital and
// drawings, shift closes, customer payments into a vault) every vault's balance equals Σ of its movements, its last movement's
// balance after, and its own account's balance in the books; no vault is below zero unless it
// allows it; the cash in transit equals the transfers still pending. And 32 concurrent
// withdrawals through the API cannot overdraw one vault.

const SEED = Number(process.env.FC_SEED ?? 20261125);
const RUNS = Number(process.env.FC_RUNS ?? 25);
const OPS = Number(process.env.FC_OPS ?? 24);

type Answer = { status: number; body: { code?: string; id?: string; status?: string } };

describe('vault invariants under random money commands', () => {
  let t: TestApp;
  let keepers: Client[];
  /** per branch: may collect a customer's payment into a vault of that branch */
  let collectors: Client[];
  let customerId: string;
  let cashier: Client;
  let branches: string[];
  let vaults: { id: string; branch: number }[];
  let shiftId: string;
  let register: number;
  const pending: { id: string; to: number }[] = [];
  const tally: Record<string, Record<string, number>> = {};

  /** 2xx, or one of the allowed refusals (counted); anything else fails the property. */
  const answered = (op: string, res: Answer, allowed: string[] = []): boolean => {
    const entry = (tally[op] ??= {});
    const key = res.status < 300 ? 'ok' : String(res.body?.code ?? res.status);
    if (res.status >= 300 && !(res.status < 500 && allowed.includes(key)))
      throw new Error(`${op}: unexpected ${res.status} ${JSON.stringify(res.body)}`);
    entry[key] = (entry[key] ?? 0) + 1;
    return res.status < 300;
  };

  const INVARIANTS = `
    SELECT v.id, v.balance, COALESCE(mv.total, 0) AS movements, mv.last AS last_after,
           COALESCE(bk.total, 0) AS booked, v.allow_negative
      FROM vaults v
      LEFT JOIN LATERAL (SELECT sum(m.amount) AS total,
               (SELECT m2.balance_after FROM vault_movements m2 WHERE m2.vault_id = v.id ORDER BY m2.at DESC, m2.id DESC LIMIT 1) AS last
             FROM vault_movements m WHERE m.vault_id = v.id) mv ON true
      LEFT JOIN LATERAL (SELECT sum(l.debit - l.credit) AS total FROM journal_lines l WHERE l.account_id = v.account_id) bk ON true
     WHERE v.balance <> COALESCE(mv.total, 0) OR v.balance <> COALESCE(bk.total, 0)
        OR (mv.last IS NOT NULL AND mv.last <> v.balance) OR (NOT v.allow_negative AND v.balance < 0)`;
  const TRANSIT = `
    SELECT (SELECT COALESCE(sum(l.debit - l.credit), 0) FROM journal_lines l
              JOIN accounts a ON a.id = l.account_id WHERE a.system_key = 'cash_in_transit') AS booked,
           (SELECT COALESCE(sum(amount), 0) FROM money_transactions WHERE status = 'pending') AS pending`;

  const check = async () => {
    expect(await t.ds.query(INVARIANTS)).toEqual([]);
    const [{ booked, pending: open }] = await t.ds.query(TRANSIT);
    expect(Number(booked)).toBe(Number(open));
    // The customer's balance is its ledger and its lines on the customers account.
    const [c] = await t.ds.query(
      `SELECT c.balance, (SELECT COALESCE(sum(amount), 0) FROM customer_ledger WHERE customer_id = c.id) AS ledger,
              (SELECT COALESCE(sum(debit - credit), 0) FROM journal_lines WHERE party_id = c.id) AS booked
         FROM customers c WHERE c.id = $1`,
      [customerId],
    );
    expect([Number(c.ledger), Number(c.booked)]).toEqual([Number(c.balance), Number(c.balance)]);
  };

  beforeAll(async () => {
    t = await createTestApp();
    const admin = new Client(t.app);
    await admin.signIn('admin');
    const [{ id: first }] = await t.ds.query('SELECT id FROM branches ORDER BY created_at LIMIT 1');
    const second = await admin.post('/api/Branch', { name: `فرع الخاصية ${Date.now()}` });
    expect(second.status).toBe(201);
    branches = [first, second.body.id];
    keepers = [];
    for (const branchId of branches) {
      const u = await createUserWith(t.ds, ['can_see_vault_totals'], { branchId });
      const c = new Client(t.app);
      await c.signIn(u.username, u.password);
      keepers.push(c);
    }
    // per branch: the main vault and a bank account; the second bank account may go negative
    vaults = [];
    for (const [i, branchId] of branches.entries()) {
      const [{ id }] = await t.ds.query('SELECT id FROM vaults WHERE branch_id = $1 AND is_main', [
        branchId,
      ]);
      vaults.push({ id, branch: i });
      const bank = await keepers[i].post('/api/Vault', {
        name: `بنك الخاصية ${i} ${Date.now()}`,
        type: 'bank',
        branchId,
        allowNegative: i === 1,
      });
      expect(bank.status).toBe(201);
      vaults.push({ id: bank.body.id, branch: i });
    }
    collectors = [];
    for (const branchId of branches) {
      // collecting beyond what the customer owes is an advance (issue 30 item 13)
      const u = await createUserWith(
        t.ds,
        ['can_see_customers', 'can_see_totals', 'can_take_advance'],
        { branchId },
      );
      const c = new Client(t.app);
      await c.signIn(u.username, u.password);
      collectors.push(c);
    }
    const customer = await admin.post('/api/Customers', { name: `عميل الخاصية ${Date.now()}` });
    expect(customer.status).toBe(201);
    customerId = customer.body.id;
    const u = await createUserWith(t.ds, [], { branchId: first });
    cashier = new Client(t.app);
    await cashier.signIn(u.username, u.password);
    register = await freeRegister(t.ds, first, 90);
    const opened = await cashier.post('/api/Shift/open', { openingCash: 5_000, register });
    expect(opened.status).toBe(201);
    shiftId = opened.body.id;
    await check();
  }, 120_000);
  afterAll(async () => {
    console.log('vault property tally', JSON.stringify(tally));
    await t.close();
  });

  const amount = fc.integer({ min: 1, max: 300_000 });
  const vault = fc.nat(3);
  type Op = { name: string; run: () => Promise<void> };
  const post = (i: number, body: object) =>
    keepers[i].post('/api/MoneyTransactions', body) as unknown as Promise<Answer>;

  const ops: fc.Arbitrary<Op>[] = [
    fc.tuple(vault, amount).map(([v, a]) => ({
      name: 'deposit',
      run: async () => {
        answered(
          'deposit',
          await post(vaults[v].branch, {
            type: 'deposit',
            amount: a,
            toVaultId: vaults[v].id,
            reason: 'إيداع',
          }),
        );
      },
    })),
    fc.tuple(vault, amount).map(([v, a]) => ({
      name: 'capital',
      run: async () => {
        answered(
          'capital',
          await post(vaults[v].branch, {
            type: 'capital_in',
            amount: a,
            toVaultId: vaults[v].id,
            reason: 'رأس مال',
          }),
        );
      },
    })),
    fc.tuple(vault, amount).map(([v, a]) => ({
      name: 'withdrawal',
      run: async () => {
        answered(
          'withdrawal',
          await post(vaults[v].branch, {
            type: 'withdrawal',
            amount: a,
            fromVaultId: vaults[v].id,
            reason: 'سحب',
          }),
          ['VAULT_INSUFFICIENT'],
        );
      },
    })),
    fc.tuple(vault, amount).map(([v, a]) => ({
      name: 'drawings',
      run: async () => {
        answered(
          'drawings',
          await post(vaults[v].branch, {
            type: 'drawings_out',
            amount: a,
            fromVaultId: vaults[v].id,
            reason: 'مسحوبات',
          }),
          ['VAULT_INSUFFICIENT'],
        );
      },
    })),
    fc.tuple(vault, vault, amount).map(([f, to, a]) => ({
      name: 'transfer',
      run: async () => {
        const res = await post(vaults[f].branch, {
          type: 'transfer',
          amount: a,
          fromVaultId: vaults[f].id,
          toVaultId: vaults[to].id,
          reason: 'تحويل',
        });
        if (
          answered('transfer', res, ['VAULT_INSUFFICIENT', 'MONEY_TRANSFER_SAME_VAULT']) &&
          res.body.status === 'pending'
        )
          pending.push({ id: res.body.id!, to: vaults[to].branch });
      },
    })),
    fc.tuple(fc.nat(), fc.boolean()).map(([n, confirm]) => ({
      name: 'decide',
      run: async () => {
        if (!pending.length) return;
        const [p] = pending.splice(n % pending.length, 1);
        const res = (await (confirm
          ? keepers[p.to].post(`/api/MoneyTransactions/${p.id}/confirm`)
          : keepers[p.to].post(`/api/MoneyTransactions/${p.id}/reject`, {
              reason: 'رفض',
            }))) as unknown as Answer;
        // a rejected transfer goes back into its vault, which may then refuse nothing: always ok
        answered(confirm ? 'confirm' : 'reject', res);
        // deciding twice is refused
        const again = (await keepers[p.to].post(
          `/api/MoneyTransactions/${p.id}/confirm`,
        )) as unknown as Answer;
        expect([again.status, again.body.code]).toEqual([409, 'MONEY_TRANSFER_NOT_PENDING']);
      },
    })),
    fc.tuple(fc.nat(1), vault, amount).map(([b, v, a]) => ({
      name: 'collect',
      run: async () => {
        const res = (await collectors[b].post(`/api/Customers/${customerId}/payments`, {
          id: randomUUID(),
          amount: a,
          vaultId: vaults[v].id,
          advance: true,
        })) as unknown as Answer;
        // only into a vault of the collector's own branch
        expect(answered('collect', res, ['CUSTOMER_PAYMENT_VAULT'])).toBe(vaults[v].branch === b);
      },
    })),
    fc
      .tuple(fc.integer({ min: 0, max: 200_000 }), fc.integer({ min: 0, max: 20_000 }))
      .map(([counted, opening]) => ({
        name: 'shift',
        run: async () => {
          answered(
            'shift.close',
            (await cashier.post(`/api/Shift/${shiftId}/close`, {
              countedCash: counted,
            })) as unknown as Answer,
          );
          const opened = await cashier.post('/api/Shift/open', { openingCash: opening, register });
          answered('shift.open', opened as unknown as Answer);
          shiftId = opened.body.id;
        },
      })),
  ];

  it('keeps every vault equal to its movements and its account, never below zero unless allowed', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.oneof(...ops), { minLength: 1, maxLength: OPS }),
        async (steps) => {
          for (const step of steps) await step.run();
          await check();
        },
      ),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
    expect(tally.withdrawal?.ok ?? 0).toBeGreaterThan(0);
    expect(tally.confirm?.ok ?? 0).toBeGreaterThan(0);
    expect(tally.reject?.ok ?? 0).toBeGreaterThan(0);
    expect(tally.collect?.ok ?? 0).toBeGreaterThan(0);
    expect(tally.collect?.CUSTOMER_PAYMENT_VAULT ?? 0).toBeGreaterThan(0);
  }, 300_000);

  it('lets 32 concurrent withdrawals through the API take exactly what one vault holds', async () => {
    const bank = await keepers[0].post('/api/Vault', {
      name: `بنك التزاحم ${Date.now()}`,
      type: 'bank',
      branchId: branches[0],
    });
    const id = bank.body.id as string;
    expect(
      (
        await keepers[0].post('/api/MoneyTransactions', {
          type: 'deposit',
          amount: 20_000,
          toVaultId: id,
          reason: 'رصيد',
        })
      ).status,
    ).toBe(201);
    const results = await Promise.all(
      Array.from({ length: 32 }, () =>
        keepers[0].post('/api/MoneyTransactions', {
          type: 'withdrawal',
          amount: 1_000,
          fromVaultId: id,
          reason: 'سحب متزامن',
        }),
      ),
    );
    const codes = results.map((r) => (r.status < 300 ? 'ok' : `${r.status} ${r.body.code}`));
    expect(codes.filter((c) => c === 'ok')).toHaveLength(20);
    expect(codes.filter((c) => c !== 'ok')).toEqual(Array(12).fill('400 VAULT_INSUFFICIENT'));
    const [{ balance }] = await t.ds.query('SELECT balance FROM vaults WHERE id = $1', [id]);
    expect(Number(balance)).toBe(0);
    await check();
  }, 120_000);
});
