import { HttpStatus } from '@nestjs/common';
import { CommandHandler } from '@nestjs/cqrs';
import type { TwoFactorSetupDto } from '@pos/contracts';
import { SecretsService } from '../../../../core/auth/secrets.service';
import { loadConfig } from '../../../../core/config/config';
import {
  CommandRunner,
  TransactionalCommandHandler,
  type CommandTransaction,
} from '../../../../core/cqrs';
import { AppException } from '../../../../core/errors/app.exception';
import { accountRow } from '../../services/account.service';
import { newTotpSecret, totpEnrolment } from '../../services/two-factor';
import { StartTwoFactorSetupCommand } from './start-two-factor-setup.command';

/**
 * StartTwoFactorSetup: a new secret, kept aside (encrypted) until a code from the app confirms
 * it. Not audited (nothing is switched on yet), as before.
 */
@CommandHandler(StartTwoFactorSetupCommand)
export class StartTwoFactorSetupHandler extends TransactionalCommandHandler<
  StartTwoFactorSetupCommand,
  TwoFactorSetupDto
> {
  constructor(
    runner: CommandRunner,
    private readonly secrets: SecretsService,
  ) {
    super(runner);
  }

  protected async handle(
    { user }: StartTwoFactorSetupCommand,
    tx: CommandTransaction,
  ): Promise<TwoFactorSetupDto> {
    const row = await accountRow(tx.m, user.id);
    if (row.totpEnabledAt)
      throw new AppException('TWO_FACTOR_ALREADY_ENABLED', HttpStatus.CONFLICT);
    const secret = newTotpSecret();
    await tx.m.query('UPDATE users SET totp_pending_secret = $2 WHERE id = $1', [
      user.id,
      this.secrets.encrypt(secret),
    ]);
    return { secret, ...(await totpEnrolment(secret, row.username, loadConfig().appName)) };
  }
}
