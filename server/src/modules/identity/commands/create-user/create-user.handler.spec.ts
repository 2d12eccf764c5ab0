import type { PermissionKey } from '@pos/contracts';
import { errorCode, fakeManager, fakeRunner, testMeta } from '../../../../core/cqrs/testing';
import type { UsersService } from '../../queries/users.queries';
import { CreateUserCommand } from './create-user.command';
import { CreateUserHandler } from './create-user.handler';

jest.mock('../../services/sign-in.service', () => ({
  hashPassword: async (p: string) => `hash:${p}`,
}));

const admin = { id: 'u-admin', isAdmin: true, permissions: [] as PermissionKey[] };
const manager = {
  id: 'u-mgr',
  isAdmin: false,
  permissions: ['can_manage_users', 'can_see_products'] as PermissionKey[],
  branchId: 'b-1',
  maxDiscountPercent: 10,
};
const dto = { username: 'Sara', displayName: ' سارة ', password: 'secret-123' };

function setup(role: object | null = null) {
  const m = Object.assign(fakeManager([]), {
    exists: async () => true,
    findOneBy: async () => role,
  });
  const runner = fakeRunner(m);
  const users = { get: jest.fn(async (id: string) => ({ id, username: 'sara' })) };
  return { m, runner, h: new CreateUserHandler(runner, users as unknown as UsersService) };
}

describe('CreateUserHandler', () => {
  it('inserts the user with the hashed password, in the manager’s own branch, and audits it', async () => {
    const { m, runner, h } = setup();
    const after = await h.execute(new CreateUserCommand(dto as never, manager, testMeta));
    expect(m.calls.find((c) => c.sql === 'insert')?.params[1]).toMatchObject({
      id: after.id,
      username: 'sara',
      displayName: 'سارة',
      passwordHash: 'hash:secret-123',
      branchId: 'b-1',
      isAdmin: false,
    });
    expect(runner.tx!.audits).toEqual([
      { action: 'user.create', entity: 'user', entityId: after.id, after },
    ]);
  });

  it('refuses an administrator, a cap above the actor’s, or a stronger role from a non-administrator', async () => {
    expect(
      await errorCode(
        setup().h.execute(
          new CreateUserCommand({ ...dto, isAdmin: true } as never, manager, testMeta),
        ),
      ),
    ).toBe('ADMIN_REQUIRED');
    expect(
      await errorCode(
        setup().h.execute(
          new CreateUserCommand({ ...dto, maxDiscountPercent: 50 } as never, manager, testMeta),
        ),
      ),
    ).toBe('DISCOUNT_CAP_TOO_HIGH');
    const strong = setup({ id: 'r-1', permissions: ['can_manage_permissions'] as PermissionKey[] });
    expect(
      await errorCode(
        strong.h.execute(
          new CreateUserCommand({ ...dto, roleId: 'r-1' } as never, manager, testMeta),
        ),
      ),
    ).toBe('ROLE_TOO_STRONG');
    expect(strong.m.calls.some((c) => c.sql === 'insert')).toBe(false);
    // An administrator may.
    await setup().h.execute(
      new CreateUserCommand({ ...dto, isAdmin: true } as never, admin, testMeta),
    );
  });
});
