import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type {
  StockTakingCountRowDto,
  StockTakingLineDto,
  StockTakingLinesQueryDto,
  StockTakingListQueryDto,
  StockTakingResponseDto,
  StockTakingTrackedDto,
} from '@pos/contracts';
import { trackedVariance, trackedVarianceDto } from '../../inventory';
import { countedTracked } from '../services/stocktaking-rules';
import type { AuthUser } from '../../../core/auth/auth.types';
import { Errors } from '../../../core/errors/app.exception';
import { likeEscape, ListFilter, pageOf, sortOf } from '../../../core/http/list';
import { branchReadScope as branchScope } from '../../../core/auth/branch-scope';
import { canSeeCost } from '../../../core/auth/visibility';
import { rowFields } from '../../../core/database/row-fields';

/**
 * The review figures per line. A counted line is compared with the on hand of its last count
 * (expected at start + movements up to that count: what was on the shelf when it was counted), so
 * a sale before or after the count is no variance. A line not counted yet shows the on hand now.
 * Once posted the figures are frozen as they were posted.
 */
const LINE_FIGURES = `
  l.expected_quantity AS exp_start,
  CASE WHEN sx.state = 'posted' THEN COALESCE(l.posted_expected, l.expected_quantity)
       WHEN l.counted_quantity IS NOT NULL THEN COALESCE(l.expected_at_count, s.on_hand, 0)
       ELSE COALESCE(s.on_hand, 0) END AS exp_now,
  CASE WHEN sx.state = 'posted' THEN l.posted_variance
       WHEN l.counted_quantity IS NULL THEN NULL ELSE l.counted_quantity - COALESCE(l.expected_at_count, s.on_hand, 0) END AS variance`;
const LINES_FROM = `FROM stock_taking_lines l JOIN stock_takings sx ON sx.id = l.stock_taking_id
  LEFT JOIN stock_levels s ON s.variant_id = l.variant_id AND s.inventory_id = sx.inventory_id`;

@Injectable()
export class StockTakingQueries {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  private async header(
    where: string,
    params: unknown[],
    user: AuthUser,
    paging = '',
  ): Promise<StockTakingResponseDto[]> {
    const rows: Record<string, unknown>[] = await this.ds.query(
      `SELECT st.id, st.number, st.state, st.inventory_id, i.name AS inventory_name, st.branch_id, b.name AS branch_name, st.scope,
              st.category_ids, st.note, st.started_at, st.started_by, su.display_name AS started_by_name, st.submitted_at,
              st.posted_at, pu.display_name AS posted_by_name, st.cancelled_at, agg.*
         FROM stock_takings st JOIN inventories i ON i.id = st.inventory_id JOIN branches b ON b.id = st.branch_id
         LEFT JOIN users su ON su.id = st.started_by LEFT JOIN users pu ON pu.id = st.posted_by
         LEFT JOIN LATERAL (
           SELECT count(*)::int AS total, count(*) FILTER (WHERE f.counted IS NOT NULL)::int AS counted,
                  count(*) FILTER (WHERE f.variance <> 0)::int AS differences,
                  COALESCE(sum(round(f.variance * f.unit_cost)) FILTER (WHERE f.variance <> 0), 0)::bigint::text AS variance_value
             FROM (SELECT l.counted_quantity AS counted, l.unit_cost, ${LINE_FIGURES} ${LINES_FROM} WHERE l.stock_taking_id = st.id) f
         ) agg ON true
        ${where} ${paging}`,
      params,
    );
    return rows.map((r) => {
      const out: StockTakingResponseDto = {
        ...rowFields(r, [
          'id',
          'number',
          'state',
          'inventory_id',
          'inventory_name',
          'branch_id',
          'branch_name',
          'scope',
        ]),
        categoryIds: (r.category_ids as string[]) ?? [],
        note: (r.note as string | null) ?? null,
        startedAt: (r.started_at as Date).toISOString(),
        startedBy: (r.started_by as string | null) ?? null,
        startedByName: (r.started_by_name as string | null) ?? null,
        submittedAt: r.submitted_at ? (r.submitted_at as Date).toISOString() : null,
        postedAt: r.posted_at ? (r.posted_at as Date).toISOString() : null,
        postedByName: (r.posted_by_name as string | null) ?? null,
        cancelledAt: r.cancelled_at ? (r.cancelled_at as Date).toISOString() : null,
        ...rowFields(r, ['total', 'counted', 'differences']),
      };
      if (canSeeCost(user)) out.varianceValue = Number(r.variance_value);
      return out;
    });
  }

