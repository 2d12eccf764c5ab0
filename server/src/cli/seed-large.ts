import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { resolveDatabase } from '../bootstrap';
import { dataSourceOptions, runMigrations } from '../core/database/data-source';
import { insertCatalog } from '../seed/catalog-seed';
import { seedFirstStart } from '../seed/first-start';
import { ensureBranches, seedSalesHistory } from '../seed/sales-history';
import { postHistory } from '../modules/accounting';

// `npm run seed:large -- --variants 500000 [--branches 5] [--sales 1000000] [--days 90] [--cashiers 4]`:
// realistic Arabic variants with stock in B branches, then a sales history of --sales invoices
// (1–8 lines each) over the --days days before today, --cashiers registers per branch (see
// seed/sales-history.ts). Additive: a second run adds variants, registers and their history.
// Writes into DATABASE_URL (or the embedded default).
function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
}

async function main() {
  const logger = new Logger('SeedLarge');
  const variants = arg('variants', 500_000);
  const branches = arg('branches', 2);
  const sales = arg('sales', 0);
  const days = arg('days', 90);
  const cashiers = arg('cashiers', 4);
  const { url, embedded } = await resolveDatabase();
  await runMigrations(url);
  const firstStart = await seedFirstStart(url);
  // A database made here starts with a generated admin password (to be changed at the first sign-in).
  if (firstStart)
    logger.warn(
      `Created the first user: ${firstStart.username} / ${firstStart.password} (change it at the first sign-in)`,
    );
  const ds = new DataSource(dataSourceOptions(url));
  await ds.initialize();
  const started = Date.now();
  try {
    await ds.transaction(async (m) => {
      const inventories = (await ensureBranches(m, branches)).map((b) => ({ id: b.inventoryId }));
      const prefix = `L${Date.now().toString(36).toUpperCase()}`;
      // Each run its own barcode range (EAN-13 from seed × 10⁷ + serial), so re-running is safe;
      // 42 is the demo catalogue's.
      const [{ runs }] = await m.query(
        `SELECT count(DISTINCT split_part(sku, '-', 1))::int AS runs FROM variants WHERE sku ~ '^L[0-9A-Z]+-[0-9]{7}$'`,
      );
      const seed = 7 + runs >= 42 ? 8 + runs : 7 + runs;
      await m.query('DROP INDEX IF EXISTS "IDX_variants_search_trgm"');
      await insertCatalog(m, {
        variants,
        inventoryIds: inventories.map((i: { id: string }) => i.id),
        seed,
        prefix,
        onBatch: (done) => logger.log(`${done} variants`),
      });
      logger.log('Rebuilding the search index');
      await m.query(
        `CREATE INDEX "IDX_variants_search_trgm" ON "variants" USING gin ("search_text" gin_trgm_ops)`,
      );
    });
    await ds.query('ANALYZE');
    logger.log(`Seeded ${variants} variants in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    if (sales > 0) {
      const pg = new Client({ connectionString: url });
      await pg.connect();
      try {
        const h = await seedSalesHistory(pg, {
          invoices: sales,
          days,
          branches,
          cashiersPerBranch: cashiers,
          timeZone: process.env.STORE_TIME_ZONE || 'Africa/Cairo',
          onProgress: (p) => logger.log(`${p.message} (${(p.elapsedMs / 1000).toFixed(1)} s)`),
        });
        logger.log(
          `Sales history: ${h.invoices} invoices, ${h.lines} lines, ${h.payments} payments, ${h.returns} returns, ${h.movements} stock movements, ` +
            `${h.shifts} shifts in ${(h.ms / 1000).toFixed(1)} s`,
        );
        logger.log(
          `Invariants: stock_levels.on_hand = Σ stock_movements.quantity: ${h.ledgerMismatches === 0 ? 'OK' : `${h.ledgerMismatches} MISMATCHES`}; ` +
            `invoice totals = Σ lines, paid + due = total: ${h.invoiceMismatches === 0 ? 'OK' : `${h.invoiceMismatches} MISMATCHES`}; ` +
            `document_sequences = last number used: ${h.sequenceMismatches === 0 ? 'OK' : `${h.sequenceMismatches} MISMATCHES`}`,
        );
        if (h.ledgerMismatches || h.invoiceMismatches || h.sequenceMismatches) process.exitCode = 1;
        const posting = Date.now();
        await postHistory(pg, { inventory: true });
        logger.log(
          `Posted the history to the journal in ${((Date.now() - posting) / 1000).toFixed(1)} s`,
        );
      } finally {
        await pg.end();
      }
    }
    logger.log(`Done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await ds.destroy();
    await embedded?.stop();
  }
}

main().catch((error: unknown) => {
  new Logger('SeedLarge').error(error instanceof Error ? error.stack : String(error));
  process.exit(1);
});
