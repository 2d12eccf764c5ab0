import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { v7 as uuidv7 } from 'uuid';
import {
  type ProductCreateDto,
  type ProductListQueryDto,
  type ProductResponseDto,
  type ProductUpdateDto,
  type VariantInputDto,
  type VariantResponseDto,
  type VariantUpdateDto,
} from '@pos/contracts';
import { AuditService } from '../../../core/audit/audit.service';
import { OutboxService } from '../../../core/outbox/outbox.service';
import { writeStockEvents } from '../../inventory';
import type { AuthUser } from '../../../core/auth/auth.types';
import type { RequestMeta } from '../../../core/auth/decorators';
import { AppException, Errors } from '../../../core/errors/app.exception';
import { pageOf, sortOf } from '../../../core/http/list';
import { StockLedger } from '../../inventory';
import { ProductEntity, VariantBarcodeEntity, VariantEntity } from '../entities/catalog.entities';
import { variantSearchText } from './search-text';
import { searchPatterns } from './variants.service';
import { branchWriteScope } from '../../../core/auth/branch-scope';
import { assertStorePriceChange, branchScope, canSeeCost, toVariantResponse, VARIANT_COLUMNS } from './variant-view';

const PRODUCT_COLUMNS = `p.id, p.name_ar AS "nameAr", p.name_en AS "nameEn", p.category_id AS "categoryId",
  c.name AS "categoryName", p.unit, p.vat_rate AS "vatRate", p.eta_item_type AS "etaItemType",
  p.eta_item_code AS "etaItemCode", p.image, p.active, p.property_type_ids AS "propertyTypeIds",
  (SELECT count(*)::int FROM variants v WHERE v.product_id = p.id) AS "variantCount", p.created_at AS "createdAt"`;

