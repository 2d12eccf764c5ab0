import type { OpeningStockDto, VariantInputDto } from '@pos/contracts';
import type { ProductVariant } from '../api/catalog.api';
import {
  formatQuantity,
  parsePounds,
  parseQuantity,
  piastersToInput,
} from '../../../shared/lib/money';

/** Texts of one variant as typed in a form. */
export type VariantTexts = {
  sku: string;
  barcodes: string[];
  sellPrice: string;
  minSellPrice: string;
  avgCost: string;
  lowStockThreshold: string;
  opening?: Record<string, string>;
};

/** A saved variant's texts as a form shows them (empty for a new one). */
export function variantTexts(variant: ProductVariant | null): VariantTexts {
  return {
    sku: variant?.sku ?? '',
    barcodes: variant?.barcodes ?? [],
    sellPrice: variant ? piastersToInput(variant.sellPrice) : '',
    minSellPrice: variant && variant.minSellPrice ? piastersToInput(variant.minSellPrice) : '',
    avgCost: variant && variant.avgCost !== undefined ? piastersToInput(variant.avgCost) : '',
    lowStockThreshold: variant ? formatQuantity(variant.lowStockThreshold).replace(/,/g, '') : '',
  };
}

export type VariantFormMessages = {
  priceRequired: string;
  priceInvalid: string;
  minAboveSell: string;
  quantityInvalid: string;
};

/**
 * Form texts → the API's variant (piasters, quantities) plus per-field messages. Messages for the
 * SKU/barcode pattern come from the DTO check (dtoErrors) so they read as the server's.
 */
export function variantFromTexts(
  texts: VariantTexts,
  properties: Record<string, string>,
  options: { showCost: boolean; inventoryIds: string[]; messages: VariantFormMessages },
): { input: VariantInputDto; errors: Record<string, string> } {
  const { messages } = options;
  const errors: Record<string, string> = {};
  const sell = parsePounds(texts.sellPrice);
  if (sell === null) errors.sellPrice = messages.priceRequired;
  else if (Number.isNaN(sell)) errors.sellPrice = messages.priceInvalid;
  const min = parsePounds(texts.minSellPrice);
  if (min !== null && Number.isNaN(min)) errors.minSellPrice = messages.priceInvalid;
  else if (min !== null && sell !== null && !Number.isNaN(sell) && min > sell)
    errors.minSellPrice = messages.minAboveSell;
  const cost = options.showCost ? parsePounds(texts.avgCost) : null;
  if (cost !== null && Number.isNaN(cost)) errors.avgCost = messages.priceInvalid;
  const threshold = parseQuantity(texts.lowStockThreshold);
  if (threshold !== null && Number.isNaN(threshold))
    errors.lowStockThreshold = messages.quantityInvalid;

  const openingStock: OpeningStockDto[] = [];
  for (const inventoryId of options.inventoryIds) {
    const qty = parseQuantity(texts.opening?.[inventoryId] ?? '');
    if (qty === null) continue;
    if (Number.isNaN(qty)) errors[`opening.${inventoryId}`] = messages.quantityInvalid;
    else if (qty > 0) openingStock.push({ inventoryId, quantity: qty });
  }

  const input: VariantInputDto = {
    barcodes: texts.barcodes.map((b) => b.trim()).filter(Boolean),
    properties,
    sellPrice: sell ?? 0,
  };
  const sku = texts.sku.trim();
  if (sku) input.sku = sku;
  if (min !== null && !Number.isNaN(min)) input.minSellPrice = min;
  if (cost !== null && !Number.isNaN(cost)) input.avgCost = cost;
  if (threshold !== null && !Number.isNaN(threshold)) input.lowStockThreshold = threshold;
  if (openingStock.length) input.openingStock = openingStock;
  return { input, errors };
}
