import {
  errorCode,
  fakeManager,
  fakeRunner,
  testMeta,
  testUser,
} from '../../../../core/cqrs/testing';
import { vaultRow } from '../../../../core/cqrs/spec-rows';
import { SettleDriverCommand } from './settle-driver.command';
import { SettleDriverHandler } from './settle-driver.handler';

const vault = (branch = 'b-1') =>
  vaultRow({ id: 'vault-1', branch_id: branch, account_id: 'acc-vault' });
const run = (orders: { id: string; collected: string }[], branch = 'b-1') => {
  const m = fakeManager([
    [/FROM delivery_settlements WHERE id/, []],
    [/SELECT 1 FROM vaults/, [{ '?column?': 1 }]],
    [/FROM vaults WHERE id = \$1 FOR UPDATE/, [vault(branch)]],
    [/UPDATE vaults SET balance/, [[vault(branch)]]],
    [/FROM delivery_orders/, orders],
    [/FROM branches/, [{ code: 'B01' }]],
    [/document_sequences/, [{ last: 1 }]],
  ]);
  const runner = fakeRunner(m);
  const result = new SettleDriverHandler(runner).execute(
    new SettleDriverCommand(
      { id: 'st-1', driverId: 'drv-1', vaultId: 'vault-1' },
      testUser(),
      testMeta,
    ),
  );
  return { m, runner, result };
};

describe('SettleDriverHandler', () => {
  it("puts the sum of the driver's unsettled cash into the vault and raises delivery.settled", async () => {
    const { m, runner, result } = run([
      { id: 'd-1', collected: '7500' },
      { id: 'd-2', collected: '2000' },
    ]);
    expect(await result).toEqual({ id: 'st-1', amount: 9500, orders: 2, created: true });
    expect(m.calls.find((c) => /UPDATE vaults SET balance/.test(c.sql))?.params).toEqual([
      'vault-1',
      9500,
    ]);
    expect(
      m.calls.find((c) => /UPDATE delivery_orders SET settlement_id/.test(c.sql))?.params,
    ).toEqual([['d-1', 'd-2'], 'st-1']);
    expect(runner.tx!.raised[0]).toMatchObject({
      type: 'delivery.settled',
      payload: { amount: 9500, vaultAccountId: 'acc-vault', driverId: 'drv-1' },
    });
  });

  it('refuses when nothing is owed, and a vault of another branch', async () => {
    const none = run([]);
    expect(await errorCode(none.result)).toBe('DELIVERY_NOTHING_TO_SETTLE');
    expect(none.m.calls.some((c) => /INSERT|UPDATE vaults/.test(c.sql))).toBe(false);
    expect(await errorCode(run([{ id: 'd-1', collected: '10' }], 'b-2').result)).toBe('FORBIDDEN');
  });
});
