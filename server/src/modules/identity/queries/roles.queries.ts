import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { ListQueryDto, RoleResponseDto } from '@pos/contracts';
import type { AuthUser } from '../../../core/auth/auth.types';
import { Errors } from '../../../core/errors/app.exception';
import { likeEscape, pageOf } from '../../../core/http/list';

@Injectable()
export class RolesService {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  async list(query: ListQueryDto): Promise<{ rows: RoleResponseDto[]; total: number }> {
    const { skip, take } = pageOf(query, 100);
    const params: unknown[] = [];
    let where = '';
    if (query.q?.trim()) {
      params.push(`%${likeEscape(query.q.trim())}%`);
      where = `WHERE r.name ILIKE $${params.length}`;
    }
    const [{ total }] = await this.ds.query(
      `SELECT count(*)::int AS total FROM roles r ${where}`,
      params,
    );
    const rows = await this.ds.query(
      `SELECT r.id, r.name, r.permissions, r.is_driver AS "isDriver", (SELECT count(*)::int FROM users u WHERE u.role_id = r.id) AS "userCount"
         FROM roles r ${where} ORDER BY r.name LIMIT ${take} OFFSET ${skip}`,
      params,
    );
    return { rows, total };
  }

  /**
   * Every role's name, and whether the actor may give it to a user: an administrator any role,
   * anyone else only a role whose permissions they all hold themselves.
   */
  async options(
    actor: Pick<AuthUser, 'isAdmin' | 'permissions'>,
  ): Promise<{ id: string; name: string; assignable: boolean }[]> {
    return this.ds.query(
      'SELECT id, name, ($1::boolean OR permissions <@ $2::text[]) AS assignable FROM roles ORDER BY name',
      [actor.isAdmin, actor.permissions],
    );
  }

  async get(id: string): Promise<RoleResponseDto> {
    const rows = await this.ds.query(
      `SELECT r.id, r.name, r.permissions, r.is_driver AS "isDriver", (SELECT count(*)::int FROM users u WHERE u.role_id = r.id) AS "userCount"
         FROM roles r WHERE r.id = $1`,
      [id],
    );
    if (!rows[0]) throw Errors.notFound();
    return rows[0];
  }
}
