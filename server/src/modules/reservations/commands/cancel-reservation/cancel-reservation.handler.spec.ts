import { errorCode, fakeRunner, testMeta, testUser } from '../../../../core/cqrs/testing';
import { fakeLedger, reservationManager } from '../../spec-fixture';
import { CancelReservationCommand } from './cancel-reservation.command';
import { CancelReservationHandler } from './cancel-reservation.handler';

const cancel = (m: ReturnType<typeof reservationManager>, user = testUser()) => {
  const { ledger, calls } = fakeLedger();
  const runner = fakeRunner(m);
  const result = new CancelReservationHandler(runner, ledger).execute(
    new CancelReservationCommand('r-1', {}, user, testMeta),
  );
  return { runner, calls, result };
};

describe('CancelReservationHandler', () => {
  it('releases the stock and refunds the deposit out of its vault (refund rule)', async () => {
    const m = reservationManager();
    const { runner, calls, result } = cancel(m);
    expect(await result).toEqual({ id: 'r-1', status: 'cancelled' });
    expect(calls).toEqual([['v-1', 'inv-1', '-2.000']]);
    const move = m.calls.find((c) => /UPDATE vaults SET balance/.test(c.sql));
    expect(move?.params).toEqual(['vault-1', -3000]);
    expect(runner.tx!.raised[0]).toMatchObject({
      type: 'reservation.cancelled',
      payload: { outcome: 'refunded', deposit: 3000, vaultAccountId: 'acc-vault' },
    });
    // the customer is locked before the reservation
    const sql = m.calls.map((c) => c.sql);
    expect(sql.findIndex((s) => /customers WHERE id = \$1 FOR UPDATE/.test(s))).toBeLessThan(
      sql.findIndex((s) => /FROM reservations WHERE id = \$1 FOR UPDATE/.test(s)),
    );
  });

  it('forfeits the deposit under the forfeit rule: no vault moves', async () => {
    const m = reservationManager({}, { reservationDepositForfeit: true });
    const { runner, result } = cancel(m);
    await result;
    expect(m.calls.some((c) => /UPDATE vaults/.test(c.sql))).toBe(false);
    expect(runner.tx!.raised[0].payload).toMatchObject({ outcome: 'forfeited' });
  });

  it('refuses a reservation that is no longer active (409), nothing written', async () => {
    for (const status of ['converted', 'cancelled', 'expired']) {
      const m = reservationManager({ status });
      expect(await errorCode(cancel(m).result)).toBe('RESERVATION_ILLEGAL_TRANSITION');
      expect(m.calls.some((c) => /^\s*(INSERT|UPDATE)/.test(c.sql))).toBe(false);
    }
  });

  it("hides another branch's reservation from a user of one branch", async () => {
    const m = reservationManager({ branch_id: 'b-2' });
    expect(await errorCode(cancel(m).result)).toBe('NOT_FOUND');
  });
});
