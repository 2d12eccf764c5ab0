import type { PermissionKey } from '@pos/contracts';
import { fakeManager, fakeRunner, testMeta } from '../../../../core/cqrs/testing';
import { expectFailedWriteUnaudited } from '../../../../core/cqrs/handler.spec-fixture';
import { CreateRoleCommand } from './create-role.command';
import { CreateRoleHandler } from './create-role.handler';

describe('CreateRoleHandler', () => {
  it('inserts the trimmed role with its permissions and audits the request', async () => {
    const m = fakeManager([]);
    const runner = fakeRunner(m);
    const dto = { name: ' كاشير ', permissions: ['can_see_products'] as PermissionKey[] };
    const id = await new CreateRoleHandler(runner).execute(new CreateRoleCommand(dto, testMeta));
    expect(m.calls.find((c) => c.sql === 'insert')?.params[1]).toEqual({
      id,
      name: 'كاشير',
      permissions: ['can_see_products'] as PermissionKey[],
      isDriver: false,
    });
    expect(runner.tx!.audits).toEqual([
      { action: 'role.create', entity: 'role', entityId: id, after: dto },
    ]);
  });

  it('writes nothing when the insert fails (a taken name)', () =>
    expectFailedWriteUnaudited('insert', 'duplicate key', (runner) =>
      new CreateRoleHandler(runner).execute(
        new CreateRoleCommand({ name: 'x', permissions: [] as PermissionKey[] }, testMeta),
      ),
    ));
});
