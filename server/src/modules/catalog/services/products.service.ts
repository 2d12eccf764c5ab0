import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { uuidv7 } from '../../../core/database/ids';
import {
  type ProductListQueryDto,
  type ProductResponseDto,
  type VariantInputDto,
  type VariantResponseDto,
} from '@pos/contracts';
import {
  pushStockEvents,
  recordTracked,
  trackingOf,
  valueChanges,
  type TrackedLine,
} from '../../inventory';
import type { CommandTransaction } from '../../../core/cqrs';
import type { AuthUser } from '../../../core/auth/auth.types';
import { Errors } from '../../../core/errors/app.exception';
import { pageOf, sortOf } from '../../../core/http/list';
import { StockLedger } from '../../inventory';
import { ProductEntity, VariantEntity } from '../entities/catalog.entities';
import { checkSku, checkTracking, claimBarcodes } from './product-rules';
import { variantSearchText } from './search-text';
import { searchPatterns } from '../queries/variants.queries';
import { branchWriteScope } from '../../../core/auth/branch-scope';
import { branchScope, canSeeCost, toVariantResponse, VARIANT_COLUMNS } from './variant-view';

const PRODUCT_COLUMNS = `p.id, p.name_ar AS "nameAr", p.name_en AS "nameEn", p.category_id AS "categoryId",
  c.name AS "categoryName", p.unit, p.vat_rate AS "vatRate", p.eta_item_type AS "etaItemType",
  p.eta_item_code AS "etaItemCode", p.image, p.active, p.tracking, p.imei_count AS "imeiCount", p.property_type_ids AS "propertyTypeIds",
  (SELECT count(*)::int FROM variants v WHERE v.product_id = p.id) AS "variantCount", p.created_at AS "createdAt"`;

