import type { PermissionKey } from '@pos/contracts';
import { errorCode, fakeManager, fakeRunner, testMeta } from '../../../../core/cqrs/testing';
import { UpdateRoleCommand } from './update-role.command';
import { UpdateRoleHandler } from './update-role.handler';

const role = { id: 'r-1', name: 'كاشير', permissions: ['can_see_products'] as PermissionKey[] };

describe('UpdateRoleHandler', () => {
  it('replaces the permissions of the locked role and audits before/after', async () => {
    const m = fakeManager([], { findOne: role });
    const runner = fakeRunner(m);
    await new UpdateRoleHandler(runner).execute(
      new UpdateRoleCommand(
        'r-1',
        { permissions: ['can_see_products', 'can_return_products'] as PermissionKey[] },
        testMeta,
      ),
    );
    expect(m.calls.find((c) => c.sql === 'update')?.params.slice(1)).toEqual([
      { id: 'r-1' },
      { permissions: ['can_see_products', 'can_return_products'] as PermissionKey[] },
    ]);
    expect(runner.tx!.audits[0]).toEqual({
      action: 'role.update',
      entity: 'role',
      entityId: 'r-1',
      before: role,
      after: {
        ...role,
        permissions: ['can_see_products', 'can_return_products'] as PermissionKey[],
      },
    });
  });

  it('answers 404 for an unknown role', async () => {
    expect(
      await errorCode(
        new UpdateRoleHandler(fakeRunner(fakeManager([]))).execute(
          new UpdateRoleCommand('r-x', { name: 'x' }, testMeta),
        ),
      ),
    ).toBe('NOT_FOUND');
  });
});
