import * as argon2 from 'argon2';
import { errorCode, fakeManager, testMeta, testUser } from '../../../../core/cqrs/testing';
import { withSessions } from '../sessions.spec-fixture';
import { ChangePasswordCommand } from './change-password.command';
import { ChangePasswordHandler } from './change-password.handler';

const user = testUser({ sessionId: 'sess-1' });

async function setup() {
  const passwordHash = await argon2.hash('old-pass-1');
  const m = fakeManager([[/FROM users WHERE id = \$1/, [{ id: 'u-1', passwordHash }]]]);
  return withSessions(
    m,
    'revokeOthers',
    (runner, sessions) => new ChangePasswordHandler(runner, sessions),
  );
}

describe('ChangePasswordHandler', () => {
  it('stores the new hash, keeps this session and ends the others, audits without the password', async () => {
    const { m, runner, sessions, h } = await setup();
    await h.execute(new ChangePasswordCommand(user, 'old-pass-1', 'new-pass-2', testMeta));
    const [, where, patch] = m.calls.find((c) => c.sql === 'update')!.params as [
      unknown,
      unknown,
      { passwordHash: string; mustChangePassword: boolean },
    ];
    expect(where).toEqual({ id: 'u-1' });
    expect(patch.mustChangePassword).toBe(false);
    expect(await argon2.verify(patch.passwordHash, 'new-pass-2')).toBe(true);
    expect(sessions.revokeOthers).toHaveBeenCalledWith(m, 'u-1', 'sess-1');
    expect(runner.tx!.audits).toEqual([
      { action: 'user.change-password', entity: 'user', entityId: 'u-1' },
    ]);
  });

  it('refuses a wrong current password, and the same password again, before any transaction', async () => {
    const { runner, h } = await setup();
    expect(
      await errorCode(h.execute(new ChangePasswordCommand(user, 'wrong', 'new-pass-2', testMeta))),
    ).toBe('WRONG_PASSWORD');
    expect(
      await errorCode(
        h.execute(new ChangePasswordCommand(user, 'old-pass-1', 'old-pass-1', testMeta)),
      ),
    ).toBe('PASSWORD_UNCHANGED');
    expect(runner.tx).toBeUndefined();
  });
});
