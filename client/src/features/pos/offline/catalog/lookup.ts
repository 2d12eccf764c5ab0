import type { VariantResponseDto } from '@pos/contracts';
import type { DeviceCustomer, DeviceVariant, PosCatalogDb } from './db';
import { toVariantDto, wordsOf } from './keys';

// Scan and search on the device's catalog: a barcode (or SKU) is one exact index lookup; a text
// is its normalised words, each the prefix of a word of the variant (the rarest-looking word walks
// the multiEntry word index, the others filter what it finds).

async function withStock(db: PosCatalogDb, found: DeviceVariant[]): Promise<VariantResponseDto[]> {
  const stock = await db.stock.bulkGet(found.map((v) => v.id));
  return found.map((v, i) => toVariantDto(v, stock[i]));
}

/** The variant a scanned code names (a barcode or SKU, exactly), or null. */
export async function findByCode(
  db: PosCatalogDb,
  code: string,
): Promise<VariantResponseDto | null> {
  const trimmed = code.trim();
  if (!trimmed) return null;
  const hit = await db.variants.where('codes').equals(trimmed).first();
  if (!hit) return null;
  const [dto] = await withStock(db, [hit]);
  return dto;
}

/** Variants whose words start with every word typed (normalised as the server does), by name. */
export async function searchVariants(
  db: PosCatalogDb,
  text: string,
  limit = 20,
): Promise<VariantResponseDto[]> {
  const words = wordsOf(text);
  if (!words.length) return [];
  // The longest word is the most selective one to walk the index with.
  const [lead, ...rest] = [...words].sort((a, b) => b.length - a.length);
  const matches = (v: DeviceVariant) => rest.every((w) => v.words.some((own) => own.startsWith(w)));
  const found = await db.variants
    .where('words')
    .startsWith(lead)
    .distinct()
    .filter(matches)
    .limit(Math.max(limit * 4, 50))
    .toArray();
  // An exact code first (as the server ranks it), then by name.
  const exact = words.join(' ');
  found.sort(
    (a, b) =>
      Number(b.codes.includes(exact)) - Number(a.codes.includes(exact)) ||
      a.productName.localeCompare(b.productName, 'ar') ||
      a.sku.localeCompare(b.sku),
  );
  return withStock(db, found.slice(0, limit));
}

/** Customers by phone (its start) or by the words of their name, for an offline sale on account. */
export async function searchCustomers(
  db: PosCatalogDb,
  text: string,
  limit = 20,
): Promise<DeviceCustomer[]> {
  const trimmed = text.trim();
  if (/^\+?\d{3,}$/.test(trimmed)) {
    return db.customers.where('phone').startsWith(trimmed).limit(limit).toArray();
  }
  const words = wordsOf(trimmed);
  if (!words.length) return [];
  const [lead, ...rest] = [...words].sort((a, b) => b.length - a.length);
  const found = await db.customers
    .where('words')
    .startsWith(lead)
    .distinct()
    .filter((c) => rest.every((w) => c.words.some((own) => own.startsWith(w))))
    .limit(limit)
    .toArray();
  return found.sort((a, b) => a.name.localeCompare(b.name, 'ar'));
}
