import { fakeManager, fakeRunner, testMeta } from '../../../../core/cqrs/testing';
import { expectFailedWriteUnaudited } from '../../../../core/cqrs/handler.spec-fixture';
import { UpdateModulesCommand } from './update-modules.command';
import { UpdateModulesHandler } from './update-modules.handler';

describe('UpdateModulesHandler', () => {
  it('sets the modules on the one locked row and audits the request', async () => {
    const before = { id: 1, modules: ['sales'], maxBranches: 100 };
    const m = fakeManager([], { findOne: before });
    const runner = fakeRunner(m);
    const dto = { modules: ['sales', 'customers'] };
    await new UpdateModulesHandler(runner).execute(
      new UpdateModulesCommand(dto as never, testMeta),
    );
    expect(m.calls.find((c) => c.sql === 'update')?.params.slice(1)).toEqual([
      { id: 1 },
      { modules: ['sales', 'customers'] },
    ]);
    expect(runner.tx!.audits).toEqual([
      { action: 'config.update', entity: 'site_settings', entityId: '1', before, after: dto },
    ]);
  });

  it('writes no audit row when the update fails', () =>
    expectFailedWriteUnaudited('update', 'db down', (runner) =>
      new UpdateModulesHandler(runner).execute(
        new UpdateModulesCommand({ modules: [] } as never, testMeta),
      ),
    ));
});
