import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { ReservationDto, ReservationListQueryDto } from '@pos/contracts';
import type { AuthUser } from '../../../core/auth/auth.types';
import { askedBranch, branchReadScope } from '../../../core/auth/branch-scope';
import { Errors } from '../../../core/errors/app.exception';
import { allWords, ListFilter, listPage } from '../../../core/http/list';
import { columnSorts } from '../../../core/http/column-sorts';
import { rowFields } from '../../../core/database/row-fields';

const SELECT = `SELECT r.id, r.number, r.branch_id, b.name AS branch_name, r.inventory_id, r.customer_id,
    c.name AS customer_name, c.phone AS customer_phone, r.status, r.deposit, r.deposit_outcome, r.vault_id,
    v.name AS vault_name, r.expires_at, r.sale_id, r.note, r.created_at, r.closed_at,
    COALESCE(u.display_name, u.username) AS created_by_name,
    (SELECT COALESCE(sum(round(l.quantity * l.unit_price)), 0) FROM reservation_lines l WHERE l.reservation_id = r.id) AS total
  FROM reservations r
  JOIN branches b ON b.id = r.branch_id
  JOIN customers c ON c.id = r.customer_id
  LEFT JOIN vaults v ON v.id = r.vault_id
  LEFT JOIN users u ON u.id = r.created_by`;

const SORTS = columnSorts('r', ['expiresAt', 'createdAt', 'number', 'status', 'deposit']);

/**
 * Reads of reservations: any signed-in user of the branch (the POS's work; docs/decisions/), in
 * the read scope of core/auth/branch-scope.ts.
 */
@Injectable()
export class ReservationsQueries {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  private toDto(r: Record<string, unknown>): Omit<ReservationDto, 'lines'> {
    return {
      ...rowFields(r, [
        'id',
        'number',
        'branch_id',
        'branch_name',
        'inventory_id',
        'customer_id',
        'customer_name',
        'customer_phone?',
        'status',
      ]),
      deposit: Number(r.deposit),
      ...rowFields(r, ['deposit_outcome?', 'vault_id?', 'vault_name?']),
      expiresAt: (r.expires_at as Date).toISOString(),
      saleId: (r.sale_id as string | null) ?? null,
      note: (r.note as string | null) ?? null,
      createdAt: (r.created_at as Date).toISOString(),
      createdByName: (r.created_by_name as string | null) ?? null,
      closedAt: r.closed_at ? (r.closed_at as Date).toISOString() : null,
      total: Number(r.total),
    };
  }

  private async lines(ids: string[]): Promise<Map<string, ReservationDto['lines']>> {
    const out = new Map<string, ReservationDto['lines']>();
    if (!ids.length) return out;
    const rows = await this.ds.query(
      `SELECT l.reservation_id, l.variant_id, p.name_ar, v.properties, v.sku, l.quantity::text AS quantity, l.unit_price
         FROM reservation_lines l JOIN variants v ON v.id = l.variant_id JOIN products p ON p.id = v.product_id
        WHERE l.reservation_id = ANY($1) ORDER BY l.id`,
      [ids],
    );
    for (const r of rows) {
      const list = out.get(r.reservation_id) ?? [];
      list.push({
        variantId: r.variant_id,
        productName: r.name_ar,
        properties: r.properties ?? {},
        sku: r.sku,
        quantity: Number(r.quantity),
        unitPrice: Number(r.unit_price),
      });
      out.set(r.reservation_id, list);
    }
    return out;
  }

  async list(
    query: ReservationListQueryDto,
    user: AuthUser,
  ): Promise<{ rows: ReservationDto[]; total: number }> {
    const filter = new ListFilter()
      .add('r.branch_id = ?', askedBranch(user, query.branchId))
      .add('r.status = ?', query.status)
      .add('r.customer_id = ?', query.customerId)
      .search(
        query.q,
        (raw, words) =>
          `(r.number ILIKE ${raw} OR c.phone ILIKE ${raw} OR (${allWords('c.search_text', words)}))`,
      );
    const { rows, total } = await listPage(this.ds, query, filter, {
      count:
        'SELECT count(*)::int AS total FROM reservations r JOIN customers c ON c.id = r.customer_id',
      select: SELECT,
      sorts: SORTS,
      sort: 'expiresAt',
      tie: 'r.id',
    });
    const lines = await this.lines(rows.map((r) => r.id as string));
    return {
      rows: rows.map((r) => ({ ...this.toDto(r), lines: lines.get(r.id as string) ?? [] })),
      total,
    };
  }

  async get(id: string, user: AuthUser): Promise<ReservationDto> {
    const [row] = await this.ds.query(`${SELECT} WHERE r.id = $1`, [id]);
    const scope = branchReadScope(user);
    if (!row || (scope && row.branch_id !== scope)) throw Errors.notFound();
    const lines = await this.lines([id]);
    return { ...this.toDto(row), lines: lines.get(id) ?? [] };
  }
}
