import type { PermissionKey } from '@pos/contracts';
import type { SessionService } from '../../../../core/auth/session.service';
import {
  errorCode,
  fakeManager,
  fakeRunner,
  testMeta,
  type QueryStub,
} from '../../../../core/cqrs/testing';
import type { UsersService } from '../../queries/users.queries';
import { UpdateUserCommand } from './update-user.command';
import { UpdateUserHandler } from './update-user.handler';

// Reads of the handler these specs answer with no rows (the fake throws on SQL it has no stub for).
const READS_ANSWERED_EMPTY: QueryStub[] = [
  [/^\s*SELECT 1 FROM users WHERE id = \$1 FOR UPDATE/, []],
];

const admin = { id: 'u-admin', isAdmin: true, permissions: [] as PermissionKey[] };
const manager = {
  id: 'u-mgr',
  isAdmin: false,
  permissions: ['can_manage_users'] as PermissionKey[],
  branchId: 'b-1',
};
const cashier = {
  id: 'u-2',
  isAdmin: false,
  active: true,
  branchId: 'b-1',
  roleId: null,
  maxDiscountPercent: 0,
};

function setup(target: object, otherAdmins = 1) {
  const m = Object.assign(
    fakeManager([
      [/count\(\*\)::int AS count FROM users/, [{ count: otherAdmins }]],
      ...READS_ANSWERED_EMPTY,
    ]),
    { exists: async () => true, findOneBy: async () => target },
  );
  const runner = fakeRunner(m);
  const users = { get: jest.fn(async () => target) };
  const sessions = { revokeAllForUser: jest.fn(async () => undefined) };
  const h = new UpdateUserHandler(
    runner,
    users as unknown as UsersService,
    sessions as unknown as SessionService,
  );
  return { m, runner, sessions, h };
}

describe('UpdateUserHandler', () => {
  it('deactivates a user of the manager’s branch, signs them out everywhere, and audits it', async () => {
    const { m, runner, sessions, h } = setup(cashier);
    await h.execute(new UpdateUserCommand('u-2', { active: false }, manager, testMeta));
    expect(m.calls[0].sql).toMatch(/FOR UPDATE/);
    expect(m.calls.find((c) => c.sql === 'update')?.params.slice(1)).toEqual([
      { id: 'u-2' },
      { active: false },
    ]);
    expect(sessions.revokeAllForUser).toHaveBeenCalledWith(m, 'u-2');
    expect(runner.tx!.audits[0]).toMatchObject({ action: 'user.update', entityId: 'u-2' });
  });

  it('refuses an administrator to a non-administrator, and the last active administrator’s deactivation', async () => {
    const target = { ...cashier, id: 'u-admin2', isAdmin: true };
    expect(
      await errorCode(
        setup(target).h.execute(
          new UpdateUserCommand('u-admin2', { displayName: 'x' }, manager, testMeta),
        ),
      ),
    ).toBe('ADMIN_REQUIRED');
    const last = setup(target, 0);
    expect(
      await errorCode(
        last.h.execute(new UpdateUserCommand('u-admin2', { active: false }, admin, testMeta)),
      ),
    ).toBe('LAST_ADMIN');
    expect(last.m.calls.some((c) => c.sql === 'update')).toBe(false);
  });

  it('refuses a change of one’s own branch or role', async () => {
    const self = { ...cashier, id: 'u-mgr' };
    expect(
      await errorCode(
        setup(self).h.execute(
          new UpdateUserCommand('u-mgr', { branchId: 'b-2' }, manager, testMeta),
        ),
      ),
    ).toBe('OWN_ACCOUNT_CHANGE');
    expect(
      await errorCode(
        setup(self).h.execute(new UpdateUserCommand('u-mgr', { roleId: 'r-9' }, manager, testMeta)),
      ),
    ).toBe('OWN_ROLE_CHANGE');
  });
});