@Injectable()
export class ProductsService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly ledger: StockLedger,
  ) {}

  async list(query: ProductListQueryDto): Promise<{ rows: ProductResponseDto[]; total: number }> {
    const { skip, take } = pageOf(query);
    const params: unknown[] = [];
    const where: string[] = [];
    // The variant search's per-word match: one variant of the product holds every word, in any order.
    const words = query.q ? searchPatterns(query.q) : [];
    if (words.length) {
      const conds = words.map((pattern) => {
        params.push(pattern);
        return `v.search_text LIKE $${params.length}`;
      });
      where.push(
        `EXISTS (SELECT 1 FROM variants v WHERE v.product_id = p.id AND ${conds.join(' AND ')})`,
      );
    }
    if (query.categoryId) {
      params.push(query.categoryId);
      where.push(`p.category_id = $${params.length}`);
    }
    if (query.active !== undefined) {
      params.push(query.active === 'true');
      where.push(`p.active = $${params.length}`);
    }
    const clause = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const sort = sortOf(query, { nameAr: 'p.name_ar', createdAt: 'p.created_at' }, '-createdAt');
    const [{ total }] = await this.ds.query(
      `SELECT count(*)::int AS total FROM products p ${clause}`,
      params,
    );
    const rows = await this.ds.query(
      `SELECT ${PRODUCT_COLUMNS} FROM products p LEFT JOIN categories c ON c.id = p.category_id ${clause}
       ORDER BY ${sort.column} ${sort.direction}, p.id LIMIT ${take} OFFSET ${skip}`,
      params,
    );
    return { rows, total };
  }

  async get(
    id: string,
    user: AuthUser,
    m: EntityManager = this.ds.manager,
  ): Promise<ProductResponseDto> {
    const [product] = await m.query(
      `SELECT ${PRODUCT_COLUMNS} FROM products p LEFT JOIN categories c ON c.id = p.category_id WHERE p.id = $1`,
      [id],
    );
    if (!product) throw Errors.notFound();
    const showCost = canSeeCost(user);
    const variants = await m.query(
      `SELECT ${VARIANT_COLUMNS} FROM variants v JOIN products p ON p.id = v.product_id WHERE v.product_id = $1 ORDER BY v.created_at, v.id`,
      [id],
    );
    const scope = branchScope(user);
    const stock = await m.query(
      `SELECT s.variant_id AS "variantId", s.inventory_id AS "inventoryId", i.name AS "inventoryName",
              s.on_hand AS "onHand", s.reserved
         FROM stock_levels s JOIN inventories i ON i.id = s.inventory_id JOIN variants v ON v.id = s.variant_id
        WHERE v.product_id = $1 AND ($2::uuid IS NULL OR i.branch_id = $2) ORDER BY i.name`,
      [id, scope],
    );
    product.variants = variants.map((v: Record<string, unknown>) => ({
      ...toVariantResponse(v, showCost),
      stock: stock
        .filter((s: { variantId: string }) => s.variantId === v.id)
        .map((s: Record<string, unknown>) => ({
          inventoryId: s.inventoryId,
          inventoryName: s.inventoryName,
          onHand: Number(s.onHand),
          reserved: Number(s.reserved),
        })),
    }));
    return product;
  }

  private async nextSku(m: EntityManager): Promise<string> {
    const [{ n }] = await m.query(`SELECT nextval('variant_sku_seq') AS n`);
    return `SKU${String(n).padStart(6, '0')}`;
  }

  /**
   * Insert one variant (and its opening stock) of a product, inside the caller's transaction; the
   * opening stock's value at cost is raised as `stock.adjusted` (the books post it).
   */
  async insertVariant(
    tx: CommandTransaction,
    product: Pick<ProductEntity, 'id' | 'nameAr' | 'nameEn'>,
    input: VariantInputDto,
    user: AuthUser,
  ): Promise<string> {
    const { m } = tx;
    const id = uuidv7();
    const sku = input.sku?.trim() || (await this.nextSku(m));
    await checkSku(m, sku, id);
    const barcodes = input.barcodes.map((b) => b.trim());
    const avgCost = canSeeCost(user) ? (input.avgCost ?? 0) : 0;
    await m.insert(VariantEntity, {
      id,
      productId: product.id,
      sku,
      barcodes,
      properties: input.properties ?? {},
      sellPrice: input.sellPrice,
      minSellPrice: input.minSellPrice ?? 0,
      avgCost,
      lowStockThreshold: input.lowStockThreshold ?? 0,
      active: input.active ?? true,
      searchText: variantSearchText({
        nameAr: product.nameAr,
        nameEn: product.nameEn,
        properties: input.properties,
        sku,
        barcodes,
      }),
    });
    await claimBarcodes(m, id, barcodes);
    const opening = (input.openingStock ?? []).filter((o) => o.quantity > 0);
    if (opening.length) {
      if (!user.permissions.includes('can_adjust_stock')) throw Errors.forbidden();
      // A tracked product's units come in with their serials or lot (/buy, a stock adjustment).
      const [{ tracking }] = await m.query('SELECT tracking FROM products WHERE id = $1', [
        product.id,
      ]);
      checkTracking({ nameAr: product.nameAr, tracking, imeiCount: 0, variants: [input] });
      await this.checkInventoriesVisible(
        m,
        user,
        opening.map((o) => o.inventoryId),
      );
      await this.openingStock(
        tx,
        product.id,
        sku,
        opening.map((o, i) => ({
          field: `openingStock.${i}`,
          variantId: id,
          inventoryId: o.inventoryId,
          quantity: o.quantity,
          unitCost: avgCost,
        })),
        user,
      );
    }
    return id;
  }

  /**
   * Opening stock of one product's variants (the product form, the Excel import): into the ledger,
   * then the units or lots of a tracked product beside their movements (checked by the caller with
   * checkTrackedLines), the balances pushed live, and the value raised as `stock.adjusted` (the
   * books post it against opening balances).
   */
  async openingStock(
    tx: CommandTransaction,
    productId: string,
    number: string,
    lines: (TrackedLine & { inventoryId: string; unitCost: number | null })[],
    user: AuthUser,
  ): Promise<void> {
    const { m } = tx;
    const movements = (inventoryId?: string) =>
      lines
        .filter((l) => !inventoryId || l.inventoryId === inventoryId)
        .map((l) => ({
          variantId: l.variantId,
          inventoryId: l.inventoryId,
          quantity: l.quantity,
          reason: 'opening' as const,
          referenceType: 'product',
          referenceId: productId,
          unitCost: l.unitCost,
          userId: user.id,
        }));
    const changes = await this.ledger.apply(m, movements());
    if (lines.some((l) => l.serials?.length || l.batch)) {
      const info = await trackingOf(
        m,
        lines.map((l) => l.variantId),
      );
      // one inventory at a time: recordTracked finds each line's movement by its variant
      for (const inventoryId of new Set(lines.map((l) => l.inventoryId)))
        await recordTracked(
          m,
          movements(inventoryId),
          lines.filter((l) => l.inventoryId === inventoryId),
          info,
        );
    }
    await pushStockEvents(tx, changes);
    const values = valueChanges(changes);
    if (values.length)
      await tx.raise('stock.adjusted', {
        source: { type: 'product', id: productId, number },
        reason: 'opening',
        userId: user.id,
        values,
      });
  }

  /** Opening stock is a change to the inventory: the user's own branch only (admins: any). */
  private async checkInventoriesVisible(m: EntityManager, user: AuthUser, ids: string[]) {
    const scope = branchWriteScope(user);
    const [{ n }] = await m.query(
      'SELECT count(DISTINCT id)::int AS n FROM inventories WHERE id = ANY($1) AND ($2::uuid IS NULL OR branch_id = $2)',
      [ids, scope],
    );
    if (n !== new Set(ids).size) throw Errors.notFound();
  }

  async getVariant(m: EntityManager, id: string, user: AuthUser): Promise<VariantResponseDto> {
    const [row] = await m.query(
      `SELECT ${VARIANT_COLUMNS} FROM variants v JOIN products p ON p.id = v.product_id WHERE v.id = $1`,
      [id],
    );
    if (!row) throw Errors.notFound();
    return toVariantResponse(row, canSeeCost(user));
  }
}
