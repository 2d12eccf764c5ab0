import type { VariantResponseDto } from '@pos/contracts';
import type { DeviceCustomer, DeviceVariant, PosCatalogDb } from './db';
import { codeKey, toVariantDto, variantWords, wordsOf } from './keys';

// Scan and search on the device's catalog (docs/decisions/0076): a barcode (or SKU) is one exact
// index lookup; a text is its normalised words, each the start of a word of the variant (its
// names, property values, SKU or barcodes). The words are looked up among the products (a few
// index entries a product, not ten a variant), the rarest typed word drives, and only the
// variants of the products every typed word can match are read and checked.

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
    // `codes` holds them normalised (a search's words find them too); the scan is exact.
    const found = await db.variants.where('codes').equals(codeKey(trimmed)).toArray();
    const hit = found.find((v) => v.sku === trimmed || v.barcodes.includes(trimmed));
    return hit ? toVariantDto(hit, await db.stock.get(hit.id)) : null;
  });
}

/**
 * Up to this many products are listed for one word typed before it counts as a common one (a
 * key-only index read: cheap); when every word is common, up to COMMON_WORD_KEYS each.
 */
export const RARE_WORD_KEYS = 2000;
export const COMMON_WORD_KEYS = 30000;
/** Variants whose code starts with a typed word, listed up to this many (more: a common start). */
const CODE_KEYS = 200;
/** Products whose variants are read at a time. */
const EXPAND = 40;

/** The products whose words start with `w` and the variants whose codes do, each up to a cap. */
type WordHits = { products: Set<string>; codes: string[]; complete: boolean };

async function hitsOf(db: PosCatalogDb, w: string, cap: number): Promise<WordHits> {
  const [products, codes] = await Promise.all([
    // A product with two words starting with w is listed twice: a short list is a whole one.
    db.products.where('words').startsWith(w).limit(cap).primaryKeys(),
    db.variants.where('codes').startsWith(w).limit(CODE_KEYS).primaryKeys(),
  ]);
  return {
    products: new Set(products),
    codes,
    complete: products.length < cap && codes.length < CODE_KEYS,
  };
}

/** Variants whose words start with every word typed (normalised as the server does), by name. */
export async function searchVariants(
  db: PosCatalogDb,
  text: string,
  limit = 20,
  { rareKeys = RARE_WORD_KEYS, commonKeys = COMMON_WORD_KEYS } = {},
): Promise<VariantResponseDto[]> {
  const words = wordsOf(text);
  if (!words.length) return [];
  const want = Math.max(limit * 4, 50);
  const matches = (v: DeviceVariant) => {
    const own = variantWords(v);
    return words.every((w) => own.some((o) => o.startsWith(w)));
  };
  const found = await db.transaction('r', db.products, db.variants, async () => {
    // How many products each word names: a rare one (a model number) lists few; when none
    // is, every word is listed further (two common words: "بلوفر اديداس").
    let hits = await Promise.all(words.map((w) => hitsOf(db, w, rareKeys)));
    if (!hits.some((h) => h.complete) && commonKeys > rareKeys)
      hits = await Promise.all(words.map((w) => hitsOf(db, w, commonKeys)));
    const known = hits
      .filter((h) => h.complete)
      .sort((a, b) => a.products.size + a.codes.length - (b.products.size + b.codes.length));
    if (known.length) {
      // The rarest word's products that every other listed word names too (a word some code
      // starts with is left to the variant check); then their variants, each checked.
      const [lead, ...others] = known;
      const filters = others.filter((o) => !o.codes.length).map((o) => o.products);
      const ids = [...lead.products].filter((id) => filters.every((f) => f.has(id)));
      return expand(db, ids, lead.codes, matches, want);
    }
    // Every word very common: the longest word's first products that the others name, then theirs.
    const order = words.map((w, i) => ({ w, h: hits[i] })).sort((a, b) => b.w.length - a.w.length);
    const [lead, ...others] = order;
    const named = others.filter((o) => !o.h.codes.length).map((o) => o.w);
    const products = await db.products
      .where('words')
      .startsWith(lead.w)
      .distinct()
      .filter((p) => named.every((w) => p.words.some((o) => o.startsWith(w))))
      .limit(want)
      .primaryKeys();
    return expand(db, products, lead.h.codes, matches, want);
  });
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

/** Up to `want` variants that match: those of `codes`, then those of the products, in turn. */
async function expand(
  db: PosCatalogDb,
  productIds: string[],
  codes: string[],
  matches: (v: DeviceVariant) => boolean,
  want: number,
): Promise<DeviceVariant[]> {
  const found = new Map<string, DeviceVariant>();
  const take = (rows: (DeviceVariant | undefined)[]) => {
    for (const v of rows) if (v && found.size < want && matches(v)) found.set(v.id, v);
  };
  if (codes.length) take(await db.variants.bulkGet(codes));
  for (let i = 0; i < productIds.length && found.size < want; i += EXPAND) {
    const chunk = productIds.slice(i, i + EXPAND);
    const rows = await Promise.all(
      chunk.map((id) => db.variants.where('productId').equals(id).toArray()),
    );
    take(rows.flat());
  }
  return [...found.values()];
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
