import {
  normalizeArabic,
  type DeviceCustomerRow,
  type DeviceVariantRow,
  type VariantResponseDto,
} from '@pos/contracts';
import type { DeviceCustomer, DeviceProduct, DeviceStock, DeviceVariant } from './db';

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
    // a tracked product (issue 34): its serials are asked for offline too
    ...(row[14] ? { tracking: row[14], imeiCount: row[15] ?? 0 } : {}),
    codes: codeKeys(barcodes, sku),
    // numbered as its page is indexed (indexPage)
    productNo: -1,
  };
}

/** A scanned or typed code as `codes` holds it (normalised: a search's words are). */
export const codeKey = (code: string): string => normalizeArabic(code);

/** The `codes` of a variant: its barcodes and SKU as keys. */
export const codeKeys = (barcodes: string[], sku: string): string[] => [
  ...new Set([...barcodes, sku].map(codeKey).filter(Boolean)),
];

/** What a search matches a variant on: its names, property values, SKU and barcodes, as words. */
export const variantWords = (v: DeviceVariant): string[] =>
  wordsOf(v.productName, v.productNameEn, ...Object.values(v.properties), v.sku, ...v.barcodes);

/** A product's words from its variants (codes left to `codes`): names and property values. */
export function productWords(v: DeviceVariant): string[] {
  return wordsOf(v.productName, v.productNameEn, ...Object.values(v.properties));
}

/**
 * A page of variants indexed for the search: their products (held ones by id, new ones numbered
 * from `next`) with the page's words and variant ids added, and the postings to add (word →
 * product numbers). Sets each variant's `productNo`. Returns only the products that changed.
 */
export function indexPage(
  variants: DeviceVariant[],
  held: Map<string, DeviceProduct>,
  next: number,
): { products: DeviceProduct[]; added: Map<string, number[]> } {
  const changed = new Map<string, DeviceProduct>();
  const added = new Map<string, number[]>();
  for (const v of variants) {
    let p = changed.get(v.productId) ?? held.get(v.productId);
    if (!p) p = { id: v.productId, n: next++, words: [], variantIds: [] };
    const had = new Set(p.words);
    const fresh = productWords(v).filter((w) => !had.has(w));
    const newVariant = !p.variantIds.includes(v.id);
    // (a new product has no variant yet: it is always written)
    if (fresh.length || newVariant) {
      p = {
        ...p,
        words: [...p.words, ...fresh],
        variantIds: newVariant ? [...p.variantIds, v.id] : p.variantIds,
      };
      changed.set(p.id, p);
    }
    for (const w of fresh) {
      const list = added.get(w);
      if (list) list.push(p.n);
      else added.set(w, [p.n]);
    }
    v.productNo = p.n;
  }
  return { products: [...changed.values()], added };
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
  if (v.tracking) {
    out.tracking = v.tracking;
    out.imeiCount = v.imeiCount ?? 0;
  }
  if (stock) {
    out.onHand = stock.onHand;
    out.reserved = stock.reserved;
  } else {
    out.onHand = 0;
    out.reserved = 0;
  }
  return out;
}
