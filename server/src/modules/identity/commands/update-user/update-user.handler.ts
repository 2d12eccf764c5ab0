import { CommandHandler } from '@nestjs/cqrs';
import type { UserResponseDto } from '@pos/contracts';
import { SessionService } from '../../../../core/auth/session.service';
import {
  CommandRunner,
  TransactionalCommandHandler,
  type CommandTransaction,
} from '../../../../core/cqrs';
import { UserEntity } from '../../entities/user.entity';
import {
  adminRequired,
  checkGrant,
  checkReach,
  checkUserRefs,
  guardLastAdmin,
  ownAccountChange,
  ownRoleChange,
  roleTooStrong,
  roleWithin,
} from '../../services/user-rules';
import { UsersService } from '../../queries/users.queries';
import { UpdateUserCommand } from './update-user.command';

const FIELDS = [
  'displayName',
  'phone',
  'roleId',
  'branchId',
  'screens',
  'isAdmin',
  'active',
  'maxDiscountPercent',
] as const;

/**
 * UpdateUser: administrators are edited by administrators only; nobody changes their own cap,
 * branch or role; a non-administrator reaches users of their branch and roles within their own
 * permissions; the last active administrator stays. Deactivation signs the user out everywhere.
 */
@CommandHandler(UpdateUserCommand)
export class UpdateUserHandler extends TransactionalCommandHandler<
  UpdateUserCommand,
  UserResponseDto
> {
  constructor(
    runner: CommandRunner,
    private readonly users: UsersService,
    private readonly sessions: SessionService,
  ) {
    super(runner);
  }

  protected async handle(
    { userId: id, dto, actor }: UpdateUserCommand,
    tx: CommandTransaction,
  ): Promise<UserResponseDto> {
    const { m } = tx;
    await m.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [id]);
    const before = await this.users.get(id, m);
    // An administrator is edited (or deactivated) by an administrator only, and only an
    // administrator grants or removes the flag. Sending the unchanged value is no change.
    if (
      !actor.isAdmin &&
      (before.isAdmin || (dto.isAdmin !== undefined && dto.isAdmin !== before.isAdmin))
    ) {
      throw adminRequired();
    }
    await checkUserRefs(m, dto);
    // Nobody changes their own cap, branch or role (another user manager does; an
    // administrator dropping their own flag is guarded by LAST_ADMIN); resending the unchanged
    // value is no change.
    if (id === actor.id) {
      const changes = (key: 'maxDiscountPercent' | 'branchId') =>
        dto[key] !== undefined && (dto[key] ?? null) !== (before[key] ?? null);
      if (changes('maxDiscountPercent') || changes('branchId')) throw ownAccountChange();
      if (dto.roleId !== undefined && (dto.roleId ?? null) !== (before.roleId ?? null))
        throw ownRoleChange();
    }
    if (!actor.isAdmin) {
      checkReach(actor, before);
      checkGrant(actor, {
        branchId:
          dto.branchId === undefined || dto.branchId === before.branchId ? undefined : dto.branchId,
        maxDiscountPercent:
          dto.maxDiscountPercent === undefined ||
          dto.maxDiscountPercent === before.maxDiscountPercent
            ? undefined
            : dto.maxDiscountPercent,
      });
      // A user holding a stronger role than the actor's is out of the actor's reach (else a
      // password reset or an edit would hand over those permissions).
      if (!(await roleWithin(m, before.roleId, actor))) throw roleTooStrong();
      // The role changes only if it differs (the form sends the unchanged value).
      const roleChanges =
        dto.roleId !== undefined && (dto.roleId ?? null) !== (before.roleId ?? null);
      if (roleChanges && !(await roleWithin(m, dto.roleId, actor))) throw roleTooStrong();
    }
    await guardLastAdmin(m, id, dto);
    const patch: Partial<UserEntity> = {};
    for (const key of FIELDS) {
      if (dto[key] !== undefined) (patch as Record<string, unknown>)[key] = dto[key];
    }
    if (Object.keys(patch).length) await m.update(UserEntity, { id }, patch);
    // Deactivation signs the user out at once, everywhere.
    if (dto.active === false) await this.sessions.revokeAllForUser(m, id);
    const after = await this.users.get(id, m);
    tx.audit({ action: 'user.update', entity: 'user', entityId: id, before, after });
    return after;
  }
}