  async list(
    query: StockTakingListQueryDto,
    user: AuthUser,
  ): Promise<{ rows: StockTakingResponseDto[]; total: number }> {
    const { clause, params } = new ListFilter()
      .add('st.branch_id = ?', branchScope(user))
      .add('st.inventory_id = ?', query.inventoryId)
      .add('st.state = ?', query.state)
      .typed(query.q, (p) => `st.number ILIKE ${p}`);
    const [{ total }] = await this.ds.query(
      `SELECT count(*)::int AS total FROM stock_takings st ${clause}`,
      params,
    );
    const { column, direction } = sortOf(
      query,
      { startedAt: 'st.started_at', number: 'st.number', state: 'st.state' },
      '-startedAt',
    );
    const { skip, take } = pageOf(query);
    const rows = await this.header(
      clause,
      params,
      user,
      `ORDER BY ${column} ${direction}, st.id DESC LIMIT ${take} OFFSET ${skip}`,
    );
    return { rows, total };
  }

  async get(id: string, user: AuthUser): Promise<StockTakingResponseDto> {
    const [row] = await this.header('WHERE st.id = $1', [id], user);
    const scope = branchScope(user);
    if (!row || (scope && row.branchId !== scope)) throw Errors.notFound();
    return row;
  }

  /**
   * The tracked products' variance (docs/decisions/0117): while counting, the units missing and
   * unexpected and the lots of the counted lines as they stand now; once posted, what it moved.
   */
  async tracked(id: string, user: AuthUser): Promise<StockTakingTrackedDto> {
    const st = await this.get(id, user);
    const m = this.ds.manager;
    if (st.state === 'posted') {
      const rows: { tracked: StockTakingTrackedDto }[] = await m.query(
        `SELECT tracked FROM stock_taking_lines WHERE stock_taking_id = $1 AND tracked IS NOT NULL ORDER BY variant_id`,
        [id],
      );
      return {
        serials: rows.flatMap((r) => r.tracked.serials),
        lots: rows.flatMap((r) => r.tracked.lots),
      };
    }
    const counted: { variant_id: string }[] = await m.query(
      `SELECT l.variant_id FROM stock_taking_lines l JOIN variants v ON v.id = l.variant_id
         JOIN products p ON p.id = v.product_id
        WHERE l.stock_taking_id = $1 AND l.counted_quantity IS NOT NULL AND p.tracking <> 'none'
        ORDER BY l.variant_id`,
      [id],
    );
    const variantIds = counted.map((c) => c.variant_id);
    return trackedVarianceDto(
      await trackedVariance(m, st.inventoryId, await countedTracked(m, id, variantIds)),
    );
  }

