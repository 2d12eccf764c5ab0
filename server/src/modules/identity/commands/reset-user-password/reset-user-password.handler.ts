import { CommandHandler } from '@nestjs/cqrs';
import { SessionService } from '../../../../core/auth/session.service';
import {
  CommandRunner,
  TransactionalCommandHandler,
  type CommandTransaction,
} from '../../../../core/cqrs';
import { UserEntity } from '../../entities/user.entity';
import { hashPassword } from '../../services/sign-in.service';
import { adminRequired, checkReach, roleTooStrong, roleWithin } from '../../services/user-rules';
import { ResetUserPasswordCommand } from './reset-user-password.command';
import { lockRow } from '../../../../core/database/updates';

/**
 * ResetUserPassword: never an administrator's by a non-administrator, only within the actor's
 * branch and roles; every session of the user ends. Hashed before the transaction opens.
 */
@CommandHandler(ResetUserPasswordCommand)
export class ResetUserPasswordHandler extends TransactionalCommandHandler<ResetUserPasswordCommand> {
  constructor(
    runner: CommandRunner,
    private readonly sessions: SessionService,
  ) {
    super(runner);
  }

  override async execute(command: ResetUserPasswordCommand): Promise<void> {
    const { userId, password, mustChangePassword, actor, meta } = command;
    const passwordHash = await hashPassword(password);
    return super.execute(
      new ResetUserPasswordCommand(userId, '', mustChangePassword, actor, meta, passwordHash),
    );
  }

  protected async handle(
    { userId: id, mustChangePassword, actor, passwordHash }: ResetUserPasswordCommand,
    tx: CommandTransaction,
  ): Promise<void> {
    const { m } = tx;
    const found = await lockRow(m, UserEntity, id);
    // Resetting an administrator's password would hand over the administrator's account.
    if (found.isAdmin && !actor.isAdmin) throw adminRequired();
    checkReach(actor, found);
    if (!(await roleWithin(m, found.roleId, actor))) throw roleTooStrong();
    await m.update(UserEntity, { id }, { passwordHash: passwordHash!, mustChangePassword });
    await this.sessions.revokeAllForUser(m, id);
    tx.audit({ action: 'user.reset-password', entity: 'user', entityId: id });
  }
}
