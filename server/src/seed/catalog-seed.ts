import type { EntityManager } from 'typeorm';
import { v7 as uuidv7 } from 'uuid';
import { generateCatalog, rng } from './catalog-data';

/**
 * Bulk-inserts a generated catalogue with opening stock in the given inventories, writing the
 * ledger rows and balances together (they always agree). Returns the number of variants.
 */
export async function insertCatalog(
  m: EntityManager,
  options: { variants: number; inventoryIds: string[]; seed?: number; prefix?: string; onBatch?: (done: number) => void },
): Promise<number> {
  const rnd = rng((options.seed ?? 42) + 1);
  const categories = new Map<string, string>();
  for (const c of await m.query('SELECT id, name FROM categories')) categories.set(c.name, c.id);
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
        `INSERT INTO products (id, name_ar, name_en, category_id, unit, vat_rate)
         SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::uuid[], $5::text[], $6::int[])`,
        [0, 1, 2, 3, 4, 5].map((i) => cols(batch.products, i)),
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
          [cols(batch.stock, 3), cols(batch.stock, 0), cols(batch.stock, 1), cols(batch.stock, 2), cols(batch.stock, 4)],
        );
      }
    }
    options.onBatch?.(done);
    batch.products = [];
    batch.variants = [];
    batch.stock = [];
  };
  for (const product of generateCatalog(options.variants, options.seed ?? 42, options.prefix ?? 'DEMO')) {
    let categoryId = categories.get(product.category);
    if (!categoryId) {
      categoryId = uuidv7();
      await m.query('INSERT INTO categories (id, name) VALUES ($1, $2)', [categoryId, product.category]);
      categories.set(product.category, categoryId);
    }
    const productId = uuidv7();
    batch.products.push([productId, product.nameAr, product.nameEn, categoryId, product.unit, 14]);
    for (const v of product.variants) {
      const id = uuidv7();
      batch.variants.push([id, productId, v.sku, v.barcode, JSON.stringify(v.properties), v.sellPrice, v.minSellPrice, v.avgCost, v.lowStockThreshold, v.searchText]);
      for (const inventoryId of options.inventoryIds) {
        // Most items are stocked; some sit at or below their threshold; a few are missing.
        const r = rnd();
        const qty = r < 0.08 ? Math.floor(rnd() * (v.lowStockThreshold + 1)) : r < 0.12 ? 0 : 5 + Math.floor(rnd() * 60);
        if (qty > 0 || v.lowStockThreshold > 0) batch.stock.push([id, inventoryId, qty, uuidv7(), v.avgCost]);
      }
      done++;
    }
    if (batch.variants.length >= 5000) await flush();
  }
  await flush();
  return done;
}
