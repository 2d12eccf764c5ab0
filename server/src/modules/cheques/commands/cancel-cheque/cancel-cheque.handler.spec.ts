import { errorCode, fakeRunner, testMeta, testUser } from '../../../../core/cqrs/testing';
import { chequeRow, stepManager, subscribers } from '../step.spec-fixture';
import { CancelChequeCommand } from './cancel-cheque.command';
import { CancelChequeHandler } from './cancel-cheque.handler';

const cancel = (m: ReturnType<typeof stepManager>) =>
  new CancelChequeHandler(fakeRunner(m, subscribers())).execute(
    new CancelChequeCommand('ch-1', {}, testUser(), testMeta),
  );

describe('CancelChequeHandler', () => {
  it('undoes the payment of a received cheque still in hand', async () => {
    const m = stepManager(chequeRow());
    expect(await cancel(m)).toEqual({ id: 'ch-1', status: 'cancelled' });
    expect(m.calls.find((c) => /INSERT INTO customer_ledger/.test(c.sql))?.params).toEqual(
      expect.arrayContaining(['c-1', 'cheque_cancelled', 5000]),
    );
  });

  it('undoes the payment of an issued cheque as a vendor adjustment', async () => {
    const m = stepManager(
      chequeRow({ direction: 'issued', status: 'issued', customer_id: null, vendor_id: 'v-1' }),
    );
    await cancel(m);
    expect(m.calls.find((c) => /INSERT INTO vendor_ledger/.test(c.sql))?.params).toEqual(
      expect.arrayContaining(['v-1', 'adjustment', 5000]),
    );
  });

  it('refuses a deposited, cleared, bounced or cancelled cheque (409)', async () => {
    for (const status of ['deposited', 'cleared', 'bounced', 'cancelled']) {
      const m = stepManager(chequeRow({ status, vault_id: 'bank-1' }));
      expect(await errorCode(cancel(m))).toBe('CHEQUE_ILLEGAL_TRANSITION');
      expect(m.calls.some((c) => /^\s*(INSERT|UPDATE)/.test(c.sql))).toBe(false);
    }
  });
});
