import type { VariantResponseDto } from '@pos/contracts';
import Dexie from 'dexie';
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

/** Variants whose code starts with a typed word, read up to this many (more: a common start). */
const CODE_KEYS = 200;
/** Products whose variants are read at a time. */
const EXPAND = 40;

/**
 * What a typed word can match: the numbers of the products with a word it starts (its
 * postings: one range of keys, read in order) and the variants a code of which it starts (up to
 * CODE_KEYS; more and the word is checked on the variants only: `known` false).
 */
async function wordHits(
  db: PosCatalogDb,
  w: string,
): Promise<{ postings: Int32Array[]; byCode: DeviceVariant[]; known: boolean }> {
  const [postings, byCode] = await Promise.all([
    db.postings
      .where('[w+c]')
      .between([w, Dexie.minKey], [w + '\uffff', Dexie.maxKey], true, true)
      .toArray(),
    db.variants.where('codes').startsWith(w).limit(CODE_KEYS).toArray(),
  ]);
  return { postings: postings.map((p) => p.ids), byCode, known: byCode.length < CODE_KEYS };
}

/** Variants whose words start with every word typed (normalised as the server does), by name. */
export async function searchVariants(
  db: PosCatalogDb,
  text: string,
  limit = 20,
): Promise<VariantResponseDto[]> {
  const words = wordsOf(text);
  if (!words.length) return [];
  const want = Math.max(limit * 4, 50);
  const matches = (v: DeviceVariant) => {
    const own = variantWords(v);
    return words.every((w) => own.some((o) => o.startsWith(w)));
  };
  // One read transaction: the words' postings, the products and variants found, their stock.
  return db.transaction('r', [db.products, db.variants, db.postings, db.stock], async () => {
    const each = await Promise.all(words.map((w) => wordHits(db, w)));
    const found = each.some((e) => e.known)
      ? await expand(db, candidatesOf(each), matches, want)
      : // every word starts too many codes ("622"): the first of them, checked
        each[0].byCode.filter(matches).slice(0, want);
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

/** The products every (known) word can match, by number: the order they arrived in. */
function candidatesOf(each: Awaited<ReturnType<typeof wordHits>>[]): number[] {
  const known = each.filter((e) => e.known);
  let size = 0;
  for (const e of known) {
    for (const ids of e.postings) for (const n of ids) if (n >= size) size = n + 1;
    for (const v of e.byCode) if (v.productNo >= size) size = v.productNo + 1;
  }
  // A bit a product: how many of the words can match it.
  const counts = new Uint8Array(size);
  for (const e of known) {
    const bits = new Uint8Array(size);
    for (const ids of e.postings) for (const n of ids) bits[n] = 1;
    for (const v of e.byCode) if (v.productNo >= 0) bits[v.productNo] = 1;
    for (let n = 0; n < size; n++) counts[n] += bits[n];
  }
  const candidates: number[] = [];
  for (let n = 0; n < size; n++) if (counts[n] === known.length) candidates.push(n);
  return candidates;
}

/** Up to `want` variants that match, of the candidate products read EXPAND at a time. */
async function expand(
  db: PosCatalogDb,
  candidates: number[],
  matches: (v: DeviceVariant) => boolean,
  want: number,
): Promise<DeviceVariant[]> {
  const hits = new Map<string, DeviceVariant>();
  for (let i = 0; i < candidates.length && hits.size < want; i += EXPAND) {
    const products = await db.products
      .where('n')
      .anyOf(candidates.slice(i, i + EXPAND))
      .toArray();
    const variants = await db.variants.bulkGet(products.flatMap((p) => p.variantIds));
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
