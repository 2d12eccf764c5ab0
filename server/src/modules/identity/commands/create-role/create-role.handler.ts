import { CommandHandler } from '@nestjs/cqrs';
import { uuidv7 } from '../../../../core/database/ids';
import {
  CommandRunner,
  TransactionalCommandHandler,
  type CommandTransaction,
} from '../../../../core/cqrs';
import { RoleEntity } from '../../entities/role.entity';
import { CreateRoleCommand } from './create-role.command';

/** CreateRole: returns the new role's id. */
@CommandHandler(CreateRoleCommand)
export class CreateRoleHandler extends TransactionalCommandHandler<CreateRoleCommand, string> {
  constructor(runner: CommandRunner) {
    super(runner);
  }

  protected async handle({ dto }: CreateRoleCommand, tx: CommandTransaction): Promise<string> {
    const id = uuidv7();
    await tx.m.insert(RoleEntity, {
      id,
      name: dto.name.trim(),
      permissions: dto.permissions,
      isDriver: dto.isDriver ?? false,
    });
    tx.audit({ action: 'role.create', entity: 'role', entityId: id, after: dto });
    return id;
  }
}
