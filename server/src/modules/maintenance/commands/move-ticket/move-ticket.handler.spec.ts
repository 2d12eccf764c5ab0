import { DomainEventSubscribers } from '../../../../core/cqrs';
import { errorCode, fakeRunner, testMeta, testUser } from '../../../../core/cqrs/testing';
import type { QueryStub } from '../../../../core/cqrs/testing';
import { ticketManager, ticketRow } from '../spec-fixture';
import { MoveTicketCommand } from './move-ticket.command';
import { MoveTicketHandler } from './move-ticket.handler';

const run = (
  ticket: Record<string, unknown>,
  to: string,
  user = testUser(),
  extra: { methodId?: string; vaultId?: string } = {},
  more: QueryStub[] = [],
  vatRate = 0,
) => {
  const m = ticketManager(ticket, more, { serviceVatRate: vatRate });
  const runner = fakeRunner(m, new DomainEventSubscribers());
  // the repair's sale document is the sales module's (its own medium test covers it)
  const sales = { record: jest.fn(async () => ({ saleId: 's-1', number: 'B01-R01-000001' })) };
  const result = new MoveTicketHandler(runner, sales as never).execute(
    new MoveTicketCommand('t-1', { to, ...extra } as never, user, testMeta),
  );
  return { m, runner, result, sales };
};

describe('MoveTicketHandler', () => {
  it('moves a ticket one legal step and writes its history row and audit', async () => {
    const { m, runner, result } = run(ticketRow(), 'diagnosing');
    expect(await result).toEqual({ id: 't-1', status: 'diagnosing' });
    const event = m.calls.find((c) => /INSERT INTO maintenance_events/.test(c.sql));
    expect(event?.params).toEqual(expect.arrayContaining(['t-1', 'received', 'diagnosing', 'u-1']));
    expect(runner.tx!.audits[0]).toMatchObject({ action: 'maintenance.diagnosing' });
    expect(runner.tx!.events.map((e) => e.type)).toEqual(['maintenance.counts']);
  });

  it('refuses an illegal step with 409 before anything is written', async () => {
    const { m, result } = run(ticketRow({ status: 'received' }), 'ready');
    expect(await errorCode(result)).toBe('MAINTENANCE_ILLEGAL_TRANSITION');
    expect(m.calls.some((c) => /^\s*(INSERT|UPDATE)/.test(c.sql))).toBe(false);
    const final = run(ticketRow({ status: 'delivered' }), 'cancelled');
    expect(await errorCode(final.result)).toBe('MAINTENANCE_ILLEGAL_TRANSITION');
  });

  it("answers 404 for another branch's ticket", async () => {
    const { result } = run(ticketRow({ branch_id: 'b-2' }), 'diagnosing');
    expect(await errorCode(result)).toBe('NOT_FOUND');
  });

  it('delivering settles parts + labour − deposit into the vault', async () => {
    const { m, runner, result, sales } = run(
      ticketRow({ status: 'ready', deposit: '1000', labour: '2000', parts_total: '3000' }),
      'delivered',
    );
    await result;
    const move = m.calls.find((c) => /INSERT INTO vault_movements/.test(c.sql));
    expect(move?.params).toEqual(expect.arrayContaining(['v-1', 'maintenance_payment', 4000]));
    expect(runner.tx!.raised[0]).toMatchObject({
      type: 'maintenance.money',
      payload: {
        kind: 'settle',
        amount: 4000,
        deposit: 1000,
        revenue: 5000,
        vaultAccountId: 'acc-v1',
      },
    });
    // the bill's sale document (issue 30), no till: into the vault
    expect(sales.record).toHaveBeenCalledWith(
      runner.tx,
      expect.objectContaining({ ticketId: 't-1', labour: 2000, shiftId: null, payment: null }),
    );
  });

  it('cancelling gives the deposit back; turning ready is pushed to the branch', async () => {
    const cancelled = run(ticketRow({ status: 'diagnosing', deposit: '1500' }), 'cancelled');
    await cancelled.result;
    expect(cancelled.runner.tx!.raised[0].payload).toMatchObject({ kind: 'refund', amount: -1500 });
    const ready = run(ticketRow({ status: 'in_repair' }), 'ready');
    await ready.result;
    expect(ready.runner.tx!.events.map((e) => e.type)).toContain('maintenance.ready');
  });

  it("delivering at the POS puts the bill into the cashier's shift, no vault moves", async () => {
    const { m, runner, result, sales } = run(
      ticketRow({ status: 'ready', deposit: '1000', labour: '2000', parts_total: '3000' }),
      'delivered',
      testUser(),
      { methodId: 'pm-cash' },
      [
        [/FROM shifts WHERE cashier_id/, [{ id: 's-1' }]],
        [/FROM payment_methods WHERE id/, [{ id: 'pm-cash', type: 'cash' }]],
      ],
    );
    await result;
    expect(m.calls.some((c) => /vault_movements/.test(c.sql))).toBe(false);
    const update = m.calls.find((c) => /UPDATE maintenance_tickets SET status/.test(c.sql));
    expect(update?.params).toEqual(['t-1', 'delivered', 4000, null, 0, 's-1', 'pm-cash']);
    expect(runner.tx!.raised[0]).toMatchObject({
      type: 'maintenance.money',
      payload: { kind: 'settle', amount: 4000, shiftId: 's-1', methodType: 'cash', vaultId: null },
    });
    expect(sales.record).toHaveBeenCalledWith(
      runner.tx,
      expect.objectContaining({ shiftId: 's-1', payment: { methodId: 'pm-cash', amount: 4000 } }),
    );
  });

  it('refuses paying at the POS without an open shift of the ticket branch, or both ways', async () => {
    const ready = ticketRow({ status: 'ready', labour: '2000' });
    const noShift = run(ready, 'delivered', testUser(), { methodId: 'pm-cash' }, [
      [/FROM shifts WHERE cashier_id/, []],
    ]);
    expect(await errorCode(noShift.result)).toBe('SHIFT_NOT_OPEN');
    const other = run(ready, 'delivered', testUser(), { methodId: 'pm-cash' }, [
      [/FROM shifts WHERE cashier_id/, (params) => (params[1] === 'b-1' ? [] : [{ id: 's-2' }])],
    ]);
    expect(await errorCode(other.result)).toBe('SHIFT_NOT_OPEN');
    const both = run(ready, 'delivered', testUser(), { methodId: 'pm-cash', vaultId: 'v-1' });
    expect(await errorCode(both.result)).toBe('MAINTENANCE_PAY_TARGET');
    for (const r of [noShift, other, both])
      expect(r.m.calls.some((c) => /^\s*(INSERT|UPDATE)/.test(c.sql))).toBe(false);
  });

  it("keeps the VAT included in the bill at the store's service rate", async () => {
    const { m, runner, result } = run(
      ticketRow({ status: 'ready', labour: '11400' }),
      'delivered',
      testUser(),
      {},
      [],
      14,
    );
    await result;
    expect(runner.tx!.raised[0].payload).toMatchObject({ revenue: 11_400, vat: 1400 });
    const update = m.calls.find((c) => /UPDATE maintenance_tickets SET status/.test(c.sql));
    expect(update?.params[4]).toBe(1400);
  });
});
