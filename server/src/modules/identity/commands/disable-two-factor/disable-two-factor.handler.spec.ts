import * as argon2 from 'argon2';
import {
  errorCode,
  fakeManager,
  fakeRunner,
  testMeta,
  testUser,
} from '../../../../core/cqrs/testing';
import { DisableTwoFactorCommand } from './disable-two-factor.command';
import { DisableTwoFactorHandler } from './disable-two-factor.handler';

async function setup(enabled: boolean) {
  const passwordHash = await argon2.hash('pass-1234');
  const m = fakeManager([
    [
      /FROM users WHERE id = \$1/,
      [{ id: 'u-1', passwordHash, totpEnabledAt: enabled ? new Date() : null }],
    ],
  ]);
  const runner = fakeRunner(m);
  return { m, runner, h: new DisableTwoFactorHandler(runner) };
}

describe('DisableTwoFactorHandler', () => {
  it('clears the secret and the recovery codes with the password, and audits it', async () => {
    const { m, runner, h } = await setup(true);
    await h.execute(new DisableTwoFactorCommand(testUser(), 'pass-1234', testMeta));
    expect(m.calls.find((c) => /totp_secret = NULL/.test(c.sql))?.params).toEqual(['u-1']);
    expect(runner.tx!.audits).toEqual([
      { action: 'user.two-factor.disable', entity: 'user', entityId: 'u-1' },
    ]);
  });

  it('refuses a wrong password, and answers NOT_ENABLED when it is off', async () => {
    const on = await setup(true);
    expect(
      await errorCode(on.h.execute(new DisableTwoFactorCommand(testUser(), 'nope', testMeta))),
    ).toBe('WRONG_PASSWORD');
    expect(on.runner.tx).toBeUndefined();
    const off = await setup(false);
    expect(
      await errorCode(
        off.h.execute(new DisableTwoFactorCommand(testUser(), 'pass-1234', testMeta)),
      ),
    ).toBe('TWO_FACTOR_NOT_ENABLED');
  });
});
