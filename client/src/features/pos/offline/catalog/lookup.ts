import type { VariantResponseDto } from '@pos/contracts';
import type { DeviceCustomer, DeviceProduct, DeviceVariant, PosCatalogDb } from './db';
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
 * A word naming up to this many products is listed (its product ids, key-only) to intersect with
 * the others'; past it a word is too common to list, and the others' products are walked.
 */
export const COMMON_WORD_KEYS = 30000;
/** A word is listed to intersect only when it names at most this many times the candidates. */
const LIST_RATIO = 8;
/** Variants whose code starts with a typed word, listed up to this many (more: a common start). */
const CODE_KEYS = 200;
/** Products whose variants are read at a time. */
const EXPAND = 40;

/** How many products a word names (index entries, counted in IndexedDB) and the codes it starts. */
type WordPlan = { w: string; count: number; codes: string[] };

async function planOf(db: PosCatalogDb, w: string): Promise<WordPlan> {
  const [count, codes] = await Promise.all([
    db.products.where('words').startsWith(w).count(),
    db.variants.where('codes').startsWith(w).limit(CODE_KEYS).primaryKeys(),
  ]);
  return { w, count, codes };
}

const named = (words: string[]) => (p: DeviceProduct) =>
  words.every((w) => p.words.some((own) => own.startsWith(w)));

/** Variants whose words start with every word typed (normalised as the server does), by name. */
export async function searchVariants(
  db: PosCatalogDb,
  text: string,
  limit = 20,
  { commonKeys = COMMON_WORD_KEYS } = {},
): Promise<VariantResponseDto[]> {
  const words = wordsOf(text);
  if (!words.length) return [];
  const want = Math.max(limit * 4, 50);
  const matches = (v: DeviceVariant) => {
    const own = variantWords(v);
    return words.every((w) => own.some((o) => o.startsWith(w)));
  };
  const found = await db.transaction('r', db.products, db.variants, async () => {
    // How many products each word names (counted by the index, nothing read): the fewest drives.
    const plans = (await Promise.all(words.map((w) => planOf(db, w)))).sort(
      (a, b) => a.count + a.codes.length - (b.count + b.codes.length),
    );
    const [lead, ...others] = plans;
    // A word some code starts with may match a variant its product's words do not: it is
    // checked on the variants only.
    const byProduct = others.filter((o) => !o.codes.length);
    if (lead.codes.length < CODE_KEYS && lead.count <= commonKeys) {
      // The rarest word's products, intersected with each next word's while that word names
      // not too many more ("بلوفر اديداس": two lists of thousands); the rest filter the
      // candidates' product rows (small), then their variants are read and checked.
      let ids = new Set(
        lead.count ? await db.products.where('words').startsWith(lead.w).primaryKeys() : [],
      );
      const left: string[] = [];
      for (const o of byProduct) {
        if (ids.size && o.count <= commonKeys && o.count <= ids.size * LIST_RATIO) {
          const theirs = new Set(await db.products.where('words').startsWith(o.w).primaryKeys());
          ids = new Set([...ids].filter((id) => theirs.has(id)));
        } else left.push(o.w);
      }
      let candidates = [...ids];
      if (left.length && candidates.length) {
        const rows = await db.products.bulkGet(candidates);
        const keep = named(left);
        candidates = rows.flatMap((p) => (p && keep(p) ? [p.id] : []));
      }
      return expand(db, candidates, lead.codes, matches, want);
    }
    // Every word very common: the longest word's first products that the others name, then theirs.
    const [longest, ...rest] = [...plans].sort((a, b) => b.w.length - a.w.length);
    const products = await db.products
      .where('words')
      .startsWith(longest.w)
      .distinct()
      .filter(named(rest.filter((o) => !o.codes.length).map((o) => o.w)))
      .limit(want)
      .primaryKeys();
    return expand(db, products, longest.codes, matches, want);
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
