import type { EntityManager } from 'typeorm';
import { uuidv7 } from '../core/database/ids';
import { catalogPropertyTypes, generateCatalog, rng } from './catalog-data';

/**
 * The catalogue's property types (المقاس، اللون) with all their values: created when missing,
 * missing values appended (in order) when they exist. Returns name → id.
 */
export async function ensureCatalogPropertyTypes(m: EntityManager): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const type of catalogPropertyTypes()) {
    const [row] = await m.query(
      `INSERT INTO property_types (id, name, values) VALUES ($1, $2, $3::text[])
       ON CONFLICT (name) DO UPDATE SET values = property_types.values || ARRAY(
         SELECT x FROM unnest(EXCLUDED.values) WITH ORDINALITY AS t(x, i) WHERE NOT x = ANY(property_types.values) ORDER BY i)
       RETURNING id`,
      [uuidv7(), type.name, type.values],
    );
    ids.set(type.name, row.id);
  }
  return ids;
}

/**
 * Bulk-inserts a generated catalogue with opening stock in the given inventories, writing the
 * ledger rows and balances together (they always agree). Stops at `variants` variants or at
 * `products` products, whichever comes first; products holding one of `skipSkus` are left out
 * (already there) but count towards `products`. Products with sizes or colours are linked to the
 * property types, as the variant grid expects. Returns the number of variants written.
 */
export async function insertCatalog(
  m: EntityManager,
  options: {
    variants?: number;
    products?: number;
    skipSkus?: Set<string>;
    inventoryIds: string[];
    seed?: number;
    prefix?: string;
    onBatch?: (done: number) => void;
  },
): Promise<number> {
  const rnd = rng((options.seed ?? 42) + 1);
  const categories = new Map<string, string>();
  for (const c of await m.query('SELECT id, name FROM categories')) categories.set(c.name, c.id);
  const typeIds = await ensureCatalogPropertyTypes(m);
  const axisOrder = [...typeIds.keys()];
  const batch = {
    products: [] as unknown[][],
    variants: [] as unknown[][],
    stock: [] as unknown[][],
  };
  let done = 0;
  const flush = async () => {
    if (batch.products.length) {
      const cols = (rows: unknown[][], i: number) => rows.map((r) => r[i]);
      await m.query(
        `INSERT INTO products (id, name_ar, name_en, category_id, unit, vat_rate, property_type_ids)
         SELECT id, n, ne, c, u, vr, pt::uuid[]
           FROM unnest($1::uuid[], $2::text[], $3::text[], $4::uuid[], $5::text[], $6::int[], $7::text[]) AS t(id, n, ne, c, u, vr, pt)`,
        [0, 1, 2, 3, 4, 5, 6].map((i) => cols(batch.products, i)),
      );
      await m.query(
        `INSERT INTO variants (id, product_id, sku, barcodes, properties, sell_price, min_sell_price, avg_cost, low_stock_threshold, search_text)
         SELECT id, pid, sku, ARRAY[bc], props::jsonb, sp, msp, ac, th, st
           FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::text[], $6::bigint[], $7::bigint[], $8::bigint[], $9::numeric[], $10::text[])
             AS t(id, pid, sku, bc, props, sp, msp, ac, th, st)`,
        [0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((i) => cols(batch.variants, i)),
      );
      await m.query(
        `INSERT INTO variant_barcodes (barcode, variant_id) SELECT * FROM unnest($1::text[], $2::uuid[])`,
        [cols(batch.variants, 3), cols(batch.variants, 0)],
      );
      if (batch.stock.length) {
        await m.query(
          `INSERT INTO stock_levels (variant_id, inventory_id, on_hand, reserved)
           SELECT v, i, q, 0 FROM unnest($1::uuid[], $2::uuid[], $3::numeric[]) AS t(v, i, q)`,
          [cols(batch.stock, 0), cols(batch.stock, 1), cols(batch.stock, 2)],
        );
        await m.query(
          `INSERT INTO stock_movements (id, variant_id, inventory_id, quantity, balance_after, reason, reference_type, unit_cost)
           SELECT id, v, i, q, q, 'opening', 'seed', c
             FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::numeric[], $5::bigint[]) AS t(id, v, i, q, c)`,
          [
            cols(batch.stock, 3),
            cols(batch.stock, 0),
            cols(batch.stock, 1),
            cols(batch.stock, 2),
            cols(batch.stock, 4),
          ],
        );
      }
    }
    options.onBatch?.(done);
    batch.products = [];
    batch.variants = [];
    batch.stock = [];
  };
  let products = 0;
  for (const product of generateCatalog(
    options.variants ?? Infinity,
    options.seed ?? 42,
    options.prefix ?? 'DEMO',
  )) {
    if (options.products !== undefined && products >= options.products) break;
    products++;
    if (options.skipSkus && product.variants.some((v) => options.skipSkus!.has(v.sku))) continue;
    let categoryId = categories.get(product.category);
    if (!categoryId) {
      categoryId = uuidv7();
      await m.query('INSERT INTO categories (id, name) VALUES ($1, $2)', [
        categoryId,
        product.category,
      ]);
      categories.set(product.category, categoryId);
    }
    const productId = uuidv7();
    // The product's axes in the catalogue's order (size, then colour): a Postgres array literal.
    const axes = axisOrder.filter((name) => name in (product.variants[0]?.properties ?? {}));
    batch.products.push([
      productId,
      product.nameAr,
      product.nameEn,
      categoryId,
      product.unit,
      14,
      `{${axes.map((a) => typeIds.get(a)).join(',')}}`,
    ]);
    for (const v of product.variants) {
      const id = uuidv7();
      batch.variants.push([
        id,
        productId,
        v.sku,
        v.barcode,
        JSON.stringify(v.properties),
        v.sellPrice,
        v.minSellPrice,
        v.avgCost,
        v.lowStockThreshold,
        v.searchText,
      ]);
      for (const inventoryId of options.inventoryIds) {
        // Most items are stocked; some sit at or below their threshold; a few are missing.
        const r = rnd();
        const qty =
          r < 0.08
            ? Math.floor(rnd() * (v.lowStockThreshold + 1))
            : r < 0.12
              ? 0
              : 5 + Math.floor(rnd() * 60);
        if (qty > 0 || v.lowStockThreshold > 0)
          batch.stock.push([id, inventoryId, qty, uuidv7(), v.avgCost]);
      }
      done++;
    }
    if (batch.variants.length >= 5000) await flush();
  }
  await flush();
  return done;
}
