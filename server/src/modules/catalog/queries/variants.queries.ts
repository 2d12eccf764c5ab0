import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import {
  normalizeArabic,
  type NearStockEndDto,
  type StockMovementDto,
  type VariantListQueryDto,
  type VariantResponseDto,
  type VariantSearchQueryDto,
  type ListQueryDto,
} from '@pos/contracts';
import type { AuthUser } from '../../../core/auth/auth.types';
import { SearchPool } from '../../../core/database/search-pool';
import { Errors } from '../../../core/errors/app.exception';
import { ListFilter, pageOf, searchPatterns } from '../../../core/http/list';
import {
  branchScope,
  canSeeCost,
  toVariantResponse,
  VARIANT_COLUMNS,
} from '../services/variant-view';

/** How many matches (found through the trigram index, or a scan that stops early) are ranked. */
const CANDIDATES = 80;

export { searchPatterns };

@Injectable()
export class VariantsService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly searchPool: SearchPool,
  ) {}

  private async inventoryVisible(user: AuthUser, inventoryId: string | undefined): Promise<void> {
    if (!inventoryId) return;
    const [row] = await this.ds.query('SELECT branch_id FROM inventories WHERE id = $1', [
      inventoryId,
    ]);
    const scope = branchScope(user);
    if (!row || (scope && row.branch_id !== scope)) throw Errors.notFound();
  }

  async list(
    query: VariantListQueryDto,
    user: AuthUser,
  ): Promise<{ rows: VariantResponseDto[]; total: number }> {
    await this.inventoryVisible(user, query.inventoryId);
    const { skip, take } = pageOf(query);
    const filter = new ListFilter()
      .eachWord(query.q, (p) => `v.search_text LIKE ${p}`)
      .add('p.category_id = ?', query.categoryId)
      .add('v.product_id = ?', query.productId);
    const { clause } = filter;
    const [{ total }] = await this.ds.query(
      `SELECT count(*)::int AS total FROM variants v JOIN products p ON p.id = v.product_id ${clause}`,
      [...filter.params],
    );
    let stock = '';
    let join = '';
    if (query.inventoryId) {
      stock = `, COALESCE(s.on_hand, 0) AS "onHand", COALESCE(s.reserved, 0) AS reserved`;
      join = `LEFT JOIN stock_levels s ON s.variant_id = v.id AND s.inventory_id = ${filter.param(query.inventoryId)}`;
    }
    const rows = await this.ds.query(
      `SELECT ${VARIANT_COLUMNS}${stock} FROM variants v JOIN products p ON p.id = v.product_id ${join} ${clause}
       ORDER BY p.name_ar, v.sku LIMIT ${take} OFFSET ${skip}`,
      filter.params,
    );
    const showCost = canSeeCost(user);
    return {
      rows: rows.map((r: Record<string, unknown>) => toVariantResponse(r, showCost)),
      total,
    };
  }

  /**
   * The one product search (POS, pickers): an exact barcode or SKU first, then variants whose
   * normalised text contains every word, best trigram similarity first. One statement on the
   * search connections: the fuzzy part runs only when nothing matched exactly (a one-time filter),
   * and at most CANDIDATES matches found through the trigram index are ranked.
   */
  async search(query: VariantSearchQueryDto, user: AuthUser): Promise<VariantResponseDto[]> {
    const limit = query.limit ?? 20;
    const raw = query.q.trim();
    const inv = query.inventoryId ?? null;
    if (!raw) {
      await this.inventoryVisible(user, query.inventoryId);
      return [];
    }
    const params: unknown[] = [raw, inv, limit];
    const patterns = searchPatterns(raw);
    let fuzzy = '';
    if (patterns.length) {
      params.push(normalizeArabic(raw));
      const norm = `$${params.length}`;
      const conds = patterns.map((pattern) => {
        params.push(pattern);
        return `search_text LIKE $${params.length}`;
      });
      fuzzy = `UNION ALL
         SELECT id, false, score FROM (
           SELECT id, similarity(search_text, ${norm}) AS score
             FROM (SELECT id, search_text FROM variants WHERE NOT EXISTS (SELECT 1 FROM ex) AND ${conds.join(' AND ')} LIMIT ${CANDIDATES}) m
            ORDER BY score DESC LIMIT $3) f`;
    }
    const stockCols = inv
      ? `, COALESCE(s.on_hand, 0) AS "onHand", COALESCE(s.reserved, 0) AS reserved`
      : '';
    const stockJoin = inv
      ? 'LEFT JOIN stock_levels s ON s.variant_id = v.id AND s.inventory_id = $2'
      : '';
    const rows = await this.searchPool.query(
      `WITH ex AS MATERIALIZED (
         SELECT DISTINCT id FROM (SELECT variant_id AS id FROM variant_barcodes WHERE barcode = $1
                                  UNION ALL SELECT id FROM variants WHERE sku = $1 LIMIT 5) e),
       hits AS (SELECT id, true AS exact, 1::real AS score FROM ex ${fuzzy})
       SELECT ${VARIANT_COLUMNS}${stockCols}, (SELECT branch_id FROM inventories WHERE id = $2) AS "inventoryBranch"
         FROM hits h JOIN variants v ON v.id = h.id JOIN products p ON p.id = v.product_id ${stockJoin}
        ORDER BY h.exact DESC, (v.active AND p.active) DESC, h.score DESC, p.name_ar, v.sku
        LIMIT $3`,
      params,
    );
    // The inventory must be one the user may see (checked on the rows, or on its own when none).
    if (inv) {
      if (!rows.length) await this.inventoryVisible(user, inv);
      else {
        const scope = branchScope(user);
        if (!rows[0].inventoryBranch || (scope && rows[0].inventoryBranch !== scope))
          throw Errors.notFound();
      }
    }
    const showCost = canSeeCost(user);
    return rows.map((r) => toVariantResponse(r, showCost));
  }

  /** Spec §7: variants at or below their threshold in an inventory of the user's branch. */
  async nearStockEnd(user: AuthUser): Promise<NearStockEndDto[]> {
    const rows = await this.ds.query(
      `SELECT v.id AS "variantId", v.product_id AS "productId", p.name_ar AS "productName", v.sku, v.properties,
              i.id AS "inventoryId", i.name AS "inventoryName", i.branch_id AS "branchId",
              s.on_hand AS "onHand", v.low_stock_threshold AS "lowStockThreshold"
         FROM stock_levels s
         JOIN inventories i ON i.id = s.inventory_id
         JOIN variants v ON v.id = s.variant_id
         JOIN products p ON p.id = v.product_id
        WHERE i.branch_id = $1 AND v.low_stock_threshold > 0 AND s.on_hand <= v.low_stock_threshold
          AND v.active AND p.active
        ORDER BY (s.on_hand / v.low_stock_threshold), p.name_ar
        LIMIT 1000`,
      [user.branchId ?? '00000000-0000-0000-0000-000000000000'],
    );
    return rows.map((r: Record<string, unknown>) => ({
      ...r,
      onHand: Number(r.onHand),
      lowStockThreshold: Number(r.lowStockThreshold),
    }));
  }

  async movements(
    variantId: string,
    inventoryId: string | undefined,
    query: ListQueryDto,
    user: AuthUser,
  ) {
    await this.inventoryVisible(user, inventoryId);
    const { skip, take } = pageOf(query);
    const scope = branchScope(user);
    const params = [variantId, inventoryId ?? null, scope];
    const where = `m.variant_id = $1 AND ($2::uuid IS NULL OR m.inventory_id = $2) AND ($3::uuid IS NULL OR i.branch_id = $3)`;
    const [{ total }] = await this.ds.query(
      `SELECT count(*)::int AS total FROM stock_movements m JOIN inventories i ON i.id = m.inventory_id WHERE ${where}`,
      params,
    );
    const rows = await this.ds.query(
      `SELECT m.id, m.variant_id AS "variantId", m.inventory_id AS "inventoryId", m.quantity, m.balance_after AS "balanceAfter",
              m.reason, m.reference_type AS "referenceType", m.reference_id AS "referenceId", m.unit_cost AS "unitCost",
              m.user_id AS "userId", u.display_name AS "userName", m.at, m.note
         FROM stock_movements m JOIN inventories i ON i.id = m.inventory_id LEFT JOIN users u ON u.id = m.user_id
        WHERE ${where} ORDER BY m.at DESC, m.id DESC LIMIT ${take} OFFSET ${skip}`,
      params,
    );
    const showCost = canSeeCost(user);
    const out: StockMovementDto[] = rows.map((r: Record<string, unknown>) => {
      const row: StockMovementDto = {
        ...(r as unknown as StockMovementDto),
        quantity: Number(r.quantity),
        balanceAfter: Number(r.balanceAfter),
        at: (r.at as Date).toISOString(),
      };
      if (showCost) row.unitCost = r.unitCost === null ? null : Number(r.unitCost);
      else delete row.unitCost;
      return row;
    });
    return { rows: out, total };
  }
}
