import { errorCode, fakeRunner, testMeta, testUser } from '../../../../core/cqrs/testing';
import { expectLockOrder } from '../../../../core/cqrs/handler.spec-fixture';
import { bankVault, chequeRow, stepManager, subscribers } from '../step.spec-fixture';
import { DepositChequeCommand } from './deposit-cheque.command';
import { DepositChequeHandler } from './deposit-cheque.handler';

const deposit = (
  m: ReturnType<typeof stepManager>,
  vaultId: string | null = 'bank-1',
  user = testUser(),
) => {
  const runner = fakeRunner(m, subscribers());
  return {
    runner,
    result: new DepositChequeHandler(runner).execute(
      new DepositChequeCommand('ch-1', { vaultId: vaultId ?? undefined }, user, testMeta),
    ),
  };
};

describe('DepositChequeHandler', () => {
  it('deposits a received cheque into a bank vault: party, cheque, vault locked in that order; no money moves', async () => {
    const m = stepManager(chequeRow());
    const { runner, result } = deposit(m);
    expect(await result).toEqual({ id: 'ch-1', status: 'deposited' });
    const sql = m.calls.map((c) => c.sql);
    expectLockOrder(m, ['customers', 'cheques', 'vaults']);
    expect(sql.some((s) => /UPDATE vaults|customer_ledger/.test(s))).toBe(false);
    expect(m.calls.find((c) => /UPDATE cheques SET status/.test(c.sql))?.params).toEqual([
      'ch-1',
      'deposited',
      'bank-1',
    ]);
    expect(runner.tx!.raised[0]).toMatchObject({
      type: 'cheque.deposited',
      payload: { from: 'received', to: 'deposited', vaultId: 'bank-1' },
    });
    expect(runner.tx!.audits[0]).toMatchObject({
      action: 'cheque.deposit',
      before: { status: 'received' },
      after: { status: 'deposited', vaultId: 'bank-1' },
    });
  });

  it('refuses a cash vault, another branch’s bank, or none', async () => {
    for (const vault of [
      bankVault({ type: 'cash' }),
      bankVault({ branch_id: 'b-2' }),
      bankVault({ active: false }),
    ]) {
      const m = stepManager(chequeRow(), [[/FROM vaults WHERE id = \$1 FOR UPDATE/, [vault]]]);
      expect(await errorCode(deposit(m).result)).toBe('CHEQUE_VAULT_REQUIRED');
    }
    expect(await errorCode(deposit(stepManager(chequeRow()), null).result)).toBe(
      'CHEQUE_VAULT_REQUIRED',
    );
  });

  it('answers 409 for a cheque that is not in hand, writing nothing', async () => {
    for (const status of ['deposited', 'cleared', 'bounced', 'cancelled']) {
      const m = stepManager(chequeRow({ status, vault_id: 'bank-1' }));
      expect(await errorCode(deposit(m).result)).toBe('CHEQUE_ILLEGAL_TRANSITION');
      expect(m.calls.some((c) => /^\s*(INSERT|UPDATE)/.test(c.sql))).toBe(false);
    }
  });

  it("hides another branch's cheque (404)", async () => {
    const m = stepManager(chequeRow({ branch_id: 'b-2' }));
    expect(await errorCode(deposit(m).result)).toBe('NOT_FOUND');
  });
});
