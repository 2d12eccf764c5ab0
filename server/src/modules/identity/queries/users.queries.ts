import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { UserListQueryDto, UserResponseDto } from '@pos/contracts';
import { Errors } from '../../../core/errors/app.exception';
import { likeEscape, pageOf } from '../../../core/http/list';

const SELECT = `SELECT u.id, u.username, u.display_name AS "displayName", u.phone, u.role_id AS "roleId",
  r.name AS "roleName", u.branch_id AS "branchId", b.name AS "branchName", u.screens,
  u.is_admin AS "isAdmin", u.active, u.max_discount_percent AS "maxDiscountPercent", u.created_at AS "createdAt"
  FROM users u LEFT JOIN roles r ON r.id = u.role_id LEFT JOIN branches b ON b.id = u.branch_id`;

@Injectable()
export class UsersService {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

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
}
