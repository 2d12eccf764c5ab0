import { normalizeArabic } from '@pos/contracts';

/** What a variant is found by: product names, property values, SKU and barcodes, normalised. */
export function variantSearchText(input: {
  nameAr: string;
  nameEn?: string | null;
  properties?: Record<string, string>;
  sku: string;
  barcodes: string[];
}): string {
  return normalizeArabic(
    [
      input.nameAr,
      input.nameEn ?? '',
      ...Object.values(input.properties ?? {}),
      input.sku,
      ...input.barcodes,
    ].join(' '),
  );
}
