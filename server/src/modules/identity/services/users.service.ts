import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { v7 as uuidv7 } from 'uuid';
import type {
  UserCreateDto,
  UserListQueryDto,
  UserResponseDto,
  UserUpdateDto,
} from '@pos/contracts';
import { AuditService } from '../../../core/audit/audit.service';
import type { AuthUser } from '../../../core/auth/auth.types';
import type { RequestMeta } from '../../../core/auth/decorators';
import { SessionService } from '../../../core/auth/session.service';
import { AppException, Errors } from '../../../core/errors/app.exception';
import { likeEscape, pageOf } from '../../../core/http/list';
import { BranchEntity } from '../../branches';
import { RoleEntity } from '../entities/role.entity';
import { UserEntity } from '../entities/user.entity';
import { hashPassword } from './sign-in.service';

const SELECT = `SELECT u.id, u.username, u.display_name AS "displayName", u.phone, u.role_id AS "roleId",
  r.name AS "roleName", u.branch_id AS "branchId", b.name AS "branchName", u.screens,
  u.is_admin AS "isAdmin", u.active, u.max_discount_percent AS "maxDiscountPercent", u.created_at AS "createdAt"
  FROM users u LEFT JOIN roles r ON r.id = u.role_id LEFT JOIN branches b ON b.id = u.branch_id`;

/**
 * Who is acting: only an administrator may touch administrators or the isAdmin flag; anyone else
 * hands out (and manages users holding) only roles within their own permissions.
 */
export type Actor = Pick<AuthUser, 'id' | 'isAdmin' | 'permissions'> &
  Partial<Pick<AuthUser, 'branchId' | 'maxDiscountPercent'>>;

const adminRequired = () => new AppException('ADMIN_REQUIRED', HttpStatus.FORBIDDEN);
const roleTooStrong = () => new AppException('ROLE_TOO_STRONG', HttpStatus.FORBIDDEN);
const ownRoleChange = () => new AppException('OWN_ROLE_CHANGE', HttpStatus.FORBIDDEN);
const ownAccountChange = () => new AppException('OWN_ACCOUNT_CHANGE', HttpStatus.FORBIDDEN);
const branchOutOfReach = () => new AppException('BRANCH_OUT_OF_REACH', HttpStatus.FORBIDDEN);

/**
 * What a non-administrator may hand out (issue 11): a discount cap up to their own, in their own
 * branch only. `can_see_branches` widens reading, not managing (as for stock: branchWriteScope).
 */
function checkGrant(actor: Actor, next: { branchId?: string | null; maxDiscountPercent?: number }) {
  if (actor.isAdmin) return;
  if (next.branchId !== undefined && (next.branchId === null || next.branchId !== actor.branchId))
    throw branchOutOfReach();
  const cap = actor.maxDiscountPercent ?? 0;
  if (next.maxDiscountPercent !== undefined && next.maxDiscountPercent > cap) {
    throw new AppException('DISCOUNT_CAP_TOO_HIGH', HttpStatus.FORBIDDEN, { max: cap });
  }
}

/** A user manager outside their branch (a non-administrator): the target user's branch must be theirs. */
function checkReach(actor: Actor, target: { branchId: string | null }) {
  if (!actor.isAdmin && (target.branchId === null || target.branchId !== actor.branchId))
    throw branchOutOfReach();
}

