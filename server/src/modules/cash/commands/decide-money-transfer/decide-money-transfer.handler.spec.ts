import {
  errorCode,
  fakeManager,
  fakeRunner,
  testMeta,
  testUser,
} from '../../../../core/cqrs/testing';
import { DecideMoneyTransferCommand } from './decide-money-transfer.command';
import { DecideMoneyTransferHandler } from './decide-money-transfer.handler';

const vault = (id: string, branch: string) => ({
  id,
  name: id,
  type: 'cash',
  branch_id: branch,
  balance: '1000',
  allow_negative: false,
  active: true,
  account_id: `acc-${id}`,
});
const vaults: Record<string, ReturnType<typeof vault>> = {
  'v-1': vault('v-1', 'b-1'),
  'v-2': vault('v-2', 'b-2'),
};
function setup(status = 'pending') {
  const m = fakeManager([
    [
      /FROM money_transactions WHERE id = \$1 FOR UPDATE/,
      [
        {
          id: 'mt-1',
          number: 'B01-MT-000001',
          type: 'transfer',
          status,
          amount: '700',
          from_vault_id: 'v-1',
          to_vault_id: 'v-2',
          branch_id: 'b-1',
          to_branch_id: 'b-2',
        },
      ],
    ],
    [/FROM vaults WHERE id = \$1 FOR UPDATE/, (p) => [vaults[p[0] as string]]],
    [
      /UPDATE vaults SET balance/,
      (p) => [[{ ...vaults[p[0] as string], balance: String(1000 + (p[1] as number)) }], 1],
    ],
  ]);
  return { m, runner: fakeRunner(m) };
}
const receiver = testUser({ branchId: 'b-2', permissions: ['can_see_vault_totals'] });
const sender = testUser({ branchId: 'b-1', permissions: ['can_see_vault_totals'] });
const decide = (r: ReturnType<typeof setup>['runner'], d: 'confirm' | 'reject', user = receiver) =>
  new DecideMoneyTransferHandler(r).execute(
    new DecideMoneyTransferCommand('mt-1', d, d === 'reject' ? 'لم يصل' : null, user, testMeta),
  );

describe('DecideMoneyTransferHandler', () => {
  it('confirms into the receiving vault from transit, with the event and the live push', async () => {
    const { m, runner } = setup();
    await decide(runner, 'confirm');
    const move = m.calls.find((c) => /INSERT INTO vault_movements/.test(c.sql))!;
    expect(move.params.slice(1, 4)).toEqual(['v-2', 'transfer_in', 700]);
    expect(runner.tx!.raised[0].payload).toMatchObject({
      phase: 'received',
      fromAccountId: 'acc-v-1',
      toAccountId: 'acc-v-2',
    });
    expect(runner.tx!.events[0]).toMatchObject({
      type: 'money.transfer',
      payload: { status: 'confirmed' },
    });
  });

  it('rejects back into the sending vault with the reason', async () => {
    const { m, runner } = setup();
    await decide(runner, 'reject');
    const move = m.calls.find((c) => /INSERT INTO vault_movements/.test(c.sql))!;
    expect(move.params.slice(1, 4)).toEqual(['v-1', 'transfer_returned', 700]);
    expect(m.calls.find((c) => /UPDATE money_transactions/.test(c.sql))!.params).toEqual([
      'mt-1',
      'rejected',
      'لم يصل',
      'u-1',
    ]);
    expect(runner.tx!.raised[0].payload).toMatchObject({ phase: 'returned' });
  });

  it('is the receiving branch’s step, once', async () => {
    expect(await errorCode(decide(setup().runner, 'confirm', sender))).toBe('NOT_FOUND');
    const { m, runner } = setup('confirmed');
    expect(await errorCode(decide(runner, 'reject'))).toBe('MONEY_TRANSFER_NOT_PENDING');
    expect(m.calls.some((c) => /^\s*(INSERT|UPDATE)/.test(c.sql))).toBe(false);
  });
});
