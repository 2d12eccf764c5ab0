import {
  errorCode,
  fakeManager,
  fakeRunner,
  testMeta,
  testUser,
  type QueryStub,
} from '../../../../core/cqrs/testing';
import { OpenShiftCommand } from './open-shift.command';
import { OpenShiftHandler } from './open-shift.handler';

// Reads of the handler these specs answer with no rows (the fake throws on SQL it has no stub for).
const READS_ANSWERED_EMPTY: QueryStub[] = [
  [/^\s*SELECT 1 FROM shifts WHERE cashier_id = \$1 AND status = 'open'/, []],
  [/^\s*SELECT 1 FROM shifts WHERE branch_id = \$1 AND register = \$2 AND status = 'open'/, []],
];

describe('OpenShiftHandler', () => {
  it('opens register 1 by default, audits and raises ShiftOpened', async () => {
    const m = fakeManager([...READS_ANSWERED_EMPTY]);
    const runner = fakeRunner(m);
    const { shiftId } = await new OpenShiftHandler(runner).execute(
      new OpenShiftCommand({ openingCash: 5000 }, testUser(), testMeta),
    );
    expect(m.calls.find((c) => c.sql === 'insert')?.params[1]).toMatchObject({
      id: shiftId,
      register: 1,
      openingCash: 5000,
      status: 'open',
    });
    expect(runner.tx!.audits[0]).toMatchObject({
      action: 'shift.open',
      entityId: shiftId,
      after: { openingCash: 5000, register: 1 },
    });
    expect(runner.tx!.raised).toEqual([
      {
        type: 'shift.opened',
        payload: {
          shiftId,
          branchId: 'b-1',
          register: 1,
          cashierId: 'u-1',
          cashierName: 'Cashier',
          openingCash: 5000,
        },
      },
    ]);
  });

  it('refuses a second open shift of the same cashier', async () => {
    const m = fakeManager([
      [/cashier_id = \$1 AND status = 'open'/, [{ '?column?': 1 }]],
      ...READS_ANSWERED_EMPTY,
    ]);
    expect(
      await errorCode(
        new OpenShiftHandler(fakeRunner(m)).execute(
          new OpenShiftCommand({ openingCash: 0 }, testUser(), testMeta),
        ),
      ),
    ).toBe('SHIFT_ALREADY_OPEN');
  });

  it('refuses a register another cashier has open', async () => {
    const m = fakeManager([[/register = \$2/, [{ '?column?': 1 }]], ...READS_ANSWERED_EMPTY]);
    expect(
      await errorCode(
        new OpenShiftHandler(fakeRunner(m)).execute(
          new OpenShiftCommand({ openingCash: 0, register: 2 }, testUser(), testMeta),
        ),
      ),
    ).toBe('REGISTER_BUSY');
  });

  it('needs a branch, and turns a lost race on the unique index into SHIFT_ALREADY_OPEN', async () => {
    expect(
      await errorCode(
        new OpenShiftHandler(fakeRunner(fakeManager([...READS_ANSWERED_EMPTY]))).execute(
          new OpenShiftCommand({ openingCash: 0 }, testUser({ branchId: null }), testMeta),
        ),
      ),
    ).toBe('FORBIDDEN');
    const m = fakeManager([...READS_ANSWERED_EMPTY]);
    m.insert = (async () => {
      throw Object.assign(new Error('dup'), { driverError: { code: '23505' } });
    }) as never;
    expect(
      await errorCode(
        new OpenShiftHandler(fakeRunner(m)).execute(
          new OpenShiftCommand({ openingCash: 0 }, testUser(), testMeta),
        ),
      ),
    ).toBe('SHIFT_ALREADY_OPEN');
  });
});
