import type { VariantResponseDto } from '@pos/contracts';
import Dexie from 'dexie';
import type { DeviceCustomer, DeviceProduct, DeviceVariant, PosCatalogDb } from './db';
import { codeKey, toVariantDto, variantWords, wordsOf } from './keys';

// Scan and search on the device's catalog (docs/decisions/0076): a barcode (or SKU) is one exact
// index lookup; a text is its normalised words, each the start of a word of the variant (its
// names, property values, SKU or barcodes). The words are looked up among the products (a few
// index entries a product, not ten a variant): each word's postings are read up to a bound and
// intersected, a common word is checked on the rows found (docs/decisions/0097), and
// only the variants of the products every typed word can match are read and checked.

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

/** Variants whose code starts with a typed word, read up to this many (more: a common start). */
const CODE_KEYS = 200;
/** Products whose variants are read at a time. */
const EXPAND = 40;

/**
 * How much a search reads at most, however common its words (docs/decisions/0097): the rows of a
 * typed word's postings (more: a short start of many words) and the numbers in them (more: a
 * common word), past which the word is checked on the rows found instead of intersected, and the
 * products read.
 */
export type SearchBounds = { words: number; postings: number; products: number };
export const SEARCH_BOUNDS: SearchBounds = { words: 512, postings: 16_384, products: 1_200 };

/**
 * A typed word: the variants a code of which it starts (up to CODE_KEYS; more and the word is
 * checked on the variants only: `known` false) and the numbers of the products with a word it
 * starts (its postings, one range read in key order), or null when they are more than the bounds
 * (only that much is read).
 */
type Term = { w: string; byCode: DeviceVariant[]; known: boolean; postings: Int32Array[] | null };

async function termOf(db: PosCatalogDb, w: string, bounds: SearchBounds): Promise<Term> {
  let numbers = 0;
  const [rows, byCode] = await Promise.all([
    db.postings
      .where('[w+c]')
      .between([w, Dexie.minKey], [w + '\uffff', Dexie.maxKey], true, true)
      .until((p) => (numbers += p.ids.length) > bounds.postings, true)
      .limit(bounds.words)
      .toArray(),
    db.variants.where('codes').startsWith(w).limit(CODE_KEYS).toArray(),
  ]);
  const all = rows.length < bounds.words && numbers + byCode.length <= bounds.postings;
  return {
    w,
    byCode,
    known: byCode.length < CODE_KEYS,
    postings: all ? rows.map((p) => p.ids) : null,
  };
}

/** Variants whose words start with every word typed (normalised as the server does), by name. */
export async function searchVariants(
  db: PosCatalogDb,
  text: string,
  limit = 20,
  bounds: SearchBounds = SEARCH_BOUNDS,
): Promise<VariantResponseDto[]> {
  const words = wordsOf(text);
  if (!words.length) return [];
  const want = Math.max(limit * 4, 50);
  const matches = (v: DeviceVariant) => {
    const own = variantWords(v);
    return words.every((w) => own.some((o) => o.startsWith(w)));
  };
  // One read transaction: the words' postings, the products and variants, their stock.
  const tables = [db.products, db.variants, db.postings, db.stock];
  return db.transaction('r', tables, async () => {
    const terms = await Promise.all(words.map((w) => termOf(db, w, bounds)));
    // (expand awaited here, not in another async function: that would lose Dexie's zone)
    const found = terms.some((t) => t.known)
      ? await expand(db, productsOf(db, terms), matches, want, bounds.products)
      : // every word starts too many codes ("622"): the first of them, checked
        terms[0].byCode.filter(matches).slice(0, want);
    // An exact code first (as the server ranks it), then by name.
    const exact = words.join(' ');
    found.sort(
      (a, b) =>
        Number(b.codes.includes(exact)) - Number(a.codes.includes(exact)) ||
        a.productName.localeCompare(b.productName, 'ar') ||
        a.sku.localeCompare(b.sku),
    );
    return withStock(db, found.slice(0, limit));
  });
}

/**
 * Where the variants that match are looked for, in the order their products arrived: the known
 * words whose postings were read whole have them intersected; the others are checked on each product's words (and codes), then every word on its
 * variants. No rare word (only common ones, or short starts of many words): the products in order.
 */
function productsOf(db: PosCatalogDb, terms: Term[]): Products {
  const known = terms.filter((t) => t.known);
  const narrow = known.filter((t) => t.postings);
  const byCode = new Map(known.map((t) => [t, new Set(t.byCode.map((v) => v.productNo))]));
  const rest = known.filter((t) => !narrow.includes(t));
  // A product can match if each word not intersected starts one of its words or codes.
  const canMatch = (p: DeviceProduct) =>
    rest.every((t) => byCode.get(t)?.has(p.n) || p.words.some((o) => o.startsWith(t.w)));
  let next: (i: number) => Promise<DeviceProduct[]>;
  if (narrow.length) {
    const candidates = candidatesOf(
      narrow.map((t) => ({ postings: t.postings ?? [], byCode: t.byCode })),
    );
    next = (i) =>
      db.products
        .where('n')
        .anyOf(candidates.slice(i * EXPAND, (i + 1) * EXPAND))
        .toArray();
  } else {
    next = (i) =>
      db.products
        .where('n')
        .between(i * EXPAND, (i + 1) * EXPAND, true, false)
        .toArray();
  }
  return { next, canMatch };
}

/**
 * Products EXPAND at a time in number order (none left: empty) and whether one can match (its
 * variants are read only then).
 */
type Products = {
  next: (i: number) => Promise<DeviceProduct[]>;
  canMatch: (p: DeviceProduct) => boolean;
};

/** The products every one of these words can match, by number: the order they arrived in. */
function candidatesOf(each: { postings: Int32Array[]; byCode: DeviceVariant[] }[]): number[] {
  let size = 0;
  for (const e of each) {
    for (const ids of e.postings) for (const n of ids) if (n >= size) size = n + 1;
    for (const v of e.byCode) if (v.productNo >= size) size = v.productNo + 1;
  }
  // A bit a product: how many of the words can match it.
  const counts = new Uint8Array(size);
  for (const e of each) {
    const bits = new Uint8Array(size);
    for (const ids of e.postings) for (const n of ids) bits[n] = 1;
    for (const v of e.byCode) if (v.productNo >= 0) bits[v.productNo] = 1;
    for (let n = 0; n < size; n++) counts[n] += bits[n];
  }
  const candidates: number[] = [];
  for (let n = 0; n < size; n++) if (counts[n] === each.length) candidates.push(n);
  return candidates;
}

/** Up to `want` variants that match, of at most `maxProducts` products read. */
async function expand(
  db: PosCatalogDb,
  { next, canMatch }: Products,
  matches: (v: DeviceVariant) => boolean,
  want: number,
  maxProducts: number,
): Promise<DeviceVariant[]> {
  const hits = new Map<string, DeviceVariant>();
  for (let i = 0, read = 0; read < maxProducts && hits.size < want; i++) {
    const products = await next(i);
    if (!products.length) break;
    read += products.length;
    const ids = products.filter(canMatch).flatMap((p) => p.variantIds);
    if (!ids.length) continue;
    const variants = await db.variants.bulkGet(ids);
    for (const v of variants) if (v && hits.size < want && matches(v)) hits.set(v.id, v);
  }
  return [...hits.values()];
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
