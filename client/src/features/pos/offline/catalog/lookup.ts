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
  // One read transaction for the variant and its stock (a scan waits on it).
  return db.transaction('r', db.variants, db.stock, async () => {
    const hit = await db.variants.where('codes').equals(trimmed).first();
    return hit ? toVariantDto(hit, await db.stock.get(hit.id)) : null;
  });
}

/**
 * Up to this many variants are listed by their ids for one word typed before it counts as a
 * common one (a key-only index read: cheap).
 */
export const RARE_WORD_KEYS = 2000;

/** Variants whose words start with every word typed (normalised as the server does), by name. */
export async function searchVariants(
  db: PosCatalogDb,
  text: string,
  limit = 20,
  { rareKeys = RARE_WORD_KEYS }: { rareKeys?: number } = {},
): Promise<VariantResponseDto[]> {
  const words = wordsOf(text);
  if (!words.length) return [];
  const want = Math.max(limit * 4, 50);
  const matches = (v: DeviceVariant) =>
    words.every((w) => v.words.some((own) => own.startsWith(w)));
  // Which word is rare: the ids under each word, up to RARE_WORD_KEYS (keys only). Walking a common
  // word's variants to filter them by a rare one ("بلوفر 267": a product word and a model
  // number) read tens of thousands of rows at 500k variants; the rare word's ids are few.
  const ids = await Promise.all(
    words.map(async (w) => {
      // One id per word of a variant that starts with w: a variant may come more than once.
      const keys = await db.variants.where('words').startsWith(w).limit(rareKeys).primaryKeys();
      return { w, all: keys.length < rareKeys, keys: new Set(keys) };
    }),
  );
  const rare = ids.filter((x) => x.all);
  let found: DeviceVariant[];
  if (rare.length) {
    // Every variant that can match is among the rare words' common ids: read those only.
    rare.sort((a, b) => a.keys.size - b.keys.size);
    const [first, ...others] = rare;
    const candidates = [...first.keys].filter((k) => others.every((o) => o.keys.has(k)));
    found = [];
    for (let i = 0; i < candidates.length && found.length < want; i += want) {
      const rows = await db.variants.bulkGet(candidates.slice(i, i + want));
      for (const v of rows) if (v && matches(v) && found.length < want) found.push(v);
    }
  } else {
    // Every word is common: the longest walks the index, the first matches are enough.
    const [lead] = [...words].sort((a, b) => b.length - a.length);
    found = await db.variants
      .where('words')
      .startsWith(lead)
      .distinct()
      .filter(matches)
      .limit(want)
      .toArray();
  }
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
