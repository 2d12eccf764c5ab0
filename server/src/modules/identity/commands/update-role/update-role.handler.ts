import { CommandHandler } from '@nestjs/cqrs';
import {
  CommandRunner,
  TransactionalCommandHandler,
  type CommandTransaction,
} from '../../../../core/cqrs';
import { RoleEntity } from '../../entities/role.entity';
import { UpdateRoleCommand } from './update-role.command';
import { lockRow } from '../../../../core/database/updates';

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
    const before = await lockRow(m, RoleEntity, id);
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
