import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { v7 as uuidv7 } from 'uuid';
import type {
  InventoryCreateDto,
  InventoryResponseDto,
  InventoryStockQueryDto,
  InventoryUpdateDto,
  StockRowDto,
} from '@pos/contracts';
import { AuditService } from '../../../core/audit/audit.service';
import { branchWriteScope } from '../../../core/auth/branch-scope';
import type { AuthUser } from '../../../core/auth/auth.types';
import type { RequestMeta } from '../../../core/auth/decorators';
import { Errors } from '../../../core/errors/app.exception';
import { pageOf } from '../../../core/http/list';
import { branchReadScope as branchScope } from '../../../core/auth/branch-scope';
import { canSeeCost } from '../../../core/auth/visibility';
import { searchPatterns } from '../../../core/http/list';
import { InventoryEntity } from '../entities/inventory.entities';

@Injectable()
export class InventoriesService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly audit: AuditService,
  ) {}

  async list(user: AuthUser, branchId?: string): Promise<InventoryResponseDto[]> {
    const scope = branchScope(user);
    const rows = await this.ds.query(
      `SELECT i.id, i.branch_id AS "branchId", b.name AS "branchName", i.name, i.is_default AS "isDefault",
              i.allow_negative AS "allowNegative",
              (SELECT count(*)::int FROM stock_levels s WHERE s.inventory_id = i.id AND s.on_hand <> 0) AS "variantCount",
              (SELECT COALESCE(sum(s.on_hand * v.avg_cost), 0)::bigint FROM stock_levels s JOIN variants v ON v.id = s.variant_id
                WHERE s.inventory_id = i.id AND s.on_hand > 0) AS "valueAtCost"
         FROM inventories i JOIN branches b ON b.id = i.branch_id
        WHERE ($1::uuid IS NULL OR i.branch_id = $1) AND ($2::uuid IS NULL OR i.branch_id = $2)
        ORDER BY b.created_at, i.is_default DESC, i.name`,
      [scope, branchId ?? null],
    );
    const showCost = canSeeCost(user);
    return rows.map((r: InventoryResponseDto) => {
      const { valueAtCost, ...rest } = r;
      return showCost ? { ...rest, valueAtCost: Number(valueAtCost) } : rest;
    });
  }

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

  async get(id: string, user: AuthUser): Promise<InventoryResponseDto> {
    const found = (await this.list(user)).find((i) => i.id === id);
    if (!found) throw Errors.notFound();
    return found;
  }

  async stock(
    id: string,
    query: InventoryStockQueryDto,
    user: AuthUser,
  ): Promise<{ rows: StockRowDto[]; total: number; value: number }> {
    await this.get(id, user);
    const { skip, take } = pageOf(query);
    const params: unknown[] = [id];
    const where = ['s.inventory_id = $1'];
    for (const pattern of query.q ? searchPatterns(query.q) : []) {
      params.push(pattern);
      where.push(`v.search_text LIKE $${params.length}`);
    }
    if (query.categoryId) {
      params.push(query.categoryId);
      where.push(`p.category_id = $${params.length}`);
    }
    if (query.filter === 'low')
      where.push('v.low_stock_threshold > 0 AND s.on_hand <= v.low_stock_threshold');
    if (query.filter === 'out') where.push('s.on_hand <= 0');
    if (query.filter === 'in') where.push('s.on_hand > 0');
    const from = `FROM stock_levels s JOIN variants v ON v.id = s.variant_id JOIN products p ON p.id = v.product_id WHERE ${where.join(' AND ')}`;
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
          variantId: r.variantId as string,
          productId: r.productId as string,
          productName: r.productName as string,
          sku: r.sku as string,
          barcodes: r.barcodes as string[],
          properties: r.properties as Record<string, string>,
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

  private async clearOtherDefaults(m: EntityManager, branchId: string, keep: string) {
    await m.query('UPDATE inventories SET is_default = false WHERE branch_id = $1 AND id <> $2', [
      branchId,
      keep,
    ]);
  }

  async create(
    dto: InventoryCreateDto,
    user: AuthUser,
    meta: RequestMeta,
  ): Promise<InventoryResponseDto> {
    const id = uuidv7();
    await this.ds.transaction(async (m) => {
      const scope = branchWriteScope(user);
      const [branch] = await m.query('SELECT id FROM branches WHERE id = $1 FOR UPDATE', [
        dto.branchId,
      ]);
      if (!branch || (scope && scope !== dto.branchId)) throw Errors.notFound();
      const [{ n }] = await m.query(
        'SELECT count(*)::int AS n FROM inventories WHERE branch_id = $1',
        [dto.branchId],
      );
      const isDefault = dto.isDefault ?? n === 0;
      await m.insert(InventoryEntity, {
        id,
        branchId: dto.branchId,
        name: dto.name.trim(),
        isDefault,
        allowNegative: dto.allowNegative ?? false,
      });
      if (isDefault) await this.clearOtherDefaults(m, dto.branchId, id);
      await this.audit.record(m, meta, {
        action: 'inventory.create',
        entity: 'inventory',
        entityId: id,
        after: dto,
      });
    });
    return this.get(id, user);
  }

  async update(
    id: string,
    dto: InventoryUpdateDto,
    user: AuthUser,
    meta: RequestMeta,
  ): Promise<InventoryResponseDto> {
    await this.get(id, user);
    await this.ds.transaction(async (m) => {
      const before = await m.findOne(InventoryEntity, {
        where: { id },
        lock: { mode: 'pessimistic_write' },
      });
      const scope = branchWriteScope(user);
      if (!before || (scope && before.branchId !== scope)) throw Errors.notFound();
      const patch: Partial<InventoryEntity> = {};
      if (dto.name !== undefined) patch.name = dto.name.trim();
      if (dto.allowNegative !== undefined) patch.allowNegative = dto.allowNegative;
      if (dto.isDefault === true) patch.isDefault = true;
      if (Object.keys(patch).length) await m.update(InventoryEntity, { id }, patch);
      if (dto.isDefault === true) await this.clearOtherDefaults(m, before.branchId, id);
      await this.audit.record(m, meta, {
        action: 'inventory.update',
        entity: 'inventory',
        entityId: id,
        before,
        after: { ...before, ...patch },
      });
    });
    return this.get(id, user);
  }
}