@Injectable()
export class ProductsService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly audit: AuditService,
    private readonly ledger: StockLedger,
    private readonly outbox: OutboxService,
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
      where.push(`EXISTS (SELECT 1 FROM variants v WHERE v.product_id = p.id AND ${conds.join(' AND ')})`);
    }
    if (query.categoryId) { params.push(query.categoryId); where.push(`p.category_id = $${params.length}`); }
    if (query.active !== undefined) { params.push(query.active === 'true'); where.push(`p.active = $${params.length}`); }
    const clause = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const sort = sortOf(query, { nameAr: 'p.name_ar', createdAt: 'p.created_at' }, '-createdAt');
    const [{ total }] = await this.ds.query(`SELECT count(*)::int AS total FROM products p ${clause}`, params);
    const rows = await this.ds.query(
      `SELECT ${PRODUCT_COLUMNS} FROM products p LEFT JOIN categories c ON c.id = p.category_id ${clause}
       ORDER BY ${sort.column} ${sort.direction}, p.id LIMIT ${take} OFFSET ${skip}`,
      params,
    );
    return { rows, total };
  }

  async get(id: string, user: AuthUser, m: EntityManager = this.ds.manager): Promise<ProductResponseDto> {
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

  private async checkRefs(m: EntityManager, dto: { categoryId?: string | null; propertyTypeIds?: string[] }) {
    if (dto.categoryId) {
      const [found] = await m.query('SELECT 1 FROM categories WHERE id = $1', [dto.categoryId]);
      if (!found) throw new AppException('VALIDATION_FAILED', HttpStatus.BAD_REQUEST, {}, [{ key: 'validation.constraint.isUuid', params: { field: 'categoryId' } }]);
    }
    if (dto.propertyTypeIds?.length) {
      const [{ n }] = await m.query('SELECT count(*)::int AS n FROM property_types WHERE id = ANY($1)', [dto.propertyTypeIds]);
      if (n !== dto.propertyTypeIds.length) throw new AppException('VALIDATION_FAILED', HttpStatus.BAD_REQUEST, {}, [{ key: 'validation.constraint.isUuid', params: { field: 'propertyTypeIds' } }]);
    }
  }

  private async claimBarcodes(m: EntityManager, variantId: string, barcodes: string[]) {
    if (!barcodes.length) return;
    const taken = await m.query('SELECT barcode FROM variant_barcodes WHERE barcode = ANY($1) AND variant_id <> $2', [barcodes, variantId]);
    if (taken.length) throw new AppException('BARCODE_TAKEN', HttpStatus.BAD_REQUEST, { barcode: taken[0].barcode });
    await m.createQueryBuilder().insert().into(VariantBarcodeEntity).values(barcodes.map((barcode) => ({ barcode, variantId }))).orIgnore().execute();
  }

  private async checkSku(m: EntityManager, sku: string, variantId: string) {
    const [taken] = await m.query('SELECT 1 FROM variants WHERE sku = $1 AND id <> $2', [sku, variantId]);
    if (taken) throw new AppException('SKU_TAKEN', HttpStatus.BAD_REQUEST, { sku });
  }

  private async nextSku(m: EntityManager): Promise<string> {
    const [{ n }] = await m.query(`SELECT nextval('variant_sku_seq') AS n`);
    return `SKU${String(n).padStart(6, '0')}`;
  }

  /** Insert one variant (and its opening stock) of a product, inside the caller's transaction. */
  async insertVariant(
    m: EntityManager,
    product: Pick<ProductEntity, 'id' | 'nameAr' | 'nameEn'>,
    input: VariantInputDto,
    user: AuthUser,
  ): Promise<string> {
    const id = uuidv7();
    const sku = input.sku?.trim() || (await this.nextSku(m));
    await this.checkSku(m, sku, id);
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
      searchText: variantSearchText({ nameAr: product.nameAr, nameEn: product.nameEn, properties: input.properties, sku, barcodes }),
    });
    await this.claimBarcodes(m, id, barcodes);
    const opening = (input.openingStock ?? []).filter((o) => o.quantity > 0);
    if (opening.length) {
      if (!user.permissions.includes('can_adjust_stock')) throw Errors.forbidden();
      await this.checkInventoriesVisible(m, user, opening.map((o) => o.inventoryId));
      const changes = await this.ledger.apply(
        m,
        opening.map((o) => ({
          variantId: id,
          inventoryId: o.inventoryId,
          quantity: o.quantity,
          reason: 'opening' as const,
          referenceType: 'product',
          referenceId: product.id,
          unitCost: avgCost,
          userId: user.id,
        })),
      );
      await writeStockEvents(m, this.outbox, changes);
    }
    return id;
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

  async create(dto: ProductCreateDto, user: AuthUser, meta: RequestMeta): Promise<ProductResponseDto> {
    return this.ds.transaction(async (m) => {
      await this.checkRefs(m, dto);
      const skus = dto.variants.map((v) => v.sku?.trim()).filter(Boolean);
      if (new Set(skus).size !== skus.length) throw new AppException('SKU_TAKEN', HttpStatus.BAD_REQUEST, { sku: skus.find((s, i) => skus.indexOf(s) !== i)! });
      const codes = dto.variants.flatMap((v) => v.barcodes);
      if (new Set(codes).size !== codes.length) throw new AppException('BARCODE_TAKEN', HttpStatus.BAD_REQUEST, { barcode: codes.find((c, i) => codes.indexOf(c) !== i)! });
      const product: Partial<ProductEntity> = {
        id: uuidv7(),
        nameAr: dto.nameAr.trim(),
        nameEn: dto.nameEn?.trim() || null,
        categoryId: dto.categoryId ?? null,
        unit: dto.unit ?? 'piece',
        vatRate: dto.vatRate ?? 14,
        etaItemType: dto.etaItemType ?? null,
        etaItemCode: dto.etaItemCode ?? null,
        image: dto.image ?? null,
        active: dto.active ?? true,
        propertyTypeIds: dto.propertyTypeIds ?? [],
      };
      await m.insert(ProductEntity, product);
      for (const variant of dto.variants) await this.insertVariant(m, product as ProductEntity, variant, user);
      const after = await this.get(product.id!, user, m);
      await this.audit.record(m, meta, { action: 'product.create', entity: 'product', entityId: product.id, after: { ...after, variants: after.variants?.length } });
      return after;
    });
  }

  async update(id: string, dto: ProductUpdateDto, user: AuthUser, meta: RequestMeta): Promise<ProductResponseDto> {
    return this.ds.transaction(async (m) => {
      const before = await m.findOne(ProductEntity, { where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!before) throw Errors.notFound();
      await this.checkRefs(m, dto);
      const patch: Partial<ProductEntity> = {};
      for (const key of ['nameAr', 'nameEn', 'categoryId', 'unit', 'vatRate', 'etaItemType', 'etaItemCode', 'image', 'active', 'propertyTypeIds'] as const) {
        if (dto[key] !== undefined) (patch as Record<string, unknown>)[key] = typeof dto[key] === 'string' ? (dto[key] as string).trim() : dto[key];
      }
      if (Object.keys(patch).length) await m.update(ProductEntity, { id }, patch);
      if (patch.nameAr !== undefined || patch.nameEn !== undefined) {
        const after = { ...before, ...patch };
        const variants = await m.find(VariantEntity, { where: { productId: id } });
        for (const v of variants) {
          await m.update(VariantEntity, { id: v.id }, { searchText: variantSearchText({ ...after, properties: v.properties, sku: v.sku, barcodes: v.barcodes }) });
        }
      }
      const result = await this.get(id, user, m);
      await this.audit.record(m, meta, { action: 'product.update', entity: 'product', entityId: id, before, after: { ...before, ...patch } });
      return result;
    });
  }

  async remove(id: string, meta: RequestMeta): Promise<void> {
    await this.ds.transaction(async (m) => {
      const before = await m.findOne(ProductEntity, { where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!before) throw Errors.notFound();
      const variants = await m.find(VariantEntity, { where: { productId: id } });
      for (const v of variants) await this.assertNoStock(m, v.id);
      await m.query('DELETE FROM stock_levels WHERE variant_id = ANY($1)', [variants.map((v) => v.id)]);
      await m.delete(ProductEntity, { id });
      await this.audit.record(m, meta, { action: 'product.delete', entity: 'product', entityId: id, before });
    });
  }

  private async assertNoStock(m: EntityManager, variantId: string) {
    const [row] = await m.query(
      `SELECT EXISTS (SELECT 1 FROM stock_movements WHERE variant_id = $1)
           OR EXISTS (SELECT 1 FROM stock_levels WHERE variant_id = $1 AND (on_hand <> 0 OR reserved <> 0)) AS used`,
      [variantId],
    );
    if (row.used) throw new AppException('VARIANT_HAS_STOCK', HttpStatus.CONFLICT);
  }

  async addVariant(productId: string, dto: VariantInputDto, user: AuthUser, meta: RequestMeta): Promise<VariantResponseDto> {
    return this.ds.transaction(async (m) => {
      const product = await m.findOne(ProductEntity, { where: { id: productId }, lock: { mode: 'pessimistic_write' } });
      if (!product) throw Errors.notFound();
      const id = await this.insertVariant(m, product, dto, user);
      const after = await this.getVariant(m, id, user);
      await this.audit.record(m, meta, { action: 'variant.create', entity: 'variant', entityId: id, after });
      return after;
    });
  }

  async getVariant(m: EntityManager, id: string, user: AuthUser): Promise<VariantResponseDto> {
    const [row] = await m.query(`SELECT ${VARIANT_COLUMNS} FROM variants v JOIN products p ON p.id = v.product_id WHERE v.id = $1`, [id]);
    if (!row) throw Errors.notFound();
    return toVariantResponse(row, canSeeCost(user));
  }

  async updateVariant(id: string, dto: VariantUpdateDto, user: AuthUser, meta: RequestMeta): Promise<VariantResponseDto> {
    return this.ds.transaction(async (m) => {
      const before = await m.findOne(VariantEntity, { where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!before) throw Errors.notFound();
      assertStorePriceChange(user, before, dto);
      const product = await m.findOneByOrFail(ProductEntity, { id: before.productId });
      const patch: Partial<VariantEntity> = {};
      if (dto.sku !== undefined) { await this.checkSku(m, dto.sku.trim(), id); patch.sku = dto.sku.trim(); }
      if (dto.barcodes !== undefined) {
        const barcodes = dto.barcodes.map((b) => b.trim());
        await m.delete(VariantBarcodeEntity, { variantId: id });
        await this.claimBarcodes(m, id, barcodes);
        patch.barcodes = barcodes;
      }
      for (const key of ['properties', 'sellPrice', 'minSellPrice', 'lowStockThreshold', 'active'] as const) {
        if (dto[key] !== undefined) (patch as Record<string, unknown>)[key] = dto[key];
      }
      // Cost is private: without can_see_buy_price it can be neither seen nor changed.
      if (dto.avgCost !== undefined && canSeeCost(user)) patch.avgCost = dto.avgCost;
      const next = { ...before, ...patch };
      patch.searchText = variantSearchText({ nameAr: product.nameAr, nameEn: product.nameEn, properties: next.properties, sku: next.sku, barcodes: next.barcodes });
      await m.update(VariantEntity, { id }, patch);
      const after = await this.getVariant(m, id, user);
      await this.audit.record(m, meta, { action: 'variant.update', entity: 'variant', entityId: id, before, after: next });
      return after;
    });
  }

  async removeVariant(id: string, meta: RequestMeta): Promise<void> {
    await this.ds.transaction(async (m) => {
      const before = await m.findOne(VariantEntity, { where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!before) throw Errors.notFound();
      await this.assertNoStock(m, id);
      await m.query('DELETE FROM stock_levels WHERE variant_id = $1', [id]);
      await m.delete(VariantEntity, { id });
      await this.audit.record(m, meta, { action: 'variant.delete', entity: 'variant', entityId: id, before });
    });
  }
}
