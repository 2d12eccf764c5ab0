import { CommandHandler } from '@nestjs/cqrs';
import type { ImportReportDto, VariantInputDto } from '@pos/contracts';
import type { EntityManager } from 'typeorm';
import { uuidv7 } from '../../../../core/database/ids';
import type { AuthUser } from '../../../../core/auth/auth.types';
import type { CommandTransaction } from '../../../../core/cqrs';
import { CategoryEntity, ProductEntity, VariantEntity } from '../../entities/catalog.entities';
import type { ParsedRow } from '../../services/excel.service';
import { CatalogCommandHandler } from '../catalog-command-handler';
import { variantSearchText } from '../../services/search-text';
import { assertStorePriceChange, canSeeCost } from '../../services/variant-view';
import { raiseCostChange } from '../../services/cost-revaluation';
import { ImportProductsCommand } from './import-products.command';

/**
 * ImportProducts: one transaction, so a failure anywhere leaves nothing imported. Unknown
 * categories are created by name; progress is reported about 20 times whatever the size.
 */
@CommandHandler(ImportProductsCommand)
export class ImportProductsHandler extends CatalogCommandHandler<
  ImportProductsCommand,
  ImportReportDto
> {
  protected async handle(
    { rows, existing, report, user, progress }: ImportProductsCommand,
    tx: CommandTransaction,
  ): Promise<ImportReportDto> {
    const { m } = tx;
    const categories = new Map<string, string>();
    for (const c of await m.query('SELECT id, name FROM categories')) categories.set(c.name, c.id);
    const productsByName = new Map<string, ProductEntity>();
    let done = 0;
    // About 20 progress steps whatever the size (each is a Redis write).
    const step = Math.max(1, Math.ceil(rows.length / 20));
    const variantOfRow = new Map<number, string>();
    for (const r of rows) {
      if (r.continues) continue;
      const categoryId = r.category ? await this.categoryId(m, categories, r.category) : null;
      const variantId = r.sku ? existing.get(r.sku) : undefined;
      if (variantId) {
        await this.updateFromRow(tx, variantId, r, categoryId, user);
        variantOfRow.set(r.row, variantId);
      } else {
        let product = productsByName.get(r.nameAr);
        if (!product) {
          product = m.create(ProductEntity, {
            id: uuidv7(),
            nameAr: r.nameAr,
            nameEn: r.nameEn,
            categoryId,
            unit: r.unit,
            vatRate: r.vatRate,
            etaItemType: null,
            etaItemCode: null,
            image: null,
            active: true,
            propertyTypeIds: [],
            tracking: r.tracking ?? 'none',
            imeiCount: r.imeiCount ?? 0,
          });
          await m.insert(ProductEntity, product);
          productsByName.set(r.nameAr, product);
        }
        const input: VariantInputDto = {
          sku: r.sku ?? undefined,
          barcodes: r.barcodes,
          properties: r.properties,
          sellPrice: r.sellPrice,
          minSellPrice: r.minSellPrice,
          avgCost: r.avgCost ?? undefined,
          lowStockThreshold: r.lowStockThreshold,
        };
        variantOfRow.set(r.row, await this.products.insertVariant(tx, product, input, user));
      }
      done++;
      if (progress && done % step === 0) await progress(Math.floor((done / rows.length) * 100));
    }
    await this.openingStock(tx, rows, variantOfRow, user);
    tx.audit({
      action: 'product.import',
      entity: 'product',
      after: { rows: rows.length, created: report.created, updated: report.updated },
    });
    return { ...report, dryRun: false };
  }

  /** The rows' opening stock (checked whole before the command: checkImportStock), per product. */
  private async openingStock(
    tx: CommandTransaction,
    rows: ParsedRow[],
    variantOfRow: ReadonlyMap<number, string>,
    user: AuthUser,
  ): Promise<void> {
    const lines = rows.flatMap((r) => {
      const { stock } = r;
      const variantId = variantOfRow.get(r.continues ?? r.row);
      if (!stock?.line || !stock.inventoryId || !variantId) return [];
      const unitCost = r.avgCost !== null && canSeeCost(user) ? r.avgCost : null;
      return [
        {
          ...stock.line,
          field: `rows.${r.row}`,
          variantId,
          inventoryId: stock.inventoryId,
          unitCost,
        },
      ];
    });
    if (!lines.length) return;
    const products: { id: string; product_id: string; sku: string }[] = await tx.m.query(
      'SELECT id, product_id, sku FROM variants WHERE id = ANY($1::uuid[])',
      [[...new Set(lines.map((l) => l.variantId))]],
    );
    const byProduct = new Map<string, { sku: string; lines: typeof lines }>();
    for (const l of lines) {
      const v = products.find((p) => p.id === l.variantId)!;
      const group = byProduct.get(v.product_id) ?? { sku: v.sku, lines: [] };
      group.lines.push(l);
      byProduct.set(v.product_id, group);
    }
    for (const [productId, group] of byProduct)
      await this.products.openingStock(tx, productId, group.sku, group.lines, user);
  }

  private async categoryId(
    m: EntityManager,
    cache: Map<string, string>,
    name: string,
  ): Promise<string> {
    let id = cache.get(name);
    if (!id) {
      id = uuidv7();
      await m.insert(CategoryEntity, { id, name, nameEn: null, parentId: null });
      cache.set(name, id);
    }
    return id;
  }

  private async updateFromRow(
    tx: CommandTransaction,
    variantId: string,
    r: ParsedRow,
    categoryId: string | null,
    user: AuthUser,
  ): Promise<void> {
    const { m } = tx;
    const variant = await m.findOneByOrFail(VariantEntity, { id: variantId });
    assertStorePriceChange(user, variant, {
      sellPrice: r.sellPrice,
      minSellPrice: r.columns.has('minSellPrice') ? r.minSellPrice : undefined,
    });
    const product = await m.findOneByOrFail(ProductEntity, { id: variant.productId });
    // Only what the file has columns for changes: a file of SKU + price keeps barcodes, properties...
    const has = (key: string) => r.columns.has(key);
    const nameEn = has('nameEn') ? r.nameEn : product.nameEn;
    const productPatch: Partial<ProductEntity> = { nameAr: r.nameAr, nameEn };
    if (has('category')) productPatch.categoryId = categoryId;
    if (has('unit')) productPatch.unit = r.unit;
    if (has('vatRate')) productPatch.vatRate = r.vatRate;
    await m.update(ProductEntity, { id: variant.productId }, productPatch);
    if (product.nameAr !== r.nameAr || (product.nameEn ?? null) !== nameEn) {
      // Renamed: every variant of the product is found by the new name (as ProductsService.update does).
      const siblings = await m.find(VariantEntity, { where: { productId: variant.productId } });
      const others = siblings.filter((v) => v.id !== variantId);
      if (others.length) {
        await m.query(
          'UPDATE variants v SET search_text = t.text FROM unnest($1::uuid[], $2::text[]) AS t(id, text) WHERE v.id = t.id',
          [
            others.map((v) => v.id),
            others.map((v) =>
              variantSearchText({
                nameAr: r.nameAr,
                nameEn,
                properties: v.properties,
                sku: v.sku,
                barcodes: v.barcodes,
              }),
            ),
          ],
        );
      }
    }
    const barcodes = has('barcodes') ? r.barcodes : variant.barcodes;
    const properties = has('properties') ? r.properties : variant.properties;
    if (has('barcodes')) {
      await m.query('DELETE FROM variant_barcodes WHERE variant_id = $1', [variantId]);
      if (r.barcodes.length) {
        await m.query(
          `INSERT INTO variant_barcodes (barcode, variant_id) SELECT unnest($1::text[]), $2`,
          [r.barcodes, variantId],
        );
      }
    }
    const patch: Partial<VariantEntity> = {
      barcodes,
      properties,
      sellPrice: r.sellPrice,
      searchText: variantSearchText({
        nameAr: r.nameAr,
        nameEn,
        properties,
        sku: variant.sku,
        barcodes,
      }),
    };
    if (has('minSellPrice')) patch.minSellPrice = r.minSellPrice;
    if (has('lowStockThreshold')) patch.lowStockThreshold = r.lowStockThreshold;
    if (r.avgCost !== null && canSeeCost(user)) patch.avgCost = r.avgCost;
    await m.update(VariantEntity, { id: variantId }, patch);
    if (patch.avgCost !== undefined) await raiseCostChange(tx, variant, patch.avgCost, user);
  }
}
