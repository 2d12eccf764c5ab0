import { fakeManager, fakeRunner, testMeta } from '../../../../core/cqrs/testing';
import { expectFailedWriteUnaudited } from '../../../../core/cqrs/handler.spec-fixture';
import { UpdateSiteSettingsCommand } from './update-site-settings.command';
import { UpdateSiteSettingsHandler } from './update-site-settings.handler';

describe('UpdateSiteSettingsHandler', () => {
  it('sets maxBranches (and nothing else) on the one locked row and audits the request', async () => {
    const before = { id: 1, modules: ['sales'], maxBranches: 100 };
    const m = fakeManager([], { findOne: before });
    const runner = fakeRunner(m);
    const dto = { maxBranches: 3, modules: ['x'] };
    await new UpdateSiteSettingsHandler(runner).execute(
      new UpdateSiteSettingsCommand(dto as never, testMeta),
    );
    expect(m.calls.find((c) => c.sql === 'update')?.params.slice(1)).toEqual([
      { id: 1 },
      { maxBranches: 3 },
    ]);
    expect(runner.tx!.audits[0]).toMatchObject({ action: 'site-settings.update', before });
  });

  it('writes no audit row when the update fails', () =>
    expectFailedWriteUnaudited('update', 'check violation', (runner) =>
      new UpdateSiteSettingsHandler(runner).execute(
        new UpdateSiteSettingsCommand({ maxBranches: -1 } as never, testMeta),
      ),
    ));
});
