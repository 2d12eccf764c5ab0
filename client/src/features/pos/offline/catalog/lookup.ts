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
 * The products a typed word can match, as a bit a product number: those with a word it starts
 * (its postings: one range of keys, read in order) and those of the variants a code of which it
 * starts; null when too many codes start with it to tell (it is then checked on the variants only).
 */
async function productsOf(
  db: PosCatalogDb,
  w: string,
  size: number,
): Promise<{ bits: Uint8Array | null; byCode: DeviceVariant[] }> {
  const [postings, byCode] = await Promise.all([
    db.postings
      .where('[w+c]')
      .between([w, Dexie.minKey], [w + '\uffff', Dexie.maxKey], true, true)
      .toArray(),
    db.variants.where('codes').startsWith(w).limit(CODE_KEYS).toArray(),
  ]);
  if (byCode.length >= CODE_KEYS) return { bits: null, byCode };
  const bits = new Uint8Array(size);
  for (const { ids } of postings) for (const n of ids) bits[n] = 1;
  for (const v of byCode) if (v.productNo >= 0) bits[v.productNo] = 1;
  return { bits, byCode };
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
  const found = await db.transaction('r', db.products, db.variants, db.postings, async () => {
    const size = (((await db.products.orderBy('n').lastKey()) as number | undefined) ?? -1) + 1;
    const each = await Promise.all(words.map((w) => productsOf(db, w, size)));
    const known = each.flatMap((e) => (e.bits ? [e.bits] : []));
    if (!known.length) {
      // Every word starts too many codes ("622"): the first of them, checked.
      return each[0].byCode.filter(matches).slice(0, want);
    }
    // The products every word can match, in their numbers' order (the order they arrived in).
    const candidates: number[] = [];
    for (let n = 0; n < size; n++) if (known.every((bits) => bits[n])) candidates.push(n);
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
