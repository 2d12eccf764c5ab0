import { HttpStatus } from '@nestjs/common';
import { CommandHandler } from '@nestjs/cqrs';
import {
  CommandRunner,
  TransactionalCommandHandler,
  type CommandTransaction,
} from '../../../../core/cqrs';
import { AppException } from '../../../../core/errors/app.exception';
import { RoleEntity } from '../../entities/role.entity';
import { UserEntity } from '../../entities/user.entity';
import { DeleteRoleCommand } from './delete-role.command';
import { lockRow } from '../../../../core/database/updates';

/** DeleteRole: refused (IN_USE) while a user holds it. */
@CommandHandler(DeleteRoleCommand)
export class DeleteRoleHandler extends TransactionalCommandHandler<DeleteRoleCommand> {
  constructor(runner: CommandRunner) {
    super(runner);
  }

  protected async handle({ roleId: id }: DeleteRoleCommand, tx: CommandTransaction): Promise<void> {
    const { m } = tx;
    const before = await lockRow(m, RoleEntity, id);
    if (await m.exists(UserEntity, { where: { roleId: id } })) {
      throw new AppException('IN_USE', HttpStatus.CONFLICT);
    }
    await m.delete(RoleEntity, { id });
    tx.audit({ action: 'role.delete', entity: 'role', entityId: id, before });
  }
}
