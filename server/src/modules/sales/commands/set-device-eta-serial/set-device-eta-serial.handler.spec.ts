import {
  errorCode,
  fakeManager,
  fakeRunner,
  testMeta,
  testUser,
} from '../../../../core/cqrs/testing';
import { SetDeviceEtaSerialCommand } from './set-device-eta-serial.command';
import { SetDeviceEtaSerialHandler } from './set-device-eta-serial.handler';

const device = (over: object = {}) =>
  [
    /FROM pos_devices WHERE id = \$1 FOR UPDATE/,
    [{ id: 'd-1', branch_id: 'b-1', eta_pos_serial: null, ...over }],
  ] as [RegExp, unknown[]];

const run = (stubs: [RegExp, unknown[]][], serial: string | null, user = testUser()) => {
  const m = fakeManager(stubs);
  const runner = fakeRunner(m);
  const p = new SetDeviceEtaSerialHandler(runner).execute(
    new SetDeviceEtaSerialCommand('d-1', { etaPosSerial: serial }, user, testMeta),
  );
  return { m, runner, p };
};

describe('SetDeviceEtaSerialHandler', () => {
  it("sets the serial of a till of the user's branch and audits it", async () => {
    const { m, runner, p } = run([device(), [/UNION ALL/, []]], ' TILL-1 ');
    expect(await errorCode(p)).toBe('ok');
    expect(m.calls.find((c) => /UPDATE pos_devices/.test(c.sql))?.params).toEqual([
      'd-1',
      'TILL-1',
    ]);
    expect(runner.tx!.audits[0]).toMatchObject({
      action: 'pos_device.eta-serial',
      before: { etaPosSerial: null },
      after: { etaPosSerial: 'TILL-1' },
    });
  });

  it('refuses a serial with another chain (a till, a branch, receipts): 409, nothing written', async () => {
    const { m, p } = run([device(), [/UNION ALL/, [{ '?column?': 1 }]]], 'TILL-1');
    expect(await errorCode(p)).toBe('ETA_POS_SERIAL_TAKEN');
    expect(m.calls.some((c) => /UPDATE pos_devices/.test(c.sql))).toBe(false);
  });

  it("hides another branch's till (404); removing a serial needs no check; the same serial is a no-op", async () => {
    expect(await errorCode(run([device({ branch_id: 'b-2' })], 'TILL-1').p)).toBe('NOT_FOUND');
    expect(await errorCode(run([[/FROM pos_devices/, []]], 'TILL-1').p)).toBe('NOT_FOUND');
    const off = run([device({ eta_pos_serial: 'TILL-1' })], null);
    expect(await errorCode(off.p)).toBe('ok');
    expect(off.m.calls.find((c) => /UPDATE pos_devices/.test(c.sql))?.params).toEqual([
      'd-1',
      null,
    ]);
    const same = run([device({ eta_pos_serial: 'TILL-1' })], 'TILL-1');
    expect(await errorCode(same.p)).toBe('ok');
    expect(same.m.calls.some((c) => /UPDATE pos_devices/.test(c.sql))).toBe(false);
  });
});
