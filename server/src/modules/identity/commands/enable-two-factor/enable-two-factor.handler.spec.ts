import type { SecretsService } from '../../../../core/auth/secrets.service';
import {
  errorCode,
  fakeManager,
  fakeRunner,
  testMeta,
  testUser,
} from '../../../../core/cqrs/testing';
import { currentTotp, newTotpSecret } from '../../services/two-factor';
import { EnableTwoFactorCommand } from './enable-two-factor.command';
import { EnableTwoFactorHandler } from './enable-two-factor.handler';

const secret = newTotpSecret();
const secrets = { decrypt: (s: string) => s.replace(/^enc:/, '') } as unknown as SecretsService;
const pending = (row: object) => fakeManager([[/FOR UPDATE/, [row]]]);

describe('EnableTwoFactorHandler', () => {
  it('switches it on with a valid code, stores the recovery codes hashed, and audits it', async () => {
    const m = pending({ totpEnabledAt: null, totpPendingSecret: `enc:${secret}` });
    const runner = fakeRunner(m);
    const { recoveryCodes } = await new EnableTwoFactorHandler(runner, secrets).execute(
      new EnableTwoFactorCommand(testUser(), currentTotp(secret), testMeta),
    );
    expect(recoveryCodes).toHaveLength(10);
    const stored = m.calls.find((c) => /totp_secret = totp_pending_secret/.test(c.sql))!;
    expect(stored.params[0]).toBe('u-1');
    expect(stored.params[1]).not.toContain(recoveryCodes[0]);
    expect(runner.tx!.audits).toEqual([
      { action: 'user.two-factor.enable', entity: 'user', entityId: 'u-1' },
    ]);
  });

  it('refuses a wrong code, and a set-up never started', async () => {
    const wrong = pending({ totpEnabledAt: null, totpPendingSecret: `enc:${secret}` });
    expect(
      await errorCode(
        new EnableTwoFactorHandler(fakeRunner(wrong), secrets).execute(
          new EnableTwoFactorCommand(testUser(), '000000x', testMeta),
        ),
      ),
    ).toBe('TWO_FACTOR_INVALID');
    expect(wrong.calls.some((c) => /^UPDATE/.test(c.sql))).toBe(false);
    expect(
      await errorCode(
        new EnableTwoFactorHandler(
          fakeRunner(pending({ totpEnabledAt: null, totpPendingSecret: null })),
          secrets,
        ).execute(new EnableTwoFactorCommand(testUser(), '123456', testMeta)),
      ),
    ).toBe('TWO_FACTOR_NOT_STARTED');
  });
});
