import { errorCode, fakeRunner, testMeta, testUser } from '../../../../core/cqrs/testing';
import { ticketManager, ticketRow } from '../spec-fixture';
import { UpdateTicketCommand } from './update-ticket.command';
import { UpdateTicketHandler } from './update-ticket.handler';

const run = (ticket: Record<string, unknown>, dto: object) => {
  const m = ticketManager(ticket, [
    [/UPDATE maintenance_tickets t SET/, [[{ labour: '0' }]]],
    [/FROM users WHERE id = \$1 AND active/, []],
  ]);
  const runner = fakeRunner(m);
  const result = new UpdateTicketHandler(runner).execute(
    new UpdateTicketCommand('t-1', dto, testUser(), testMeta),
  );
  return { m, runner, result };
};
const update = (m: { calls: { sql: string; params: unknown[] }[] }) =>
  m.calls.find((c) => /UPDATE maintenance_tickets t SET/.test(c.sql));

describe('UpdateTicketHandler', () => {
  it('sets the labour fee while the ticket is worked on, with an audit row', async () => {
    const { m, runner, result } = run(ticketRow({ status: 'in_repair' }), { labour: 4000 });
    await result;
    expect(update(m)?.sql).toContain('labour = $2');
    expect(update(m)?.params).toEqual(['t-1', 4000]);
    expect(runner.tx!.audits[0]).toMatchObject({ action: 'maintenance.update' });
  });

  it('keeps the labour of a warranty ticket free', async () => {
    const { m, result } = run(ticketRow({ status: 'diagnosing', warranty_of_id: 't-0' }), {
      labour: 4000,
    });
    await result;
    expect(update(m)?.params).toEqual(['t-1', 0]);
  });

  it('refuses labour once ready, any change once final, and an unknown technician', async () => {
    expect(await errorCode(run(ticketRow({ status: 'ready' }), { labour: 1 }).result)).toBe(
      'MAINTENANCE_NOT_WORKABLE',
    );
    const done = run(ticketRow({ status: 'delivered' }), { priority: 'high' });
    expect(await errorCode(done.result)).toBe('MAINTENANCE_NOT_WORKABLE');
    expect(update(done.m)).toBeUndefined();
    expect(
      await errorCode(run(ticketRow({ status: 'ready' }), { technicianId: 'u-9' }).result),
    ).toBe('MAINTENANCE_TECHNICIAN_INVALID');
  });
});
