import type { VariantResponseDto } from '@pos/contracts';
import Dexie from 'dexie';
import {
  POSTING_CHUNK,
  type DeviceCustomer,
  type DeviceProduct,
  type DeviceVariant,
  type PosCatalogDb,
} from './db';
import { codeKey, toVariantDto, variantWords, wordsOf } from './keys';

// Scan and search on the device's catalog (docs/decisions/0076): a barcode (or SKU) is one exact
// index lookup; a text is its normalised words, each the start of a word of the variant (its
// names, property values, SKU or barcodes). The words are looked up among the products (a few
// index entries a product, not ten a variant): each word's postings are listed by their keys and
// intersected a chunk of products at a time, from the first (docs/decisions/0108), a word
// starting too many words is checked on the rows found, and only the variants of the products
// every typed word can match are read and checked.

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
/** Products read at a time. */
const EXPAND = 40;
/** Chunks of products a search's rounds read: 1 (a common word stops there), then 4, 16, 64. */
const GROWTH = 4;

/**
 * How much a search reads at most, however common its words (docs/decisions/0108): the keys of a
 * typed word's postings (more: a short start of very many words, checked on the rows found
 * instead), and the products read.
 */
export type SearchBounds = { keys: number; products: number };
export const SEARCH_BOUNDS: SearchBounds = { keys: 4_096, products: 1_200 };

type PostingKey = [string, number];
const chunkOf = (n: number) => Math.floor(n / POSTING_CHUNK);

/**
 * A typed word: the variants a code of which it starts (up to CODE_KEYS; more and the word is
 * checked on the variants only: `known` false) and the keys of its postings — [word, chunk] for
 * each word it starts and each chunk of products that word is in — by chunk, or null when they
 * are more than the bound (the word is then checked on the rows found).
 */
type Term = {
  w: string;
  byCode: DeviceVariant[];
  known: boolean;
  chunks: Map<number, PostingKey[]> | null;
};

async function termOf(db: PosCatalogDb, w: string, bounds: SearchBounds): Promise<Term> {
  const [keys, byCode] = await Promise.all([
    // keys only (no numbers read): one range in key order
    db.postings
      .where('[w+c]')
      .between([w, Dexie.minKey], [w + '\uffff', Dexie.maxKey], true, true)
      .limit(bounds.keys + 1)
      .primaryKeys(),
    db.variants.where('codes').startsWith(w).limit(CODE_KEYS).toArray(),
  ]);
  let chunks: Map<number, PostingKey[]> | null = null;
  if (keys.length <= bounds.keys) {
    chunks = new Map();
    for (const key of keys) {
      const list = chunks.get(key[1]);
      if (list) list.push(key);
      else chunks.set(key[1], [key]);
    }
    for (const v of byCode)
      if (!chunks.has(chunkOf(v.productNo))) chunks.set(chunkOf(v.productNo), []);
  }
  return { w, byCode, known: byCode.length < CODE_KEYS, chunks };
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
 * Where the variants that match are looked for, in the order their products arrived. The known
 * words whose postings' keys were listed are intersected chunk by chunk, from the first: a round
 * reads the posting rows of the next chunks every such word is in (1, then 4, 16, 64 chunks), so
 * a common word stops at its first chunk and a rare one is read in a few rounds. The other known words are checked on each product's words (and codes), then every word
 * on its variants. No word listed (only short starts of very many words): the products in order.
 */
function productsOf(db: PosCatalogDb, terms: Term[]): Products {
  const known = terms.filter((t) => t.known);
  const narrow = known.filter((t) => t.chunks);
  const byCode = new Map(known.map((t) => [t, new Set(t.byCode.map((v) => v.productNo))]));
  const rest = known.filter((t) => !narrow.includes(t));
  // A product can match if each word not intersected starts one of its words or codes.
  const canMatch = (p: DeviceProduct) =>
    rest.every((t) => byCode.get(t)?.has(p.n) || p.words.some((o) => o.startsWith(t.w)));
  if (!narrow.length) {
    let from = 0;
    const next = () => {
      const page = db.products
        .where('n')
        .between(from, from + EXPAND, true, false)
        .toArray();
      from += EXPAND;
      return page;
    };
    return { next, canMatch };
  }
  const chunks = [...narrow[0].chunks!.keys()]
    .filter((c) => narrow.every((t) => t.chunks!.has(c)))
    .sort((a, b) => a - b);
  let at = 0;
  let round = 1;
  let pending: number[] = [];
  // (Dexie's promises chained, no async function in between: the transaction's zone is kept)
  const next = (): Promise<DeviceProduct[]> => {
    if (pending.length || at >= chunks.length)
      return productsNumbered(db, pending.splice(0, EXPAND));
    const batch = chunks.slice(at, at + round);
    at += round;
    round *= GROWTH;
    return candidatesIn(db, narrow, batch).then((found) => {
      pending = found;
      return next();
    });
  };
  return { next, canMatch };
}

/** The next products to look at (none left: empty), and whether one can match. */
type Products = {
  next: () => Promise<DeviceProduct[]>;
  canMatch: (p: DeviceProduct) => boolean;
};

/** The numbers, in order, of the products of these chunks that every word can match. */
function candidatesIn(db: PosCatalogDb, narrow: Term[], batch: number[]): Promise<number[]> {
  const keys = narrow.map((t) => batch.flatMap((c) => t.chunks!.get(c)!));
  return db.postings.bulkGet(keys.flat()).then((rows) => {
    const low = batch[0] * POSTING_CHUNK;
    const size = (batch[batch.length - 1] + 1) * POSTING_CHUNK - low;
    // A bit a product: how many of the words can match it.
    const counts = new Uint8Array(size);
    const bits = new Uint8Array(size);
    let row = 0;
    narrow.forEach((t, i) => {
      bits.fill(0);
      for (let k = 0; k < keys[i].length; k++) {
        const ids = rows[row++]?.ids;
        if (ids) for (const n of ids) bits[n - low] = 1;
      }
      for (const v of t.byCode)
        if (v.productNo >= low && v.productNo < low + size) bits[v.productNo - low] = 1;
      for (let n = 0; n < size; n++) counts[n] += bits[n];
    });
    const candidates: number[] = [];
    for (let n = 0; n < size; n++) if (counts[n] === narrow.length) candidates.push(low + n);
    return candidates;
  });
}

/**
 * The products with these numbers (ascending): one range read when they lie close together, else
 * one read each, all at once (an index cursor stepping from one to the next waits on each step).
 */
function productsNumbered(db: PosCatalogDb, numbers: number[]): Promise<DeviceProduct[]> {
  if (!numbers.length) return Dexie.Promise.resolve([]);
  const first = numbers[0];
  const last = numbers[numbers.length - 1];
  if (last - first < 2 * numbers.length) {
    const wanted = new Set(numbers);
    return db.products
      .where('n')
      .between(first, last, true, true)
      .toArray()
      .then((all) => all.filter((p) => wanted.has(p.n)));
  }
  return Dexie.Promise.all(numbers.map((n) => db.products.where('n').equals(n).first())).then(
    (each) => each.filter((p): p is DeviceProduct => p !== undefined),
  );
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
  for (let read = 0; read < maxProducts && hits.size < want;) {
    const products = await next();
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
