import { CommandHandler } from '@nestjs/cqrs';
import {
  CommandRunner,
  TransactionalCommandHandler,
  type CommandTransaction,
} from '../../../../core/cqrs';
import { Errors } from '../../../../core/errors/app.exception';
import { RoleEntity } from '../../entities/role.entity';
import { UpdateRoleCommand } from './update-role.command';

/** UpdateRole: the role locked, patched and audited with before/after. */
@CommandHandler(UpdateRoleCommand)
export class UpdateRoleHandler extends TransactionalCommandHandler<UpdateRoleCommand> {
  constructor(runner: CommandRunner) {
    super(runner);
  }

  protected async handle(
    { roleId: id, dto }: UpdateRoleCommand,
    tx: CommandTransaction,
  ): Promise<void> {
    const { m } = tx;
    const before = await m.findOne(RoleEntity, {
      where: { id },
      lock: { mode: 'pessimistic_write' },
    });
    if (!before) throw Errors.notFound();
    const patch: Partial<RoleEntity> = {};
    if (dto.name !== undefined) patch.name = dto.name.trim();
    if (dto.permissions !== undefined) patch.permissions = dto.permissions;
    if (dto.isDriver !== undefined) patch.isDriver = dto.isDriver;
    await m.update(RoleEntity, { id }, patch);
    tx.audit({
      action: 'role.update',
      entity: 'role',
      entityId: id,
      before,
      after: { ...before, ...patch },
    });
  }
}
