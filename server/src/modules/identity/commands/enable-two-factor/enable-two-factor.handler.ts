import { HttpStatus } from '@nestjs/common';
import { CommandHandler } from '@nestjs/cqrs';
import type { TwoFactorEnabledDto } from '@pos/contracts';
import { SecretsService } from '../../../../core/auth/secrets.service';
import {
  CommandRunner,
  TransactionalCommandHandler,
  type CommandTransaction,
} from '../../../../core/cqrs';
import { AppException } from '../../../../core/errors/app.exception';
import type { AccountRow } from '../../services/account.service';
import { acceptedStep, hashRecoveryCode, newRecoveryCodes } from '../../services/two-factor';
import { EnableTwoFactorCommand } from './enable-two-factor.command';

/** EnableTwoFactor: two-step sign-in is on; the recovery codes are shown once (stored hashed). */
@CommandHandler(EnableTwoFactorCommand)
export class EnableTwoFactorHandler extends TransactionalCommandHandler<
  EnableTwoFactorCommand,
  TwoFactorEnabledDto
> {
  constructor(
    runner: CommandRunner,
    private readonly secrets: SecretsService,
  ) {
    super(runner);
  }

  protected async handle(
    { user, code }: EnableTwoFactorCommand,
    tx: CommandTransaction,
  ): Promise<TwoFactorEnabledDto> {
    const { m } = tx;
    const rows: Pick<AccountRow, 'totpEnabledAt' | 'totpPendingSecret'>[] = await m.query(
      `SELECT totp_enabled_at AS "totpEnabledAt", totp_pending_secret AS "totpPendingSecret" FROM users WHERE id = $1 FOR UPDATE`,
      [user.id],
    );
    const row = rows[0];
    if (row.totpEnabledAt)
      throw new AppException('TWO_FACTOR_ALREADY_ENABLED', HttpStatus.CONFLICT);
    if (!row.totpPendingSecret)
      throw new AppException('TWO_FACTOR_NOT_STARTED', HttpStatus.CONFLICT);
    const secret = this.secrets.decrypt(row.totpPendingSecret);
    const step = acceptedStep(secret, code, null);
    if (step === null) throw new AppException('TWO_FACTOR_INVALID', HttpStatus.BAD_REQUEST);
    const recoveryCodes = newRecoveryCodes();
    await m.query(
      `UPDATE users SET totp_secret = totp_pending_secret, totp_pending_secret = NULL, totp_enabled_at = now(),
                totp_recovery_codes = $2, totp_last_step = $3 WHERE id = $1`,
      [user.id, recoveryCodes.map(hashRecoveryCode), step],
    );
    tx.audit({ action: 'user.two-factor.enable', entity: 'user', entityId: user.id });
    return { recoveryCodes };
  }
}
