import { HttpStatus } from '@nestjs/common';
import { CommandHandler } from '@nestjs/cqrs';
import {
  CommandRunner,
  TransactionalCommandHandler,
  type CommandTransaction,
} from '../../../../core/cqrs';
import { AppException } from '../../../../core/errors/app.exception';
import { accountRow, checkPassword } from '../../services/account.service';
import { DisableTwoFactorCommand } from './disable-two-factor.command';

/** DisableTwoFactor: only when it is on, and with the password (checked before the transaction). */
@CommandHandler(DisableTwoFactorCommand)
export class DisableTwoFactorHandler extends TransactionalCommandHandler<DisableTwoFactorCommand> {
  constructor(runner: CommandRunner) {
    super(runner);
  }

  override async execute(command: DisableTwoFactorCommand): Promise<void> {
    const row = await accountRow(this.runner.manager, command.user.id);
    if (!row.totpEnabledAt) throw new AppException('TWO_FACTOR_NOT_ENABLED', HttpStatus.CONFLICT);
    await checkPassword(row.passwordHash, command.password);
    return super.execute(command);
  }

  protected async handle({ user }: DisableTwoFactorCommand, tx: CommandTransaction): Promise<void> {
    await tx.m.query(
      `UPDATE users SET totp_secret = NULL, totp_pending_secret = NULL, totp_enabled_at = NULL,
                totp_recovery_codes = '{}', totp_last_step = NULL WHERE id = $1`,
      [user.id],
    );
    tx.audit({ action: 'user.two-factor.disable', entity: 'user', entityId: user.id });
  }
}
