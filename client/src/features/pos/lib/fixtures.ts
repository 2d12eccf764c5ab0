import type { VariantResponseDto } from '@pos/contracts';

/** A search result for the till's unit tests: variant `id` at `sellPrice`, 10 on hand. */
export const variant = (
  id: string,
  sellPrice: number,
  extra: Partial<VariantResponseDto> = {},
): VariantResponseDto => ({
  id,
  productId: `p-${id}`,
  productName: `منتج ${id}`,
  productNameEn: null,
  sku: `SKU-${id}`,
  barcodes: [`62200000000${id}`],
  properties: {},
  sellPrice,
  minSellPrice: Math.floor(sellPrice / 2),
  lowStockThreshold: 0,
  vatRate: 14,
  unit: 'piece',
  active: true,
  onHand: 10,
  ...extra,
});
