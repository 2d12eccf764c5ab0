import type { VariantResponseDto } from '@pos/contracts';
import type { AuthUser } from '../../../core/auth/auth.types';
import { HttpStatus } from '@nestjs/common';
import { AppException } from '../../../core/errors/app.exception';
import { rowFields } from '../../../core/database/row-fields';

export { canSeeCost } from '../../../core/auth/visibility';

/**
 * Prices live on the variant and every branch sells at them, so changing an existing variant's
 * sell price or minimum sell price is a store-wide act (issue 11): an administrator, or a user who
 * holds can_change_sell_price together with can_see_branches (a store-wide role). A product's
 * first prices (creating it or a new variant) only need can_manage_products.
 */
export const mayChangeStorePrice = (user: AuthUser) =>
  user.isAdmin ||
  (user.permissions.includes('can_change_sell_price') &&
    user.permissions.includes('can_see_branches'));

/** Refuses a change of an existing variant's prices by someone who may not change them everywhere. */
export function assertStorePriceChange(
  user: AuthUser,
  before: { sellPrice: number; minSellPrice: number },
  after: { sellPrice?: number; minSellPrice?: number },
): void {
  const changes =
    (after.sellPrice !== undefined && Number(after.sellPrice) !== Number(before.sellPrice)) ||
    (after.minSellPrice !== undefined &&
      Number(after.minSellPrice) !== Number(before.minSellPrice));
  if (changes && !mayChangeStorePrice(user))
    throw new AppException('GLOBAL_PRICE_FORBIDDEN', HttpStatus.FORBIDDEN);
}

/** Users see every branch's stock with can_see_branches or isAdmin; otherwise their own branch. */
export { branchReadScope as branchScope } from '../../../core/auth/branch-scope';

/** The SELECT list every variant read shares (aliases match VariantResponseDto). */
export const VARIANT_COLUMNS = `v.id, v.product_id AS "productId", p.name_ar AS "productName", p.name_en AS "productNameEn",
  v.sku, v.barcodes, v.properties, v.sell_price::bigint AS "sellPrice", v.min_sell_price AS "minSellPrice",
  v.avg_cost AS "avgCost", v.low_stock_threshold AS "lowStockThreshold", p.vat_rate AS "vatRate", p.unit,
  (v.active AND p.active) AS active, p.category_id AS "categoryId", p.tracking, p.imei_count AS "imeiCount"`;

type Row = Record<string, unknown>;

/** Numbers from SQL text, and cost fields only for users allowed to see them. */
export function toVariantResponse(row: Row, showCost: boolean): VariantResponseDto {
  const sellPrice = Number(row.sellPrice);
  const avgCost = Number(row.avgCost);
  const out: VariantResponseDto = {
    ...rowFields(row, ['id', 'productId', 'productName', 'productNameEn?', 'sku', 'barcodes']),
    properties: (row.properties as Record<string, string>) ?? {},
    sellPrice,
    minSellPrice: Number(row.minSellPrice),
    lowStockThreshold: Number(row.lowStockThreshold),
    vatRate: Number(row.vatRate),
    unit: row.unit as VariantResponseDto['unit'],
    active: row.active as boolean,
  };
  if (row.categoryId !== undefined) out.categoryId = (row.categoryId as string | null) ?? null;
  // Only a tracked product's variant says how (issue 34): the others' answers stay as they were.
  if (row.tracking && row.tracking !== 'none') {
    out.tracking = row.tracking as VariantResponseDto['tracking'];
    out.imeiCount = Number(row.imeiCount ?? 0);
  }
  if (row.onHand !== undefined) out.onHand = Number(row.onHand ?? 0);
  if (row.reserved !== undefined) out.reserved = Number(row.reserved ?? 0);
  if (showCost) {
    out.avgCost = avgCost;
    out.marginPercent =
      sellPrice > 0 ? Math.round(((sellPrice - avgCost) * 10000) / sellPrice) / 100 : null;
  }
  return out;
}

/** A document line's product (`l` the line, `v` its variant, `p` the product), for lineProduct. */
export const LINE_PRODUCT_COLUMNS =
  'l.id, l.line_no, l.variant_id, p.name_ar, p.name_en, v.sku, v.barcodes, v.properties, p.unit';

/** The fields every document line (order, invoice, transfer) starts with. */
export const lineProduct = (l: Row) => ({
  ...rowFields(l, ['id', 'line_no', 'variant_id']),
  productName: l.name_ar as string,
  productNameEn: (l.name_en as string | null) ?? null,
  sku: l.sku as string,
  barcodes: l.barcodes as string[],
  properties: (l.properties as Record<string, string>) ?? {},
  unit: l.unit as string,
});
