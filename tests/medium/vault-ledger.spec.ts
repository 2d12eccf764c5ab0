import { formatPiasters } from '@pos/contracts';
import { branchMainVault } from '../../server/src/modules/cash';
import { Client, createTestApp, type TestApp } from './support/app';
import { ownerMoney } from './support/money';

// The vault foundation shared by purchasing and cash: every branch has a main cash vault with its
// own account in the chart; a vault's balance moves only with a movement row and never below zero
// unless the vault allows it, even under concurrent withdrawals.
describe('vault ledger', () => {
  let t: TestApp;
  let admin: Client;

  beforeAll(async () => {
    t = await createTestApp();
    admin = new Client(t.app);
    await admin.signIn('admin');
  });
  afterAll(async () => {
    await t.close();
  });

  const vaultOf = async (branchId: string) =>
    (
      await t.ds.query(
        `SELECT v.id, v.balance, v.is_main, a.code, p.system_key AS parent
           FROM vaults v JOIN accounts a ON a.id = v.account_id JOIN accounts p ON p.id = a.parent_id
          WHERE v.branch_id = $1`,
        [branchId],
      )
    ).map((r: Record<string, unknown>) => ({ ...r, balance: Number(r.balance) }));

  it('gives every branch, old and new, a main cash vault with its own account under 1110', async () => {
    const branches: { id: string }[] = await t.ds.query('SELECT id FROM branches');
    for (const b of branches) {
      const vaults = await vaultOf(b.id);
      expect(vaults.filter((v: { is_main: boolean }) => v.is_main)).toHaveLength(1);
      expect(vaults[0]).toMatchObject({
        parent: 'vaults',
        code: expect.stringMatching(/^1110\d{3}$/),
      });
    }
    const created = await admin.post('/api/Branch', { name: 'فرع الخزينة' });
    expect(created.status).toBe(201);
    expect(await vaultOf(created.body.id)).toEqual([
      expect.objectContaining({ is_main: true, balance: 0, parent: 'vaults' }),
    ]);
    // the main vault is found, not created twice
    const again = await t.ds.transaction((m) => branchMainVault(m, created.body.id));
    expect(again.id).toBe((await vaultOf(created.body.id))[0].id);
    // a branch whose vault never moved can still be deleted, with its vault and empty account
    const [{ account_id: accountId }] = await t.ds.query(
      'SELECT account_id FROM vaults WHERE branch_id = $1',
      [created.body.id],
    );
    expect((await admin.delete(`/api/Branch/${created.body.id}`)).status).toBe(204);
    expect(await t.ds.query('SELECT 1 FROM accounts WHERE id = $1', [accountId])).toEqual([]);
  });

  it('refuses an overdraft with the available amount and writes nothing', async () => {
    const [{ id: branchId }] = await t.ds.query(
      'SELECT id FROM branches ORDER BY created_at LIMIT 1',
    );
    const vault = await t.ds.transaction((m) => branchMainVault(m, branchId));
    await ownerMoney(t, vault.id, 10_000);
    // the demo data may have put money in this vault already: one piaster more than it holds
    const [{ balance }] = await t.ds.query('SELECT balance FROM vaults WHERE id = $1', [vault.id]);
    const before = await t.ds.query('SELECT count(*)::int AS n FROM vault_movements');
    await expect(ownerMoney(t, vault.id, -(Number(balance) + 1))).rejects.toMatchObject({
      code: 'VAULT_INSUFFICIENT',
      params: { available: formatPiasters(Number(balance)) },
    });
    expect(await t.ds.query('SELECT count(*)::int AS n FROM vault_movements')).toEqual(before);
    // the movements can never be changed
    await expect(t.ds.query('UPDATE vault_movements SET amount = 1')).rejects.toThrow(
      /never changed/,
    );
  });

  it('lets 32 concurrent withdrawals take exactly what the vault holds', async () => {
    const [{ id: branchId }] = await t.ds.query(
      'SELECT id FROM branches ORDER BY created_at LIMIT 1',
    );
    const vault = await t.ds.transaction((m) => branchMainVault(m, branchId));
    const [{ balance }] = await t.ds.query('SELECT balance FROM vaults WHERE id = $1', [vault.id]);
    // top up so that exactly 10 withdrawals of 1,000 fit
    const topUp = 10_000 - Number(balance);
    if (topUp !== 0) await ownerMoney(t, vault.id, topUp);
    const results = await Promise.allSettled(
      Array.from({ length: 32 }, () => ownerMoney(t, vault.id, -1_000)),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    const [after] = await t.ds.query(
      `SELECT v.balance, (SELECT sum(amount) FROM vault_movements WHERE vault_id = v.id) AS moved
         FROM vaults v WHERE v.id = $1`,
      [vault.id],
    );
    expect(Number(after.balance)).toBe(0);
    expect(Number(after.moved)).toBe(0);
  });
});
