import { errorCode, fakeRunner, testMeta, testUser } from '../../../../core/cqrs/testing';
import { chequeRow, stepManager, subscribers } from '../step.spec-fixture';
import { BounceChequeCommand } from './bounce-cheque.command';
import { BounceChequeHandler } from './bounce-cheque.handler';

const bounce = (m: ReturnType<typeof stepManager>) => {
  const runner = fakeRunner(m, subscribers());
  return {
    runner,
    result: new BounceChequeHandler(runner).execute(
      new BounceChequeCommand('ch-1', { note: ' no funds ' }, testUser(), testMeta),
    ),
  };
};

describe('BounceChequeHandler', () => {
  it("puts a deposited customer cheque back on the customer's balance; no vault moves", async () => {
    const m = stepManager(chequeRow({ status: 'deposited', vault_id: 'bank-1' }));
    const { runner, result } = bounce(m);
    expect(await result).toEqual({ id: 'ch-1', status: 'bounced' });
    const ledger = m.calls.find((c) => /INSERT INTO customer_ledger/.test(c.sql));
    expect(ledger?.params).toEqual(
      expect.arrayContaining(['c-1', 'cheque_bounced', 5000, 'cheque', 'ch-1', 'no funds']),
    );
    expect(m.calls.some((c) => /UPDATE vaults/.test(c.sql))).toBe(false);
    expect(runner.tx!.raised[0]).toMatchObject({
      type: 'cheque.bounced',
      payload: { from: 'deposited' },
    });
  });

  it("puts an issued cheque back on the vendor's balance", async () => {
    const m = stepManager(
      chequeRow({ direction: 'issued', status: 'issued', customer_id: null, vendor_id: 'v-1' }),
    );
    await bounce(m).result;
    expect(m.calls.find((c) => /INSERT INTO vendor_ledger/.test(c.sql))?.params).toEqual(
      expect.arrayContaining(['v-1', 'cheque_bounced', 5000, 'cheque', 'ch-1', '1001']),
    );
  });

  it('refuses a cheque still in hand or already settled (409), writing nothing', async () => {
    for (const status of ['received', 'cleared', 'bounced', 'cancelled']) {
      const m = stepManager(chequeRow({ status }));
      expect(await errorCode(bounce(m).result)).toBe('CHEQUE_ILLEGAL_TRANSITION');
      expect(m.calls.some((c) => /^\s*(INSERT|UPDATE)/.test(c.sql))).toBe(false);
    }
  });
});
