import { errorCode, fakeManager, fakeRunner, testMeta } from '../../../../core/cqrs/testing';
import { SetFeatureCommand } from './set-feature.command';
import { SetFeatureHandler } from './set-feature.handler';

function setup(before: object | null) {
  const upserts: unknown[] = [];
  const m = Object.assign(fakeManager([]), {
    findOneBy: async () => before,
    upsert: async (...args: unknown[]) => upserts.push(args),
  });
  const runner = fakeRunner(m);
  return { m, runner, upserts, h: new SetFeatureHandler(runner) };
}

describe('SetFeatureHandler', () => {
  it('upserts the flag and audits the old and new value', async () => {
    const { runner, upserts, h } = setup({ key: 'customers', enabled: false });
    expect(await h.execute(new SetFeatureCommand('customers', true, testMeta))).toEqual({
      key: 'customers',
      enabled: true,
    });
    expect(upserts[0]).toEqual([expect.anything(), { key: 'customers', enabled: true }, ['key']]);
    expect(runner.tx!.audits).toEqual([
      {
        action: 'feature.set',
        entity: 'feature',
        entityId: 'customers',
        before: { key: 'customers', enabled: false },
        after: { key: 'customers', enabled: true },
      },
    ]);
  });

  it('refuses a malformed key without opening a transaction', async () => {
    const { runner, h } = setup(null);
    expect(await errorCode(h.execute(new SetFeatureCommand('Bad Key!', true, testMeta)))).toBe(
      'VALIDATION_FAILED',
    );
    expect(runner.tx).toBeUndefined();
  });
});
