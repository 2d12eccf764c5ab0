import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import {
  type PurchaseOrderLineDto,
  type PurchaseOrderListQueryDto,
  type PurchaseOrderResponseDto,
  type ReorderSuggestionDto,
  type VendorOptionDto,
} from '@pos/contracts';
import { LINE_PRODUCT_COLUMNS, lineProduct } from '../../catalog';
import type { AuthUser } from '../../../core/auth/auth.types';
import { branchReadScope } from '../../../core/auth/branch-scope';
import { canSeeCost } from '../../../core/auth/visibility';
import { Errors } from '../../../core/errors/app.exception';
import {
  allWords,
  likeEscape,
  ListFilter,
  listPage,
  searchPatterns,
} from '../../../core/http/list';
import {
  allowedActions,
  canReadOrder,
  type PurchaseOrderRow,
} from '../services/purchase-order-rules';
import { reorderQuantity } from '../services/reorder-quantity';
import { columnSorts } from '../../../core/http/column-sorts';
import { rowFields, rowTimes } from '../../../core/database/row-fields';
import { VENDOR_DOCUMENT_COLUMNS } from './document-header';

const HEADER = `o.id, o.number, o.status, o.vendor_id, vd.name AS vendor_name, o.branch_id, b.name AS branch_name,
  o.inventory_id, i.name AS inventory_name, o.expected_date::text AS expected_date, o.note,
  o.created_by, u.display_name AS created_by_name, o.created_at, o.updated_at,
  agg.line_count, agg.ordered::text AS ordered, agg.received::text AS received, agg.total::text AS total`;
const FROM = `FROM purchase_orders o
  JOIN vendors vd ON vd.id = o.vendor_id JOIN branches b ON b.id = o.branch_id JOIN inventories i ON i.id = o.inventory_id
  LEFT JOIN users u ON u.id = o.created_by
  LEFT JOIN LATERAL (
    SELECT count(*)::int AS line_count, COALESCE(sum(l.quantity), 0) AS ordered,
           COALESCE(sum(l.received_quantity), 0) AS received,
           COALESCE(sum(round(l.quantity * l.unit_cost)), 0)::bigint AS total
      FROM purchase_order_lines l WHERE l.order_id = o.id
  ) agg ON true`;

type Row = Record<string, unknown> & PurchaseOrderRow;

/**
 * Reads of purchase orders (can_buy_products): the user's branch, every branch with
 * can_see_branches or as admin. Costs (line cost, line and order totals) only with can_see_buy_price.
 */
@Injectable()
export class PurchaseOrdersQueries {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  private header(row: Row, user: AuthUser): PurchaseOrderResponseDto {
    const out: PurchaseOrderResponseDto = {
      ...rowFields(row, [
        ...VENDOR_DOCUMENT_COLUMNS,
        'branch_name',
        'inventory_id',
        'inventory_name',
        'expected_date',
        'note',
        'created_by?',
        'created_by_name?',
      ]),
      ...rowTimes(row, ['created_at', 'updated_at']),
      lineCount: Number(row.line_count ?? 0),
      orderedQuantity: Number(row.ordered ?? 0),
      receivedQuantity: Number(row.received ?? 0),
      actions: allowedActions(user, row),
    };
    if (canSeeCost(user)) out.total = Number(row.total ?? 0);
    return out;
  }

  async list(
    query: PurchaseOrderListQueryDto,
    user: AuthUser,
  ): Promise<{ rows: PurchaseOrderResponseDto[]; total: number }> {
    const filter = new ListFilter()
      .add('o.branch_id = ?', branchReadScope(user))
      .add('o.status = ?', query.status)
      .add('o.vendor_id = ?', query.vendorId)
      // the number or note as typed, or the vendor's name Arabic-normalised (its search_text)
      .search(query.q, (text, words) => {
        const byVendor = words.length ? ` OR (${allWords('vd.search_text', words)})` : '';
        return `(o.number ILIKE ${text} OR o.note ILIKE ${text} OR vd.name ILIKE ${text}${byVendor})`;
      })
      .add('o.created_at >= ?', query.from)
      .add('o.created_at <= ?', query.to);
    const { rows, total } = await listPage<Row>(this.ds, query, filter, {
      count:
        'SELECT count(*)::int AS total FROM purchase_orders o JOIN vendors vd ON vd.id = o.vendor_id',
      select: `SELECT ${HEADER} ${FROM}`,
      sorts: columnSorts('o', ['createdAt', 'number', 'status', 'expectedDate', 'updatedAt']),
      sort: '-createdAt',
      tie: 'NULLS LAST, o.id DESC',
    });
    return { rows: rows.map((r) => this.header(r, user)), total };
  }

  async get(id: string, user: AuthUser): Promise<PurchaseOrderResponseDto> {
    const [row]: Row[] = await this.ds.query(`SELECT ${HEADER} ${FROM} WHERE o.id = $1`, [id]);
    if (!row || !canReadOrder(user, row)) throw Errors.notFound();
    const out = this.header(row, user);
    const showCost = canSeeCost(user);
    const lines: Record<string, unknown>[] = await this.ds.query(
      `SELECT ${LINE_PRODUCT_COLUMNS},
              l.quantity::text, l.received_quantity::text, l.unit_cost::text,
              round(l.quantity * l.unit_cost)::bigint::text AS line_total
         FROM purchase_order_lines l JOIN variants v ON v.id = l.variant_id JOIN products p ON p.id = v.product_id
        WHERE l.order_id = $1 ORDER BY l.line_no`,
      [id],
    );
    out.lines = lines.map((l): PurchaseOrderLineDto => {
      const quantity = Number(l.quantity);
      const received = Number(l.received_quantity);
      const line: PurchaseOrderLineDto = {
        ...lineProduct(l),
        quantity,
        receivedQuantity: received,
        remainingQuantity: Math.max(0, Math.round((quantity - received) * 1000) / 1000),
      };
      if (showCost) {
        line.unitCost = Number(l.unit_cost);
        line.lineTotal = Number(l.line_total);
      }
      return line;
    });
    return out;
  }

