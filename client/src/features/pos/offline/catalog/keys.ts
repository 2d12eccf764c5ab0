import {
  normalizeArabic,
  type DeviceCustomerRow,
  type DeviceVariantRow,
  type VariantResponseDto,
} from '@pos/contracts';
import type { DeviceCustomer, DeviceStock, DeviceVariant } from './db';

// The device catalog's rows as stored: the server's compact rows plus the keys the lookups use,
// made once as the rows are written (a search at 500k variants then only walks an index).

/** The distinct normalised words of a text (the one normalisation the server's search uses). */
export function wordsOf(...texts: (string | null | undefined)[]): string[] {
  const words = new Set<string>();
  for (const text of texts) {
    if (!text) continue;
    for (const word of normalizeArabic(text).split(' ')) if (word) words.add(word);
  }
  return [...words];
}

export function variantFromRow(row: DeviceVariantRow): DeviceVariant {
  const [id, productId, productName, productNameEn, sku, barcodes, properties] = row;
  const [sellPrice, minSellPrice, vatRate, unit] = row.slice(7) as [
    number,
    number,
    number,
    DeviceVariant['unit'],
  ];
  return {
    id,
    productId,
    productName,
    productNameEn,
    sku,
    barcodes,
    properties: properties ?? {},
    sellPrice,
    minSellPrice,
    vatRate,
    unit,
    // absent from a row of an older server (length 11): the till then builds no e-receipt
    ...(row.length > 11 ? { etaItemType: row[11] ?? null, etaItemCode: row[12] ?? null } : {}),
    ...(row.length > 13 ? { categoryId: row[13] ?? null } : {}),
    codes: [...new Set([...barcodes, sku])],
    words: wordsOf(
      productName,
      productNameEn,
      ...Object.values(properties ?? {}),
      sku,
      ...barcodes,
    ),
  };
}

export function customerFromRow([
  id,
  name,
  phone,
  balance,
  creditLimit,
]: DeviceCustomerRow): DeviceCustomer {
  return { id, name, phone, balance, creditLimit, words: wordsOf(name, phone) };
}

/** The cart's variant shape (what the server's search answers), with the stock when known. */
export function toVariantDto(v: DeviceVariant, stock?: DeviceStock): VariantResponseDto {
  const out: VariantResponseDto = {
    id: v.id,
    productId: v.productId,
    productName: v.productName,
    productNameEn: v.productNameEn,
    sku: v.sku,
    barcodes: v.barcodes,
    properties: v.properties,
    sellPrice: v.sellPrice,
    minSellPrice: v.minSellPrice,
    lowStockThreshold: 0,
    vatRate: v.vatRate,
    unit: v.unit,
    active: true,
  };
  if (v.categoryId !== undefined) out.categoryId = v.categoryId;
  if (stock) {
    out.onHand = stock.onHand;
    out.reserved = stock.reserved;
  } else {
    out.onHand = 0;
    out.reserved = 0;
  }
  return out;
}
