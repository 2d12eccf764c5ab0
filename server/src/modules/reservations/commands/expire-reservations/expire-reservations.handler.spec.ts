import { fakeRunner } from '../../../../core/cqrs/testing';
import { fakeLedger, reservationManager } from '../../spec-fixture';
import { ExpireReservationsCommand } from './expire-reservations.command';
import { ExpireReservationsHandler } from './expire-reservations.handler';

const expire = (m: ReturnType<typeof reservationManager>) => {
  const { ledger, calls } = fakeLedger();
  const runner = fakeRunner(m);
  const result = new ExpireReservationsHandler(runner, ledger).execute(
    new ExpireReservationsCommand(),
  );
  return { runner, calls, result };
};
const past = new Date(Date.now() - 60_000).toISOString();

describe('ExpireReservationsHandler', () => {
  it('expires a lapsed reservation: stock released, deposit credited to the customer, pushed', async () => {
    const m = reservationManager({ expires_at: past });
    const { runner, calls, result } = expire(m);
    expect(await result).toEqual({ expired: 1 });
    expect(calls).toEqual([['v-1', 'inv-1', '-2.000']]);
    expect(m.calls.find((c) => /INSERT INTO customer_ledger/.test(c.sql))?.params).toEqual(
      expect.arrayContaining(['c-1', 'payment', -3000, 'reservation', 'r-1']),
    );
    expect(runner.tx!.raised[0]).toMatchObject({
      type: 'reservation.expired',
      payload: { outcome: 'credited' },
    });
    expect(runner.tx!.events.some((e) => e.type === 'reservation.changed')).toBe(true);
  });

  it('does nothing for a reservation already closed or not yet lapsed (idempotent)', async () => {
    for (const over of [{ status: 'expired', expires_at: past }, { status: 'active' }]) {
      const m = reservationManager(over);
      const { calls, result } = expire(m);
      expect(await result).toEqual({ expired: 0 });
      expect(calls).toEqual([]);
      expect(m.calls.some((c) => /^\s*(INSERT|UPDATE)/.test(c.sql))).toBe(false);
    }
  });
});
