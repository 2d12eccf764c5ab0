import {
  errorCode,
  fakeManager,
  fakeRunner,
  testMeta,
  testUser,
} from '../../../../core/cqrs/testing';
import type { ShiftsService } from '../../queries/shifts.queries';
import { CloseShiftCommand } from './close-shift.command';
import { CloseShiftHandler } from './close-shift.handler';

const open = { id: 's-1', branchId: 'b-1', cashierId: 'u-1', status: 'open' };
const totals = {
  invoiceCount: 2,
  sales: 9000,
  returns: 1000,
  expectedCash: 13000,
  byMethod: [{ methodId: 'cash', net: 8000 }],
};
const shifts = { totals: async () => totals } as unknown as ShiftsService;

function handler(shift: object | null) {
  const m = fakeManager([[/display_name FROM users/, [{ display_name: 'Cashier' }]]], {
    findOne: shift,
  });
  const runner = fakeRunner(m);
  return { m, runner, h: new CloseShiftHandler(runner, shifts) };
}

describe('CloseShiftHandler', () => {
  it('keeps the counted cash, the expected cash from the totals and the difference', async () => {
    const { m, runner, h } = handler(open);
    await h.execute(new CloseShiftCommand('s-1', { countedCash: 12500 }, testUser(), testMeta));
    const patch = m.calls.find((c) => c.sql === 'update')!.params[2];
    expect(patch).toMatchObject({
      status: 'closed',
      countedCash: 12500,
      expectedCash: 13000,
      difference: -500,
    });
    expect(runner.tx!.audits[0]).toMatchObject({ action: 'shift.close', entityId: 's-1' });
    expect(runner.tx!.raised[0]).toMatchObject({
      type: 'shift.closed',
      payload: {
        sales: 9000,
        returns: 1000,
        invoiceCount: 2,
        byMethod: [{ methodId: 'cash', amount: 8000 }],
        countedCash: 12500,
        expectedCash: 13000,
        difference: -500,
      },
    });
  });

  it("refuses another cashier's shift without view_all_shifts, and allows it with", async () => {
    expect(
      await errorCode(
        handler({ ...open, cashierId: 'u-2' }).h.execute(
          new CloseShiftCommand('s-1', { countedCash: 0 }, testUser(), testMeta),
        ),
      ),
    ).toBe('SHIFT_NOT_YOURS');
    const user = testUser({ permissions: ['view_all_shifts'] });
    expect(
      await errorCode(
        handler({ ...open, cashierId: 'u-2' }).h.execute(
          new CloseShiftCommand('s-1', { countedCash: 0 }, user, testMeta),
        ),
      ),
    ).toBe('ok');
  });

  it('hides a shift of another branch and refuses a closed one', async () => {
    expect(
      await errorCode(
        handler({ ...open, branchId: 'b-2' }).h.execute(
          new CloseShiftCommand('s-1', { countedCash: 0 }, testUser(), testMeta),
        ),
      ),
    ).toBe('NOT_FOUND');
    expect(
      await errorCode(
        handler(null).h.execute(
          new CloseShiftCommand('s-1', { countedCash: 0 }, testUser(), testMeta),
        ),
      ),
    ).toBe('NOT_FOUND');
    expect(
      await errorCode(
        handler({ ...open, status: 'closed' }).h.execute(
          new CloseShiftCommand('s-1', { countedCash: 0 }, testUser(), testMeta),
        ),
      ),
    ).toBe('CONFLICT');
  });
});
