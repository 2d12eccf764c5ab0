import type { DataSource } from 'typeorm';
import type { AuthUser } from '../auth/auth.types';
import { branchReadScope } from '../auth/branch-scope';
import { Errors } from '../errors/app.exception';
import { pageOf, searchPatterns, sortOf } from '../http/list';
import {
  sqlNormalized,
  type AnyResource,
  type Bind,
  type ResourceQuery,
} from './resource-definition';

/** The reads of a resource: a page of rows with the total, and one row; both in the user's branch scope. */
export class ResourceQueries {
  constructor(
    private readonly ds: DataSource,
    private readonly def: AnyResource,
  ) {}

  private scope(user: AuthUser, bind: Bind): string[] {
    const branch = this.def.branch && branchReadScope(user);
    return branch ? [`${this.def.branch!.column} = ${bind(branch)}`] : [];
  }

  async list(query: ResourceQuery, user: AuthUser): Promise<{ rows: unknown[]; total: number }> {
    const { def } = this;
    const params: unknown[] = [];
    const bind: Bind = (value) => `$${params.push(value)}`;
    const where = this.scope(user, bind);
    for (const [key, condition] of Object.entries(def.filters ?? {})) {
      const value = query[key];
      if (value !== undefined && value !== null && value !== '')
        where.push(condition(String(value), bind));
    }
    for (const pattern of query.q ? searchPatterns(query.q) : []) {
      const p = bind(pattern);
      where.push(`(${def.search.map((e) => `${sqlNormalized(e)} LIKE ${p}`).join(' OR ')})`);
    }
    const from = `FROM ${def.table} t ${def.joins ?? ''} ${where.length ? `WHERE ${where.join(' AND ')}` : ''}`;
    const { column, direction } = sortOf(query, def.sort, def.descriptor.defaultSort);
    // A sort may name several expressions ('t.sort_order, t.name_ar'): each takes the direction.
    const order = column
      .split(',')
      .map((e) => `${e.trim()} ${direction} NULLS LAST`)
      .join(', ');
    const { skip, take } = pageOf(query, def.pageSize);
    const [{ total }] = await this.ds.query(`SELECT count(*)::int AS total ${from}`, params);
    const rows = await this.ds.query(
      `SELECT ${def.columns} ${from} ORDER BY ${order}, t.id LIMIT ${take} OFFSET ${skip}`,
      params,
    );
    return { rows: def.toRow ? rows.map((r: unknown) => def.toRow!(r, user)) : rows, total };
  }

  /** One row in the user's read scope (`scoped: false`: any row, e.g. the one just written). */
  async one(id: string, user: AuthUser, scoped = true): Promise<unknown> {
    const params: unknown[] = [id];
    const bind: Bind = (value) => `$${params.push(value)}`;
    const where = ['t.id = $1', ...(scoped ? this.scope(user, bind) : [])];
    const [row] = await this.ds.query(
      `SELECT ${this.def.columns} FROM ${this.def.table} t ${this.def.joins ?? ''} WHERE ${where.join(' AND ')}`,
      params,
    );
    if (!row) throw Errors.notFound();
    return this.def.toRow ? this.def.toRow(row, user) : row;
  }
}
