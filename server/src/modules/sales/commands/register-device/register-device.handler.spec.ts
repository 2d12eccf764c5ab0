import {
  errorCode,
  fakeManager,
  fakeRunner,
  testMeta,
  testUser,
} from '../../../../core/cqrs/testing';
import { RegisterDeviceCommand } from './register-device.command';
import { deviceReceiptPrefix, RegisterDeviceHandler } from './register-device.handler';

const DEVICE = '0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b';
const branch: [RegExp, unknown[]] = [
  /FROM branches WHERE id = \$1 FOR UPDATE/,
  [{ id: 'b-1', code: 'B01' }],
];

describe('RegisterDeviceHandler', () => {
  it("numbers a new till after the branch's last one, with its receipt prefix, and audits it", async () => {
    const m = fakeManager([
      branch,
      [/FROM pos_devices WHERE id = \$1 FOR UPDATE/, []],
      [/max\(number\)/, [{ next: 3 }]],
    ]);
    const runner = fakeRunner(m);
    const result = await new RegisterDeviceHandler(runner).execute(
      new RegisterDeviceCommand({ id: DEVICE, name: '  ' }, testUser(), testMeta),
    );
    expect(result).toEqual({ deviceId: DEVICE, created: true });
    const insert = m.calls.find((c) => /INSERT INTO pos_devices/.test(c.sql));
    expect(insert?.params).toEqual([DEVICE, 'b-1', 'POS 3', 3, 'B01-D03', 'u-1']);
    expect(runner.tx!.audits[0]).toMatchObject({ action: 'pos_device.register', entityId: DEVICE });
  });

  it('answers a till registered before as it is, and refuses one of another branch', async () => {
    const again = fakeManager([branch, [/FROM pos_devices WHERE id/, [{ branch_id: 'b-1' }]]]);
    expect(
      await new RegisterDeviceHandler(fakeRunner(again)).execute(
        new RegisterDeviceCommand({ id: DEVICE }, testUser(), testMeta),
      ),
    ).toEqual({ deviceId: DEVICE, created: false });
    expect(again.calls.some((c) => /INSERT INTO pos_devices/.test(c.sql))).toBe(false);
    const other = fakeManager([branch, [/FROM pos_devices WHERE id/, [{ branch_id: 'b-2' }]]]);
    expect(
      await errorCode(
        new RegisterDeviceHandler(fakeRunner(other)).execute(
          new RegisterDeviceCommand({ id: DEVICE }, testUser(), testMeta),
        ),
      ),
    ).toBe('DEVICE_OTHER_BRANCH');
  });

  it('needs a branch, and makes a prefix without a branch code from its id', async () => {
    expect(
      await errorCode(
        new RegisterDeviceHandler(fakeRunner(fakeManager([]))).execute(
          new RegisterDeviceCommand({ id: DEVICE }, testUser({ branchId: null }), testMeta),
        ),
      ),
    ).toBe('FORBIDDEN');
    expect(deviceReceiptPrefix(null, 'ab12cd34-0000', 12)).toBe('AB12-D12');
  });
});
