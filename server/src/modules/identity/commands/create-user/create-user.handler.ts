import { CommandHandler } from '@nestjs/cqrs';
import type { UserResponseDto } from '@pos/contracts';
import { uuidv7 } from '../../../../core/database/ids';
import {
  CommandRunner,
  TransactionalCommandHandler,
  type CommandTransaction,
} from '../../../../core/cqrs';
import { UserEntity } from '../../entities/user.entity';
import { hashPassword } from '../../services/sign-in.service';
import {
  adminRequired,
  checkGrant,
  checkUserRefs,
  roleTooStrong,
  roleWithin,
} from '../../services/user-rules';
import { UsersService } from '../../queries/users.queries';
import { CreateUserCommand } from './create-user.command';

/**
 * CreateUser: can_manage_users alone mints no administrator and hands out no role, branch or
 * discount cap beyond the actor's own. The password is hashed before the transaction opens.
 */
@CommandHandler(CreateUserCommand)
export class CreateUserHandler extends TransactionalCommandHandler<
  CreateUserCommand,
  UserResponseDto
> {
  constructor(
    runner: CommandRunner,
    private readonly users: UsersService,
  ) {
    super(runner);
  }

  override async execute({ dto, actor, meta }: CreateUserCommand): Promise<UserResponseDto> {
    if (dto.isAdmin === true && !actor.isAdmin) throw adminRequired();
    // A non-administrator's new user lands in their own branch unless another (refused) is named.
    if (!actor.isAdmin && dto.branchId === undefined)
      dto = { ...dto, branchId: actor.branchId ?? null };
    checkGrant(actor, dto);
    const passwordHash = await hashPassword(dto.password);
    return super.execute(new CreateUserCommand(dto, actor, meta, passwordHash));
  }

  protected async handle(
    { dto, actor, passwordHash }: CreateUserCommand,
    tx: CommandTransaction,
  ): Promise<UserResponseDto> {
    const { m } = tx;
    const id = uuidv7();
    await checkUserRefs(m, dto);
    // Nor hand out permissions its holder does not have.
    if (!(await roleWithin(m, dto.roleId, actor))) throw roleTooStrong();
    await m.insert(UserEntity, {
      id,
      username: dto.username.toLowerCase(),
      displayName: dto.displayName.trim(),
      phone: dto.phone ?? null,
      passwordHash: passwordHash!,
      roleId: dto.roleId ?? null,
      branchId: dto.branchId ?? null,
      screens: dto.screens ?? [],
      isAdmin: dto.isAdmin ?? false,
      active: dto.active ?? true,
      maxDiscountPercent: dto.maxDiscountPercent ?? 0,
    });
    const after = await this.users.get(id, m);
    tx.audit({ action: 'user.create', entity: 'user', entityId: id, after });
    return after;
  }
}
