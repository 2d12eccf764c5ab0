import type { SecretsService } from '../../../../core/auth/secrets.service';
import {
  errorCode,
  fakeManager,
  fakeRunner,
  testMeta,
  testUser,
} from '../../../../core/cqrs/testing';
import { StartTwoFactorSetupCommand } from './start-two-factor-setup.command';
import { StartTwoFactorSetupHandler } from './start-two-factor-setup.handler';

const secrets = { encrypt: (s: string) => `enc:${s}` } as unknown as SecretsService;
const row = (totpEnabledAt: Date | null) =>
  [/FROM users WHERE id = \$1/, [{ id: 'u-1', username: 'sara', totpEnabledAt }]] as const;

describe('StartTwoFactorSetupHandler', () => {
  it('keeps a new secret aside, encrypted, and returns it with its enrolment', async () => {
    const m = fakeManager([[row(null)[0], [...row(null)[1]]]]);
    const runner = fakeRunner(m);
    const setup = await new StartTwoFactorSetupHandler(runner, secrets).execute(
      new StartTwoFactorSetupCommand(testUser(), testMeta),
    );
    expect(setup.secret).toMatch(/^[A-Z2-7]+$/);
    expect(m.calls.find((c) => /totp_pending_secret = \$2/.test(c.sql))?.params).toEqual([
      'u-1',
      `enc:${setup.secret}`,
    ]);
    expect(runner.tx!.audits).toHaveLength(0);
  });

  it('refuses when two-step sign-in is already on', async () => {
    const m = fakeManager([[row(new Date())[0], [...row(new Date())[1]]]]);
    expect(
      await errorCode(
        new StartTwoFactorSetupHandler(fakeRunner(m), secrets).execute(
          new StartTwoFactorSetupCommand(testUser(), testMeta),
        ),
      ),
    ).toBe('TWO_FACTOR_ALREADY_ENABLED');
    expect(m.calls.some((c) => /UPDATE/.test(c.sql))).toBe(false);
  });
});
