import type { PermissionKey } from '@pos/contracts';
import { errorCode, fakeManager, testMeta } from '../../../../core/cqrs/testing';
import { withSessions } from '../sessions.spec-fixture';
import { ResetUserPasswordCommand } from './reset-user-password.command';
import { ResetUserPasswordHandler } from './reset-user-password.handler';

jest.mock('../../services/sign-in.service', () => ({
  hashPassword: async (p: string) => `hash:${p}`,
}));

const manager = {
  id: 'u-mgr',
  isAdmin: false,
  permissions: ['can_manage_users'] as PermissionKey[],
  branchId: 'b-1',
};
const cashier = { id: 'u-2', isAdmin: false, branchId: 'b-1', roleId: null };

function setup(target: object | null) {
  const m = fakeManager([], { findOne: target });
  return withSessions(
    m,
    'revokeAllForUser',
    (runner, sessions) => new ResetUserPasswordHandler(runner, sessions),
  );
}

describe('ResetUserPasswordHandler', () => {
  it('stores the new hash, ends every session of the user and audits without the password', async () => {
    const { m, runner, sessions, h } = setup(cashier);
    await h.execute(new ResetUserPasswordCommand('u-2', 'new-pass-1', true, manager, testMeta));
    expect(m.calls.find((c) => c.sql === 'update')?.params.slice(1)).toEqual([
      { id: 'u-2' },
      { passwordHash: 'hash:new-pass-1', mustChangePassword: true },
    ]);
    expect(sessions.revokeAllForUser).toHaveBeenCalledWith(m, 'u-2');
    expect(runner.tx!.audits).toEqual([
      { action: 'user.reset-password', entity: 'user', entityId: 'u-2' },
    ]);
  });

  it('refuses an administrator’s password to a non-administrator, and a user of another branch', async () => {
    expect(
      await errorCode(
        setup({ ...cashier, isAdmin: true }).h.execute(
          new ResetUserPasswordCommand('u-2', 'x-pass-12', false, manager, testMeta),
        ),
      ),
    ).toBe('ADMIN_REQUIRED');
    const other = setup({ ...cashier, branchId: 'b-2' });
    expect(
      await errorCode(
        other.h.execute(new ResetUserPasswordCommand('u-2', 'x-pass-12', false, manager, testMeta)),
      ),
    ).toBe('BRANCH_OUT_OF_REACH');
    expect(other.sessions.revokeAllForUser).not.toHaveBeenCalled();
  });
});
