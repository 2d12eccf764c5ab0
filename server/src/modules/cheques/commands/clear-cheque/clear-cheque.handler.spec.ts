import { errorCode, fakeRunner, testMeta, testUser } from '../../../../core/cqrs/testing';
import { chequeRow, stepManager, subscribers } from '../step.spec-fixture';
import { ClearChequeCommand } from './clear-cheque.command';
import { ClearChequeHandler } from './clear-cheque.handler';

const clear = (m: ReturnType<typeof stepManager>, vaultId?: string) => {
  const runner = fakeRunner(m, subscribers());
  return {
    runner,
    result: new ClearChequeHandler(runner).execute(
      new ClearChequeCommand('ch-1', { vaultId }, testUser(), testMeta),
    ),
  };
};

describe('ClearChequeHandler', () => {
  it("moves a deposited cheque's money into the vault it was deposited into", async () => {
    const m = stepManager(chequeRow({ status: 'deposited', vault_id: 'bank-1' }));
    const { runner, result } = clear(m, 'another-vault');
    expect(await result).toEqual({ id: 'ch-1', status: 'cleared' });
    const moved = m.calls.find((c) => /UPDATE vaults SET balance/.test(c.sql));
    expect(moved?.params).toEqual(['bank-1', 5000]);
    const movement = m.calls.find((c) => /INSERT INTO vault_movements/.test(c.sql));
    expect(movement?.params).toEqual(
      expect.arrayContaining(['bank-1', 'cheque_in', 5000, 'cheque', 'ch-1', '1001']),
    );
    expect(runner.tx!.raised[0]).toMatchObject({
      type: 'cheque.cleared',
      payload: { to: 'cleared', vaultId: 'bank-1', vaultAccountId: 'acc-bank' },
    });
  });

  it('pays an issued cheque out of the chosen bank vault (vendor locked first)', async () => {
    const m = stepManager(
      chequeRow({ direction: 'issued', status: 'issued', customer_id: null, vendor_id: 'v-1' }),
    );
    const { result } = clear(m, 'bank-1');
    expect(await result).toEqual({ id: 'ch-1', status: 'cleared' });
    expect(m.calls.find((c) => /UPDATE vaults SET balance/.test(c.sql))?.params).toEqual([
      'bank-1',
      -5000,
    ]);
    const sql = m.calls.map((c) => c.sql);
    expect(sql.findIndex((s) => /vendors WHERE id = \$1 FOR UPDATE/.test(s))).toBe(1);
  });

  it('refuses an issued cheque without a vault, and a received one not deposited (409)', async () => {
    const issued = stepManager(
      chequeRow({ direction: 'issued', status: 'issued', customer_id: null, vendor_id: 'v-1' }),
    );
    expect(await errorCode(clear(issued).result)).toBe('CHEQUE_VAULT_REQUIRED');
    const inHand = stepManager(chequeRow());
    expect(await errorCode(clear(inHand, 'bank-1').result)).toBe('CHEQUE_ILLEGAL_TRANSITION');
    expect(inHand.calls.some((c) => /^\s*(INSERT|UPDATE)/.test(c.sql))).toBe(false);
  });
});
