import { HttpStatus } from '@nestjs/common';
import { CommandHandler } from '@nestjs/cqrs';
import {
  CommandRunner,
  TransactionalCommandHandler,
  type CommandTransaction,
} from '../../../../core/cqrs';
import { AppException, Errors } from '../../../../core/errors/app.exception';
import { RoleEntity } from '../../entities/role.entity';
import { UserEntity } from '../../entities/user.entity';
import { DeleteRoleCommand } from './delete-role.command';

/** DeleteRole: refused (IN_USE) while a user holds it. */
@CommandHandler(DeleteRoleCommand)
export class DeleteRoleHandler extends TransactionalCommandHandler<DeleteRoleCommand> {
  constructor(runner: CommandRunner) {
    super(runner);
  }

  protected async handle({ roleId: id }: DeleteRoleCommand, tx: CommandTransaction): Promise<void> {
    const { m } = tx;
    const before = await m.findOne(RoleEntity, {
      where: { id },
      lock: { mode: 'pessimistic_write' },
    });
    if (!before) throw Errors.notFound();
    if (await m.exists(UserEntity, { where: { roleId: id } })) {
      throw new AppException('IN_USE', HttpStatus.CONFLICT);
    }
    await m.delete(RoleEntity, { id });
    tx.audit({ action: 'role.delete', entity: 'role', entityId: id, before });
  }
}
