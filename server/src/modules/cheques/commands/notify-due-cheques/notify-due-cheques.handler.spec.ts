import { fakeManager, fakeRunner } from '../../../../core/cqrs/testing';
import { NotifyDueChequesCommand } from './notify-due-cheques.command';
import { NotifyDueChequesHandler } from './notify-due-cheques.handler';

describe('NotifyDueChequesHandler', () => {
  it('pushes each branch the count of its open cheques due within seven days, and writes nothing', async () => {
    const m = fakeManager([
      [
        /FROM cheques/,
        [
          { branch_id: 'b-1', count: 3 },
          { branch_id: 'b-2', count: 1 },
        ],
      ],
    ]);
    // the store's settings row: its time zone decides "today"
    Object.assign(m, {
      getRepository: () => ({ findOneBy: async () => ({ timeZone: 'Africa/Cairo' }) }),
    });
    const runner = fakeRunner(m);
    expect(
      await new NotifyDueChequesHandler(runner).execute(new NotifyDueChequesCommand()),
    ).toEqual({
      branches: 2,
    });
    const query = m.calls.find((c) => /FROM cheques/.test(c.sql));
    expect(query?.params).toEqual([['received', 'deposited', 'issued'], 'Africa/Cairo', 7]);
    expect(runner.tx!.events).toEqual([
      { branchId: 'b-1', type: 'cheque.due', payload: { count: 3 } },
      { branchId: 'b-2', type: 'cheque.due', payload: { count: 1 } },
    ]);
    expect(m.calls.some((c) => /^\s*(INSERT|UPDATE)/.test(c.sql))).toBe(false);
  });
});
