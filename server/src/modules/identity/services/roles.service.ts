import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { v7 as uuidv7 } from 'uuid';
import type { ListQueryDto, RoleCreateDto, RoleResponseDto, RoleUpdateDto } from '@pos/contracts';
import { AuditService } from '../../../core/audit/audit.service';
import type { AuthUser } from '../../../core/auth/auth.types';
import type { RequestMeta } from '../../../core/auth/decorators';
import { AppException, Errors } from '../../../core/errors/app.exception';
import { likeEscape, pageOf } from '../../../core/http/list';
import { RoleEntity } from '../entities/role.entity';
import { UserEntity } from '../entities/user.entity';

@Injectable()
export class RolesService {
  constructor(@InjectDataSource() private readonly ds: DataSource, private readonly audit: AuditService) {}

  async list(query: ListQueryDto): Promise<{ rows: RoleResponseDto[]; total: number }> {
    const { skip, take } = pageOf(query, 100);
    const params: unknown[] = [];
    let where = '';
    if (query.q?.trim()) {
      params.push(`%${likeEscape(query.q.trim())}%`);
      where = `WHERE r.name ILIKE $${params.length}`;
    }
    const [{ total }] = await this.ds.query(`SELECT count(*)::int AS total FROM roles r ${where}`, params);
    const rows = await this.ds.query(
      `SELECT r.id, r.name, r.permissions, (SELECT count(*)::int FROM users u WHERE u.role_id = r.id) AS "userCount"
         FROM roles r ${where} ORDER BY r.name LIMIT ${take} OFFSET ${skip}`,
      params,
    );
    return { rows, total };
  }

  /**
   * Every role's name, and whether the actor may give it to a user: an administrator any role,
   * anyone else only a role whose permissions they all hold themselves.
   */
  async options(actor: Pick<AuthUser, 'isAdmin' | 'permissions'>): Promise<{ id: string; name: string; assignable: boolean }[]> {
    return this.ds.query('SELECT id, name, ($1::boolean OR permissions <@ $2::text[]) AS assignable FROM roles ORDER BY name', [
      actor.isAdmin,
      actor.permissions,
    ]);
  }

  async get(id: string): Promise<RoleResponseDto> {
    const rows = await this.ds.query(
      `SELECT r.id, r.name, r.permissions, (SELECT count(*)::int FROM users u WHERE u.role_id = r.id) AS "userCount"
         FROM roles r WHERE r.id = $1`,
      [id],
    );
    if (!rows[0]) throw Errors.notFound();
    return rows[0];
  }

  async create(dto: RoleCreateDto, meta: RequestMeta): Promise<RoleResponseDto> {
    const id = uuidv7();
    await this.ds.transaction(async (m) => {
      await m.insert(RoleEntity, { id, name: dto.name.trim(), permissions: dto.permissions });
      await this.audit.record(m, meta, { action: 'role.create', entity: 'role', entityId: id, after: dto });
    });
    return this.get(id);
  }

  async update(id: string, dto: RoleUpdateDto, meta: RequestMeta): Promise<RoleResponseDto> {
    await this.ds.transaction(async (m) => {
      const before = await m.findOne(RoleEntity, { where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!before) throw Errors.notFound();
      const patch: Partial<RoleEntity> = {};
      if (dto.name !== undefined) patch.name = dto.name.trim();
      if (dto.permissions !== undefined) patch.permissions = dto.permissions;
      await m.update(RoleEntity, { id }, patch);
      await this.audit.record(m, meta, { action: 'role.update', entity: 'role', entityId: id, before, after: { ...before, ...patch } });
    });
    return this.get(id);
  }

  async remove(id: string, meta: RequestMeta): Promise<void> {
    await this.ds.transaction(async (m) => {
      const before = await m.findOne(RoleEntity, { where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!before) throw Errors.notFound();
      if (await m.exists(UserEntity, { where: { roleId: id } })) {
        throw new AppException('IN_USE', HttpStatus.CONFLICT);
      }
      await m.delete(RoleEntity, { id });
      await this.audit.record(m, meta, { action: 'role.delete', entity: 'role', entityId: id, before });
    });
  }
}
