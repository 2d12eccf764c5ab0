import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { InventoryStockQueryDto, StockRowDto } from '@pos/contracts';
import type { AuthUser } from '../../../core/auth/auth.types';
import { Errors } from '../../../core/errors/app.exception';
import { ListFilter, pageOf } from '../../../core/http/list';
import { branchReadScope as branchScope } from '../../../core/auth/branch-scope';
import { canSeeCost } from '../../../core/auth/visibility';
import { rowFields } from '../../../core/database/row-fields';

@Injectable()
export class InventoriesService {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** Every inventory's name and branch, for pickers (transfer destinations, the POS's negative-stock rule). */
  options(): Promise<
    {
      id: string;
      name: string;
      branchId: string;
      branchName: string;
      isDefault: boolean;
      allowNegative: boolean;
    }[]
  > {
    return this.ds.query(
      `SELECT i.id, i.name, i.branch_id AS "branchId", b.name AS "branchName", i.is_default AS "isDefault",
              i.allow_negative AS "allowNegative"
         FROM inventories i JOIN branches b ON b.id = i.branch_id ORDER BY b.created_at, i.is_default DESC, i.name`,
    );
  }

  /** An inventory the user may read (its branch in the read scope), or 404. */
  private async assertReadable(id: string, user: AuthUser): Promise<void> {
    const [found] = await this.ds.query(
      'SELECT 1 FROM inventories WHERE id = $1 AND ($2::uuid IS NULL OR branch_id = $2)',
      [id, branchScope(user)],
    );
    if (!found) throw Errors.notFound();
  }

  async stock(
    id: string,
    query: InventoryStockQueryDto,
    user: AuthUser,
  ): Promise<{ rows: StockRowDto[]; total: number; value: number }> {
    await this.assertReadable(id, user);
    const { skip, take } = pageOf(query);
    const filter = new ListFilter()
      .add('s.inventory_id = ?', id)
      .eachWord(query.q, (p) => `v.search_text LIKE ${p}`)
      .add('p.category_id = ?', query.categoryId);
    if (query.filter === 'low')
      filter.push('v.low_stock_threshold > 0 AND s.on_hand <= v.low_stock_threshold');
    if (query.filter === 'out') filter.push('s.on_hand <= 0');
    if (query.filter === 'in') filter.push('s.on_hand > 0');
    const { params } = filter;
    const from = `FROM stock_levels s JOIN variants v ON v.id = s.variant_id JOIN products p ON p.id = v.product_id ${filter.clause}`;
    const [{ total, value }] = await this.ds.query(
      `SELECT count(*)::int AS total, COALESCE(sum(GREATEST(s.on_hand, 0) * v.avg_cost), 0)::bigint AS value ${from}`,
      params,
    );
    const rows = await this.ds.query(
      `SELECT v.id AS "variantId", v.product_id AS "productId", p.name_ar AS "productName", v.sku, v.barcodes, v.properties,
              s.on_hand AS "onHand", s.reserved, v.low_stock_threshold AS "lowStockThreshold", v.sell_price AS "sellPrice",
              v.avg_cost AS "avgCost"
         ${from} ORDER BY p.name_ar, v.sku LIMIT ${take} OFFSET ${skip}`,
      params,
    );
    const showCost = canSeeCost(user);
    return {
      total,
      value: Number(value),
      rows: rows.map((r: Record<string, unknown>) => {
        const row: StockRowDto = {
          ...rowFields(r, [
            'variantId',
            'productId',
            'productName',
            'sku',
            'barcodes',
            'properties',
          ]),
          onHand: Number(r.onHand),
          reserved: Number(r.reserved),
          lowStockThreshold: Number(r.lowStockThreshold),
          sellPrice: Number(r.sellPrice),
        };
        if (showCost) {
          row.avgCost = Number(r.avgCost);
          row.valueAtCost = Math.round(Math.max(row.onHand, 0) * row.avgCost);
        }
        return row;
      }),
    };
  }
}
