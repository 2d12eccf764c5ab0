import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type {
  TransferCountsDto,
  TransferEventDto,
  TransferLineDto,
  TransferLineTracked,
  TransferListQueryDto,
  TransferResponseDto,
  TransferState,
} from '@pos/contracts';
import { LINE_PRODUCT_COLUMNS, lineProduct } from '../../catalog';
import type { AuthUser } from '../../../core/auth/auth.types';
import { Errors } from '../../../core/errors/app.exception';
import { ListFilter, listPage } from '../../../core/http/list';
import {
  allowedActions,
  canRead,
  seesAllBranches,
  type TransferRow,
} from '../services/transfer-rules';
import { columnSorts } from '../../../core/http/column-sorts';
import { rowFields, rowTimes } from '../../../core/database/row-fields';

/**
 * Value at cost (request total, line unit cost and value) needs can_see_transfer_totals and, being
 * cost, can_see_buy_price too: without the buy-price key no cost figure is in the response at all.
 */
const seesTotals = (user: AuthUser) =>
  user.permissions.includes('can_see_transfer_totals') &&
  user.permissions.includes('can_see_buy_price');

const HEADER = `t.id, t.number, t.state, t.from_inventory_id, t.to_inventory_id, t.from_branch_id, t.to_branch_id, t.note,
  t.created_by, u.display_name AS created_by_name, t.created_at, t.updated_at,
  fi.name AS from_inventory_name, ti.name AS to_inventory_name, fb.name AS from_branch_name, tb.name AS to_branch_name,
  agg.line_count, agg.total_quantity::text AS total_quantity, agg.value::text AS value`;
const FROM = `FROM transfer_requests t
  JOIN inventories fi ON fi.id = t.from_inventory_id JOIN inventories ti ON ti.id = t.to_inventory_id
  JOIN branches fb ON fb.id = t.from_branch_id JOIN branches tb ON tb.id = t.to_branch_id
  LEFT JOIN users u ON u.id = t.created_by
  LEFT JOIN LATERAL (
    SELECT count(*)::int AS line_count, COALESCE(sum(l.quantity), 0) AS total_quantity,
           COALESCE(sum(round(COALESCE(l.shipped_quantity, l.quantity) * COALESCE(l.unit_cost, v.avg_cost))), 0)::bigint AS value
      FROM transfer_request_lines l JOIN variants v ON v.id = l.variant_id WHERE l.transfer_id = t.id
  ) agg ON true`;

type Row = Record<string, unknown> & TransferRow;

/** Reads of transfer requests: users see those involving their branch (all with can_see_branches or admin). */
@Injectable()
export class TransfersQueries {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  private header(row: Row, user: AuthUser): TransferResponseDto {
    const out: TransferResponseDto = {
      ...rowFields(row, [
        'id',
        'number',
        'state',
        'from_inventory_id',
        'from_inventory_name',
        'from_branch_id',
        'from_branch_name',
        'to_inventory_id',
        'to_inventory_name',
        'to_branch_id',
        'to_branch_name',
        'note',
        'created_by?',
        'created_by_name?',
      ]),
      ...rowTimes(row, ['created_at', 'updated_at']),
      lineCount: Number(row.line_count ?? 0),
      totalQuantity: Number(row.total_quantity ?? 0),
      actions: allowedActions(user, row),
    };
    if (seesTotals(user)) out.valueAtCost = Number(row.value ?? 0);
    return out;
  }

  /** Where-clause for the user's branch (and the optional direction relative to it). */
  private scope(user: AuthUser, direction: 'incoming' | 'outgoing' | undefined): ListFilter {
    const filter = new ListFilter();
    const own = user.branchId;
    if (direction && own)
      filter.add(direction === 'incoming' ? 't.to_branch_id = ?' : 't.from_branch_id = ?', own);
    if (!seesAllBranches(user)) {
      const p = filter.param(own ?? '00000000-0000-0000-0000-000000000000');
      filter.push(`(t.from_branch_id = ${p} OR t.to_branch_id = ${p})`);
    }
    return filter;
  }

  async list(
    query: TransferListQueryDto,
    user: AuthUser,
  ): Promise<{ rows: TransferResponseDto[]; total: number }> {
    const filter = this.scope(user, query.direction)
      .add('t.state = ?', query.state)
      .typed(query.q, (p) => `(t.number ILIKE ${p} OR t.note ILIKE ${p})`)
      .add('t.created_at >= ?', query.from)
      .add('t.created_at <= ?', query.to);
    const { rows, total } = await listPage<Row>(this.ds, query, filter, {
      count: 'SELECT count(*)::int AS total FROM transfer_requests t',
      select: `SELECT ${HEADER} ${FROM}`,
      sorts: columnSorts('t', ['createdAt', 'number', 'state', 'updatedAt']),
      sort: '-createdAt',
      tie: 't.id DESC',
    });
    return { rows: rows.map((r) => this.header(r, user)), total };
  }

