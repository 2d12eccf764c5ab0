import { HttpStatus } from '@nestjs/common';
import { CommandHandler } from '@nestjs/cqrs';
import { SessionService } from '../../../../core/auth/session.service';
import {
  CommandRunner,
  TransactionalCommandHandler,
  type CommandTransaction,
} from '../../../../core/cqrs';
import { AppException } from '../../../../core/errors/app.exception';
import { UserEntity } from '../../entities/user.entity';
import { accountRow, checkPassword } from '../../services/account.service';
import { hashPassword } from '../../services/sign-in.service';
import { ChangePasswordCommand } from './change-password.command';

/**
 * ChangePassword: the current password proven and the new one different (checked and hashed
 * before the transaction opens); the user's other sessions end, this one stays.
 */
@CommandHandler(ChangePasswordCommand)
export class ChangePasswordHandler extends TransactionalCommandHandler<ChangePasswordCommand> {
  constructor(
    runner: CommandRunner,
    private readonly sessions: SessionService,
  ) {
    super(runner);
  }

  override async execute(command: ChangePasswordCommand): Promise<void> {
    const { user, currentPassword, newPassword, meta } = command;
    const current = await accountRow(this.runner.manager, user.id);
    await checkPassword(current.passwordHash, currentPassword);
    if (currentPassword === newPassword)
      throw new AppException('PASSWORD_UNCHANGED', HttpStatus.BAD_REQUEST);
    const passwordHash = await hashPassword(newPassword);
    return super.execute(new ChangePasswordCommand(user, '', '', meta, passwordHash));
  }

  protected async handle(
    { user, passwordHash }: ChangePasswordCommand,
    tx: CommandTransaction,
  ): Promise<void> {
    await tx.m.update(
      UserEntity,
      { id: user.id },
      { passwordHash: passwordHash!, mustChangePassword: false },
    );
    await this.sessions.revokeOthers(tx.m, user.id, user.sessionId);
    tx.audit({ action: 'user.change-password', entity: 'user', entityId: user.id });
  }
}
