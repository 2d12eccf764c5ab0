import type { MoneyTransactionCreateDto } from '@pos/contracts';
import {
  errorCode,
  fakeManager,
  fakeRunner,
  type QueryStub,
  testMeta,
  testUser,
} from '../../../../core/cqrs/testing';
import { RecordMoneyTransactionCommand } from './record-money-transaction.command';
import { RecordMoneyTransactionHandler } from './record-money-transaction.handler';

const vault = (id: string, over: Record<string, unknown> = {}) => ({
  id,
  name: `vault ${id}`,
  type: 'cash',
  branch_id: 'b-1',
  balance: '100000',
  allow_negative: false,
  active: true,
  account_id: `acc-${id}`,
  ...over,
});

function setup(vaults: Record<string, Record<string, unknown>>, more: QueryStub[] = []) {
  const m = fakeManager([
    ...more,
    [/FROM vaults WHERE id = \$1 FOR UPDATE/, (p) => [vaults[p[0] as string]]],
    [
      /UPDATE vaults SET balance/,
      (p) => {
        const v = vaults[p[0] as string];
        const balance = Number(v.balance) + (p[1] as number);
        return balance < 0 ? [[], 0] : [[{ ...v, balance: String(balance) }], 1];
      },
    ],
    [/SELECT code FROM branches/, [{ code: 'B01' }]],
    [/INSERT INTO document_sequences/, [{ last: '7' }]],
  ]);
  return { m, runner: fakeRunner(m) };
}
const keeper = testUser({ branchId: 'b-1', permissions: ['can_see_vault_totals'] });
const run = (
  runner: ReturnType<typeof setup>['runner'],
  dto: Partial<MoneyTransactionCreateDto>,
  user = keeper,
) =>
  new RecordMoneyTransactionHandler(runner).execute(
    new RecordMoneyTransactionCommand(
      { reason: ' سبب ', amount: 5000, ...dto } as MoneyTransactionCreateDto,
      user,
      testMeta,
    ),
  );

describe('RecordMoneyTransactionHandler', () => {
  it('withdraws: the vault moves, a numbered row, an audit row and the posted event', async () => {
    const { m, runner } = setup({ 'v-1': vault('v-1') });
    await run(runner, { type: 'withdrawal', fromVaultId: 'v-1' });
    const insert = m.calls.find((c) => /INSERT INTO money_transactions/.test(c.sql))!;
    expect(insert.params.slice(1, 5)).toEqual(['B01-MT-000007', 'withdrawal', 'confirmed', 5000]);
    expect(m.calls.find((c) => /INSERT INTO vault_movements/.test(c.sql))!.params[3]).toBe(-5000);
    expect(runner.tx!.audits[0]).toMatchObject({ action: 'money.withdrawal' });
    expect(runner.tx!.raised[0]).toMatchObject({
      type: 'money.transaction.posted',
      payload: { phase: 'complete', fromAccountId: 'acc-v-1', toAccountId: null, reason: 'سبب' },
    });
  });

  it('sends a transfer to another branch into transit (pending) with a live push to both ends', async () => {
    const { m, runner } = setup({
      'v-1': vault('v-1'),
      'v-2': vault('v-2', { branch_id: 'b-2' }),
    });
    await run(runner, { type: 'transfer', fromVaultId: 'v-1', toVaultId: 'v-2' });
    const moves = m.calls.filter((c) => /INSERT INTO vault_movements/.test(c.sql));
    expect(moves).toHaveLength(1);
    expect(runner.tx!.raised[0].payload).toMatchObject({ phase: 'sent', toBranchId: 'b-2' });
    expect(runner.tx!.events[0]).toMatchObject({
      type: 'money.transfer',
      payload: { status: 'pending', fromBranchId: 'b-1', toBranchId: 'b-2' },
    });
  });

  it('locks the vaults in id order', async () => {
    const { m, runner } = setup({ 'v-1': vault('v-1'), 'v-2': vault('v-2') });
    await run(runner, { type: 'transfer', fromVaultId: 'v-2', toVaultId: 'v-1' });
    const locks = m.calls.filter((c) => /FOR UPDATE/.test(c.sql) && /vaults/.test(c.sql));
    expect(locks.map((c) => c.params[0])).toEqual(['v-1', 'v-2']);
  });

  it('refuses the same vault, an overdraft, an inactive vault and another branch', async () => {
    expect(
      await errorCode(
        run(setup({ 'v-1': vault('v-1') }).runner, {
          type: 'transfer',
          fromVaultId: 'v-1',
          toVaultId: 'v-1',
        }),
      ),
    ).toBe('MONEY_TRANSFER_SAME_VAULT');
    expect(
      await errorCode(
        run(setup({ 'v-1': vault('v-1') }).runner, {
          type: 'withdrawal',
          fromVaultId: 'v-1',
          amount: 100001,
        }),
      ),
    ).toBe('VAULT_INSUFFICIENT');
    expect(
      await errorCode(
        run(setup({ 'v-1': vault('v-1', { active: false }) }).runner, {
          type: 'deposit',
          toVaultId: 'v-1',
        }),
      ),
    ).toBe('VAULT_INACTIVE');
    expect(
      await errorCode(
        run(setup({ 'v-1': vault('v-1', { branch_id: 'b-9' }) }).runner, {
          type: 'withdrawal',
          fromVaultId: 'v-1',
        }),
      ),
    ).toBe('MONEY_VAULT_OUTSIDE_BRANCH');
  });

  it('settles only card or wallet receipts, into a bank vault, up to what is unsettled', async () => {
    const bank = { 'v-1': vault('v-1', { type: 'bank' }) };
    const method = (type: string, available: string): QueryStub[] => [
      [/FROM payment_methods WHERE id/, [{ type }]],
      [/FROM accounts WHERE system_key = \$1 FOR NO KEY UPDATE/, [{ id: 'acc-card' }]],
      [/AS available FROM journal_lines/, [{ available }]],
    ];
    const dto = { type: 'settlement' as const, toVaultId: 'v-1', paymentMethodId: 'pm-1' };
    expect(await errorCode(run(setup(bank, method('cash', '9000')).runner, dto))).toBe(
      'SETTLEMENT_METHOD_INVALID',
    );
    expect(
      await errorCode(run(setup({ 'v-1': vault('v-1') }, method('card', '9000')).runner, dto)),
    ).toBe('SETTLEMENT_NOT_BANK');
    expect(await errorCode(run(setup(bank, method('card', '4999')).runner, dto))).toBe(
      'SETTLEMENT_EXCEEDS',
    );
    const ok = setup(bank, method('wallet', '5000'));
    await run(ok.runner, dto);
    expect(ok.runner.tx!.raised[0].payload).toMatchObject({ methodType: 'wallet' });
  });

  it('answers a retry with the same id without writing again', async () => {
    const { m, runner } = setup({ 'v-1': vault('v-1') }, [
      [/SELECT id FROM money_transactions WHERE id/, [{ id: 'mt-1' }]],
    ]);
    expect(await run(runner, { id: 'mt-1', type: 'deposit', toVaultId: 'v-1' })).toEqual({
      id: 'mt-1',
      created: false,
    });
    expect(m.calls.some((c) => /INSERT/.test(c.sql))).toBe(false);
  });
});
