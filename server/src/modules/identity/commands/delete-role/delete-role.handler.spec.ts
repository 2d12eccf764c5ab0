import { errorCode, fakeManager, fakeRunner, testMeta } from '../../../../core/cqrs/testing';
import { DeleteRoleCommand } from './delete-role.command';
import { DeleteRoleHandler } from './delete-role.handler';

const role = { id: 'r-1', name: 'كاشير', permissions: [] };
const manager = (held: boolean) =>
  Object.assign(fakeManager([], { findOne: role }), { exists: async () => held });

describe('DeleteRoleHandler', () => {
  it('deletes a role nobody holds and audits it', async () => {
    const m = manager(false);
    const runner = fakeRunner(m);
    await new DeleteRoleHandler(runner).execute(new DeleteRoleCommand('r-1', testMeta));
    expect(m.calls.find((c) => c.sql === 'delete')?.params[1]).toEqual({ id: 'r-1' });
    expect(runner.tx!.audits).toEqual([
      { action: 'role.delete', entity: 'role', entityId: 'r-1', before: role },
    ]);
  });

  it('refuses a role a user holds', async () => {
    const m = manager(true);
    expect(
      await errorCode(
        new DeleteRoleHandler(fakeRunner(m)).execute(new DeleteRoleCommand('r-1', testMeta)),
      ),
    ).toBe('IN_USE');
    expect(m.calls.some((c) => c.sql === 'delete')).toBe(false);
  });
});