  async lines(
    id: string,
    query: StockTakingLinesQueryDto,
    user: AuthUser,
    variantId?: string,
  ): Promise<{ rows: StockTakingLineDto[]; total: number }> {
    await this.get(id, user);
    const params: unknown[] = [id];
    const where = ['f.stock_taking_id = $1'];
    if (variantId) {
      params.push(variantId);
      where.push(`f.variant_id = $${params.length}`);
    }
    if (query.filter === 'differences') where.push('f.variance <> 0');
    if (query.filter === 'uncounted') where.push('f.counted IS NULL');
    if (query.filter === 'counted') where.push('f.counted IS NOT NULL');
    if (query.q) {
      params.push(`%${likeEscape(query.q.trim())}%`);
      where.push(`(p.name_ar ILIKE $${params.length} OR p.name_en ILIKE $${params.length} OR v.sku ILIKE $${params.length}
                  OR array_to_string(v.barcodes, ' ') ILIKE $${params.length})`);
    }
    const base = `FROM (SELECT l.stock_taking_id, l.variant_id, l.counted_quantity AS counted, l.count_rows, l.last_counted_at, l.unit_cost,
                              ${LINE_FIGURES} ${LINES_FROM} WHERE l.stock_taking_id = $1) f
                  JOIN variants v ON v.id = f.variant_id JOIN products p ON p.id = v.product_id
                 WHERE ${where.join(' AND ')}`;
    const [{ total }] = await this.ds.query(`SELECT count(*)::int AS total ${base}`, params);
    const { column, direction } = sortOf(
      query,
      {
        name: 'p.name_ar',
        sku: 'v.sku',
        variance: 'f.variance',
        lastCountedAt: 'f.last_counted_at',
      },
      'name',
    );
    const { skip, take } = pageOf(query, 100);
    const rows: Record<string, unknown>[] = await this.ds.query(
      `SELECT f.*, f.exp_start::text, f.exp_now::text, f.variance::text, f.counted::text, (f.exp_now - f.exp_start)::text AS movements, p.name_ar, p.name_en, p.unit, v.sku, v.barcodes, v.properties,
              round(f.variance * f.unit_cost)::bigint::text AS variance_value
         ${base} ORDER BY ${column} ${direction} NULLS LAST, f.variant_id LIMIT ${take} OFFSET ${skip}`,
      params,
    );
    const showCost = canSeeCost(user);
    return {
      total,
      rows: rows.map((r) => {
        const line: StockTakingLineDto = {
          variantId: r.variant_id as string,
          productName: r.name_ar as string,
          productNameEn: (r.name_en as string | null) ?? null,
          sku: r.sku as string,
          barcodes: r.barcodes as string[],
          properties: (r.properties as Record<string, string>) ?? {},
          unit: r.unit as string,
          expectedAtStart: Number(r.exp_start),
          movementsSince: Number(r.movements),
          expected: Number(r.exp_now),
          counted: r.counted === null ? null : Number(r.counted),
          variance: r.variance === null ? null : Number(r.variance),
          countRows: r.count_rows as number,
          lastCountedAt: r.last_counted_at ? (r.last_counted_at as Date).toISOString() : null,
        };
        if (showCost) {
          line.unitCost = Number(r.unit_cost);
          line.varianceValue = r.variance === null ? undefined : Number(r.variance_value);
        }
        return line;
      }),
    };
  }

  async line(id: string, variantId: string, user: AuthUser): Promise<StockTakingLineDto> {
    const { rows } = await this.lines(id, {} as StockTakingLinesQueryDto, user, variantId);
    if (!rows[0]) throw Errors.notFound();
    return rows[0];
  }

  /** One count row (the session was checked by the caller). */
  async count(id: string, countId: string): Promise<StockTakingCountRowDto> {
    const [row] = await this.countRows(id, { countId });
    if (!row) throw Errors.notFound();
    return row;
  }

  /** The latest counts (the counter's "last scans"), optionally only this user's. */
  async counts(id: string, user: AuthUser, mine: boolean): Promise<StockTakingCountRowDto[]> {
    await this.get(id, user);
    return this.countRows(id, { userId: mine ? user.id : null });
  }

  private async countRows(
    id: string,
    filter: { userId?: string | null; countId?: string },
  ): Promise<StockTakingCountRowDto[]> {
    const rows: Record<string, unknown>[] = await this.ds.query(
      `SELECT c.id, c.variant_id, p.name_ar, v.sku, v.properties, c.quantity::text, c.user_id, u.display_name, c.at
         FROM stock_taking_counts c JOIN variants v ON v.id = c.variant_id JOIN products p ON p.id = v.product_id
         LEFT JOIN users u ON u.id = c.user_id
        WHERE c.stock_taking_id = $1 AND ($2::uuid IS NULL OR c.user_id = $2) AND ($3::uuid IS NULL OR c.id = $3)
        ORDER BY c.at DESC, c.id DESC LIMIT 30`,
      [id, filter.userId ?? null, filter.countId ?? null],
    );
    return rows.map((r) => ({
      id: r.id as string,
      variantId: r.variant_id as string,
      productName: r.name_ar as string,
      sku: r.sku as string,
      properties: (r.properties as Record<string, string>) ?? {},
      quantity: Number(r.quantity),
      userId: (r.user_id as string | null) ?? null,
      userName: (r.display_name as string | null) ?? null,
      at: (r.at as Date).toISOString(),
    }));
  }
}
