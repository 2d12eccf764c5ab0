import { fakeManager, fakeRunner, testMeta } from '../../../../core/cqrs/testing';
import { UpdateStoreSettingsCommand } from './update-store-settings.command';
import { UpdateStoreSettingsHandler } from './update-store-settings.handler';

/** A store-settings row kept in memory, behind the calls the handler makes. */
function setup(stored: { id: number; timeZone: string; scaleBarcode?: object | null }) {
  let row = { ...stored };
  const steps: string[] = [];
  const m = Object.assign(
    fakeManager([
      [
        /^\s*INSERT INTO store_settings\b[\s\S]*ON CONFLICT DO NOTHING/,
        () => (steps.push('insert-if-missing'), []),
      ],
      [/FROM store_settings WHERE id = 1 FOR UPDATE/, () => (steps.push('lock'), [{}])],
    ]),
    {
      findOneOrFail: async () => ({ ...row }),
      getRepository: () => ({ findOneBy: async () => row }),
      save: async (next: typeof row) => {
        steps.push('save');
        row = { ...next };
      },
    },
  );
  const runner = fakeRunner(m);
  return { runner, steps, h: new UpdateStoreSettingsHandler(runner) };
}

describe('UpdateStoreSettingsHandler', () => {
  it('creates the row if missing, locks it, saves the change and audits before/after', async () => {
    const { runner, steps, h } = setup({ id: 1, timeZone: 'Africa/Cairo', scaleBarcode: null });
    const after = await h.execute(
      new UpdateStoreSettingsCommand({ timeZone: 'Asia/Riyadh' } as never, testMeta),
    );
    expect(steps).toEqual(['insert-if-missing', 'lock', 'save']);
    expect(after.timeZone).toBe('Asia/Riyadh');
    expect(runner.tx!.audits[0]).toMatchObject({
      action: 'store-settings.update',
      entity: 'store_settings',
      entityId: '1',
      before: { timeZone: 'Africa/Cairo' },
      after: { timeZone: 'Asia/Riyadh' },
    });
  });

  it('leaves the time zone alone when only the scale-barcode layout is sent', async () => {
    const { h } = setup({ id: 1, timeZone: 'Africa/Cairo' });
    const layout = { prefix: '22', itemDigits: 5, valueDigits: 5, value: 'weight', divisor: 1000 };
    const after = await h.execute(
      new UpdateStoreSettingsCommand({ scaleBarcode: layout } as never, testMeta),
    );
    expect(after.timeZone).toBe('Africa/Cairo');
    expect(after.scaleBarcode).toMatchObject(layout);
  });
});