  /** Active vendors by name for the order form's picker (the buy permission, not can_see_vendors). */
  async vendorOptions(q: string | undefined): Promise<VendorOptionDto[]> {
    const text = q?.trim();
    if (!text)
      return this.ds.query('SELECT id, name FROM vendors WHERE active ORDER BY name LIMIT 50');
    const words = searchPatterns(text);
    const normalised = words.map((_, i) => `search_text LIKE $${i + 2}`).join(' AND ');
    return this.ds.query(
      `SELECT id, name FROM vendors
        WHERE active AND (name ILIKE $1${normalised ? ` OR (${normalised})` : ''})
        ORDER BY name LIMIT 50`,
      [`%${likeEscape(text)}%`, ...words],
    );
  }

  /**
   * The low-stock list of one inventory (variants at or below their threshold, as
   * /api/variants/getNearStockEnd computes it) with what to order: last 30 days' net sales, what
   * open orders still bring, the variant's last vendor and cost (from its latest order).
   */
  async reorderSuggestion(inventoryId: string | undefined, user: AuthUser) {
    const [inv] = await this.ds.query(
      inventoryId
        ? 'SELECT id, name, branch_id FROM inventories WHERE id = $1'
        : 'SELECT id, name, branch_id FROM inventories WHERE branch_id = $1 ORDER BY is_default DESC, name LIMIT 1',
      [inventoryId ?? user.branchId ?? '00000000-0000-0000-0000-000000000000'],
    );
    const scope = branchReadScope(user);
    if (!inv || (scope && inv.branch_id !== scope)) throw Errors.notFound();
    const rows: Record<string, string | null>[] = await this.ds.query(
      `WITH low AS MATERIALIZED (
         SELECT s.variant_id, s.on_hand, v.low_stock_threshold AS threshold
           FROM stock_levels s JOIN variants v ON v.id = s.variant_id JOIN products p ON p.id = v.product_id
          WHERE s.inventory_id = $1 AND v.low_stock_threshold > 0 AND s.on_hand <= v.low_stock_threshold
            AND v.active AND p.active
          LIMIT 1000),
       sold AS (
         SELECT m.variant_id, -sum(m.quantity) AS sold
           FROM low JOIN stock_movements m ON m.variant_id = low.variant_id AND m.inventory_id = $1
          WHERE m.reason IN ('sale', 'return') AND m.at >= now() - interval '30 days'
          GROUP BY m.variant_id),
       on_order AS (
         SELECT l.variant_id, sum(l.quantity - l.received_quantity) AS on_order
           FROM low JOIN purchase_order_lines l ON l.variant_id = low.variant_id
           JOIN purchase_orders o ON o.id = l.order_id
          WHERE o.inventory_id = $1 AND o.status IN ('ordered', 'partly_received')
          GROUP BY l.variant_id),
       last AS (
         SELECT DISTINCT ON (l.variant_id) l.variant_id, o.vendor_id, l.unit_cost
           FROM low JOIN purchase_order_lines l ON l.variant_id = low.variant_id
           JOIN purchase_orders o ON o.id = l.order_id
          WHERE o.status <> 'cancelled'
          ORDER BY l.variant_id, o.created_at DESC, o.id DESC)
       SELECT low.variant_id, p.name_ar, p.name_en, v.sku, v.properties, p.unit,
              low.on_hand::text, low.threshold::text, COALESCE(sold.sold, 0)::text AS sold,
              COALESCE(on_order.on_order, 0)::text AS on_order,
              CASE WHEN vd.active THEN vd.id END AS vendor_id, CASE WHEN vd.active THEN vd.name END AS vendor_name,
              COALESCE(last.unit_cost, v.avg_cost)::text AS unit_cost
         FROM low JOIN variants v ON v.id = low.variant_id JOIN products p ON p.id = v.product_id
         LEFT JOIN sold ON sold.variant_id = low.variant_id
         LEFT JOIN on_order ON on_order.variant_id = low.variant_id
         LEFT JOIN last ON last.variant_id = low.variant_id
         LEFT JOIN vendors vd ON vd.id = last.vendor_id
        ORDER BY vd.name NULLS LAST, p.name_ar, v.sku`,
      [inv.id],
    );
    const showCost = canSeeCost(user);
    const out: ReorderSuggestionDto = {
      inventoryId: inv.id,
      inventoryName: inv.name,
      branchId: inv.branch_id,
      rows: rows.map((r) => {
        const figures = {
          onHand: Number(r.on_hand),
          threshold: Number(r.threshold),
          sold30Days: Math.max(0, Number(r.sold)),
          onOrder: Number(r.on_order),
        };
        return {
          variantId: r.variant_id as string,
          productName: r.name_ar as string,
          productNameEn: r.name_en,
          sku: r.sku as string,
          properties: (r.properties as unknown as Record<string, string>) ?? {},
          unit: r.unit as string,
          onHand: figures.onHand,
          lowStockThreshold: figures.threshold,
          sold30Days: figures.sold30Days,
          onOrder: figures.onOrder,
          suggestedQuantity: reorderQuantity(figures),
          vendorId: r.vendor_id,
          vendorName: r.vendor_name,
          ...(showCost ? { unitCost: Number(r.unit_cost) } : {}),
        };
      }),
    };
    return out;
  }
}