  async get(id: string, user: AuthUser): Promise<TransferResponseDto> {
    const [row]: Row[] = await this.ds.query(`SELECT ${HEADER} ${FROM} WHERE t.id = $1`, [id]);
    if (!row || !canRead(user, row)) throw Errors.notFound();
    const out = this.header(row, user);
    const open = ['draft', 'requested', 'approved'].includes(row.state);
    const lines: Record<string, unknown>[] = await this.ds.query(
      `SELECT ${LINE_PRODUCT_COLUMNS},
              l.quantity::text, l.shipped_quantity::text, l.received_quantity::text, l.reason, l.tracked,
              COALESCE(l.unit_cost, v.avg_cost)::text AS unit_cost, (s.on_hand - s.reserved)::text AS available,
              (l.received_quantity - l.shipped_quantity)::text AS difference,
              round(COALESCE(l.shipped_quantity, l.quantity) * COALESCE(l.unit_cost, v.avg_cost))::bigint::text AS line_value
         FROM transfer_request_lines l JOIN variants v ON v.id = l.variant_id JOIN products p ON p.id = v.product_id
         LEFT JOIN stock_levels s ON s.variant_id = l.variant_id AND s.inventory_id = $2
        WHERE l.transfer_id = $1 ORDER BY l.line_no`,
      [id, row.from_inventory_id],
    );
    out.lines = lines.map((l): TransferLineDto => {
      const shipped = l.shipped_quantity === null ? null : Number(l.shipped_quantity);
      const received = l.received_quantity === null ? null : Number(l.received_quantity);
      const line: TransferLineDto = {
        ...lineProduct(l),
        quantity: Number(l.quantity),
        shippedQuantity: shipped,
        receivedQuantity: received,
        difference: l.difference === null ? null : Number(l.difference),
        reason: (l.reason as string | null) ?? null,
        tracked: (l.tracked as TransferLineTracked | null) ?? null,
      };
      if (open) line.availableAtSource = Number(l.available ?? 0);
      if (seesTotals(user)) {
        line.unitCost = Number(l.unit_cost);
        line.lineValue = Number(l.line_value);
      }
      return line;
    });
    const events: Record<string, unknown>[] = await this.ds.query(
      `SELECT e.id, e.action, e.from_state, e.to_state, e.user_id, u.display_name, e.at, e.note
         FROM transfer_request_events e LEFT JOIN users u ON u.id = e.user_id WHERE e.transfer_id = $1 ORDER BY e.at, e.id`,
      [id],
    );
    out.timeline = events.map((e): TransferEventDto => ({
      id: e.id as string,
      action: e.action as TransferEventDto['action'],
      fromState: (e.from_state as TransferState | null) ?? null,
      toState: e.to_state as TransferState,
      userId: (e.user_id as string | null) ?? null,
      userName: (e.display_name as string | null) ?? null,
      at: (e.at as Date).toISOString(),
      note: (e.note as string | null) ?? null,
    }));
    return out;
  }

  /**
   * Per state: incoming / outgoing for the user's branch, every visible request once (`all`), and
   * how many wait for the user (the sidebar badge): requested/approved as the source, shipped as
   * the destination. A user with no branch has no direction: incoming = outgoing = all the
   * requests they may read (every branch with can_see_branches or admin, the same rows the list
   * shows them), and what waits counts on every branch they may act for (the admin: all; others
   * without a branch act for none).
   */
  async counts(user: AuthUser): Promise<TransferCountsDto> {
    const out: TransferCountsDto = { incoming: {}, outgoing: {}, all: {}, pending: 0 };
    const own = user.branchId;
    if (!own) {
      if (!seesAllBranches(user)) return out;
      const rows: { state: TransferState; n: number }[] = await this.ds.query(
        'SELECT state, count(*)::int AS n FROM transfer_requests GROUP BY state',
      );
      for (const r of rows) out.all[r.state] = out.incoming[r.state] = out.outgoing[r.state] = r.n;
      if (user.isAdmin)
        out.pending = (out.all.requested ?? 0) + (out.all.approved ?? 0) + (out.all.shipped ?? 0);
      return out;
    }
    const rows: { dir: 'incoming' | 'outgoing' | 'all'; state: TransferState; n: number }[] =
      await this.ds.query(
        `SELECT 'outgoing' AS dir, state, count(*)::int AS n FROM transfer_requests WHERE from_branch_id = $1 GROUP BY state
       UNION ALL
       SELECT 'incoming' AS dir, state, count(*)::int AS n FROM transfer_requests WHERE to_branch_id = $1 GROUP BY state
       UNION ALL
       SELECT 'all' AS dir, state, count(*)::int AS n FROM transfer_requests WHERE from_branch_id = $1 OR to_branch_id = $1 GROUP BY state`,
        [own],
      );
    for (const r of rows) out[r.dir][r.state] = r.n;
    const [{ pending }] = await this.ds.query(
      `SELECT count(*)::int AS pending FROM transfer_requests
        WHERE (from_branch_id = $1 AND state IN ('requested', 'approved')) OR (to_branch_id = $1 AND state = 'shipped')`,
      [own],
    );
    out.pending = pending;
    return out;
  }
}