@Injectable()
export class UsersService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly audit: AuditService,
    private readonly sessions: SessionService,
  ) {}

  async list(query: UserListQueryDto): Promise<{ rows: UserResponseDto[]; total: number }> {
    const { skip, take } = pageOf(query);
    const params: unknown[] = [];
    const where: string[] = [];
    if (query.q?.trim()) {
      params.push(`%${likeEscape(query.q.trim())}%`);
      where.push(
        `(u.username ILIKE $${params.length} OR u.display_name ILIKE $${params.length} OR u.phone ILIKE $${params.length})`,
      );
    }
    if (query.roleId) {
      params.push(query.roleId);
      where.push(`u.role_id = $${params.length}`);
    }
    if (query.branchId) {
      params.push(query.branchId);
      where.push(`u.branch_id = $${params.length}`);
    }
    if (query.active !== undefined) {
      params.push(query.active === 'true');
      where.push(`u.active = $${params.length}`);
    }
    const clause = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const [{ total }] = await this.ds.query(
      `SELECT count(*)::int AS total FROM users u ${clause}`,
      params,
    );
    const rows = await this.ds.query(
      `${SELECT} ${clause} ORDER BY u.username LIMIT ${take} OFFSET ${skip}`,
      params,
    );
    return { rows, total };
  }

  async get(id: string, manager: EntityManager = this.ds.manager): Promise<UserResponseDto> {
    const rows = await manager.query(`${SELECT} WHERE u.id = $1`, [id]);
    if (!rows[0]) throw Errors.notFound();
    return rows[0];
  }

  private async checkRefs(
    m: EntityManager,
    dto: { roleId?: string | null; branchId?: string | null },
  ) {
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
   * Whether every permission of the role (none: no role, or an unknown one, which checkRefs reports)
   * is one the actor holds. An administrator holds them all.
   */
  private async roleWithin(
    m: EntityManager,
    roleId: string | null | undefined,
    actor: Actor,
  ): Promise<boolean> {
    if (actor.isAdmin || !roleId) return true;
    const role = await m.findOneBy(RoleEntity, { id: roleId });
    return !role || role.permissions.every((key) => actor.permissions.includes(key));
  }

  async create(dto: UserCreateDto, actor: Actor, meta: RequestMeta): Promise<UserResponseDto> {
    // can_manage_users alone must not mint administrators.
    if (dto.isAdmin === true && !actor.isAdmin) throw adminRequired();
    // A non-administrator's new user lands in their own branch unless another (refused) is named.
    if (!actor.isAdmin && dto.branchId === undefined)
      dto = { ...dto, branchId: actor.branchId ?? null };
    checkGrant(actor, dto);
    const id = uuidv7();
    const passwordHash = await hashPassword(dto.password);
    return this.ds.transaction(async (m) => {
      await this.checkRefs(m, dto);
      // Nor hand out permissions its holder does not have.
      if (!(await this.roleWithin(m, dto.roleId, actor))) throw roleTooStrong();
      await m.insert(UserEntity, {
        id,
        username: dto.username.toLowerCase(),
        displayName: dto.displayName.trim(),
        phone: dto.phone ?? null,
        passwordHash,
        roleId: dto.roleId ?? null,
        branchId: dto.branchId ?? null,
        screens: dto.screens ?? [],
        isAdmin: dto.isAdmin ?? false,
        active: dto.active ?? true,
        maxDiscountPercent: dto.maxDiscountPercent ?? 0,
      });
      const after = await this.get(id, m);
      await this.audit.record(m, meta, {
        action: 'user.create',
        entity: 'user',
        entityId: id,
        after,
      });
      return after;
    });
  }

  /** The last active administrator can be neither deactivated nor demoted. */
  private async guardLastAdmin(
    m: EntityManager,
    id: string,
    next: { isAdmin?: boolean; active?: boolean },
  ) {
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

  async update(
    id: string,
    dto: UserUpdateDto,
    actor: Actor,
    meta: RequestMeta,
  ): Promise<UserResponseDto> {
    return this.ds.transaction(async (m) => {
      await m.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [id]);
      const before = await this.get(id, m);
      // An administrator is edited (or deactivated) by an administrator only, and only an
      // administrator grants or removes the flag. Sending the unchanged value is no change.
      if (
        !actor.isAdmin &&
        (before.isAdmin || (dto.isAdmin !== undefined && dto.isAdmin !== before.isAdmin))
      ) {
        throw adminRequired();
      }
      await this.checkRefs(m, dto);
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
            dto.branchId === undefined || dto.branchId === before.branchId
              ? undefined
              : dto.branchId,
          maxDiscountPercent:
            dto.maxDiscountPercent === undefined ||
            dto.maxDiscountPercent === before.maxDiscountPercent
              ? undefined
              : dto.maxDiscountPercent,
        });
        // A user holding a stronger role than the actor's is out of the actor's reach (else a
        // password reset or an edit would hand over those permissions).
        if (!(await this.roleWithin(m, before.roleId, actor))) throw roleTooStrong();
        // The role changes only if it differs (the form sends the unchanged value).
        const roleChanges =
          dto.roleId !== undefined && (dto.roleId ?? null) !== (before.roleId ?? null);
        if (roleChanges && !(await this.roleWithin(m, dto.roleId, actor))) throw roleTooStrong();
      }
      await this.guardLastAdmin(m, id, dto);
      const patch: Partial<UserEntity> = {};
      for (const key of [
        'displayName',
        'phone',
        'roleId',
        'branchId',
        'screens',
        'isAdmin',
        'active',
        'maxDiscountPercent',
      ] as const) {
        if (dto[key] !== undefined) (patch as Record<string, unknown>)[key] = dto[key];
      }
      if (Object.keys(patch).length) await m.update(UserEntity, { id }, patch);
      // Deactivation signs the user out at once, everywhere.
      if (dto.active === false) await this.sessions.revokeAllForUser(m, id);
      const after = await this.get(id, m);
      await this.audit.record(m, meta, {
        action: 'user.update',
        entity: 'user',
        entityId: id,
        before,
        after,
      });
      return after;
    });
  }

  async deactivate(id: string, actor: Actor, meta: RequestMeta): Promise<UserResponseDto> {
    return this.update(id, { active: false }, actor, meta);
  }

  async resetPassword(
    id: string,
    password: string,
    actor: Actor,
    meta: RequestMeta,
    mustChangePassword = false,
  ): Promise<void> {
    const passwordHash = await hashPassword(password);
    await this.ds.transaction(async (m) => {
      const found = await m.findOne(UserEntity, {
        where: { id },
        lock: { mode: 'pessimistic_write' },
      });
      if (!found) throw Errors.notFound();
      // Resetting an administrator's password would hand over the administrator's account.
      if (found.isAdmin && !actor.isAdmin) throw adminRequired();
      checkReach(actor, found);
      if (!(await this.roleWithin(m, found.roleId, actor))) throw roleTooStrong();
      await m.update(UserEntity, { id }, { passwordHash, mustChangePassword });
      await this.sessions.revokeAllForUser(m, id);
      await this.audit.record(m, meta, {
        action: 'user.reset-password',
        entity: 'user',
        entityId: id,
      });
    });
  }
}
