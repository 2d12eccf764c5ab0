import { HttpStatus } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { AuthUser } from '../../../core/auth/auth.types';
import { AppException } from '../../../core/errors/app.exception';
import { BranchEntity } from '../../branches';
import { RoleEntity } from '../entities/role.entity';
import { UserEntity } from '../entities/user.entity';

/**
 * Who is acting: only an administrator may touch administrators or the isAdmin flag; anyone else
 * hands out (and manages users holding) only roles within their own permissions.
 */
export type Actor = Pick<AuthUser, 'id' | 'isAdmin' | 'permissions'> &
  Partial<Pick<AuthUser, 'branchId' | 'maxDiscountPercent'>>;

export const adminRequired = () => new AppException('ADMIN_REQUIRED', HttpStatus.FORBIDDEN);
export const roleTooStrong = () => new AppException('ROLE_TOO_STRONG', HttpStatus.FORBIDDEN);
export const ownRoleChange = () => new AppException('OWN_ROLE_CHANGE', HttpStatus.FORBIDDEN);
export const ownAccountChange = () => new AppException('OWN_ACCOUNT_CHANGE', HttpStatus.FORBIDDEN);
const branchOutOfReach = () => new AppException('BRANCH_OUT_OF_REACH', HttpStatus.FORBIDDEN);

/**
 * What a non-administrator may hand out (issue 11): a discount cap up to their own, in their own
 * branch only. `can_see_branches` widens reading, not managing (as for stock: branchWriteScope).
 */
export function checkGrant(
  actor: Actor,
  next: { branchId?: string | null; maxDiscountPercent?: number },
): void {
  if (actor.isAdmin) return;
  if (next.branchId !== undefined && (next.branchId === null || next.branchId !== actor.branchId))
    throw branchOutOfReach();
  const cap = actor.maxDiscountPercent ?? 0;
  if (next.maxDiscountPercent !== undefined && next.maxDiscountPercent > cap) {
    throw new AppException('DISCOUNT_CAP_TOO_HIGH', HttpStatus.FORBIDDEN, { max: cap });
  }
}

/** A user manager outside their branch (a non-administrator): the target user's branch must be theirs. */
export function checkReach(actor: Actor, target: { branchId: string | null }): void {
  if (!actor.isAdmin && (target.branchId === null || target.branchId !== actor.branchId))
    throw branchOutOfReach();
}

export async function checkUserRefs(
  m: EntityManager,
  dto: { roleId?: string | null; branchId?: string | null },
): Promise<void> {
  if (dto.roleId && !(await m.exists(RoleEntity, { where: { id: dto.roleId } }))) {
    throw new AppException('VALIDATION_FAILED', HttpStatus.BAD_REQUEST, {}, [
      { key: 'validation.user.role' },
    ]);
  }
  if (dto.branchId && !(await m.exists(BranchEntity, { where: { id: dto.branchId } }))) {
    throw new AppException('VALIDATION_FAILED', HttpStatus.BAD_REQUEST, {}, [
      { key: 'validation.user.branch' },
    ]);
  }
}

/**
 * Whether every permission of the role (none: no role, or an unknown one, which checkUserRefs
 * reports) is one the actor holds. An administrator holds them all.
 */
export async function roleWithin(
  m: EntityManager,
  roleId: string | null | undefined,
  actor: Actor,
): Promise<boolean> {
  if (actor.isAdmin || !roleId) return true;
  const role = await m.findOneBy(RoleEntity, { id: roleId });
  return !role || role.permissions.every((key) => actor.permissions.includes(key));
}

/** The last active administrator can be neither deactivated nor demoted. */
export async function guardLastAdmin(
  m: EntityManager,
  id: string,
  next: { isAdmin?: boolean; active?: boolean },
): Promise<void> {
  if (next.isAdmin !== false && next.active !== false) return;
  const [{ count }] = await m.query(
    `SELECT count(*)::int AS count FROM users WHERE is_admin AND active AND id <> $1`,
    [id],
  );
  const target = await m.findOneBy(UserEntity, { id });
  if (target?.isAdmin && target.active && count === 0) {
    throw new AppException('LAST_ADMIN', HttpStatus.CONFLICT);
  }
}
