import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A variant's lots in first-expiry-first-out order (issue 34, docs/decisions/0123): the sale's pick
 * and the till's lot chooser walk this index from the first lot not expired, and stop once the
 * quantity is covered (or the page is full), instead of reading every lot of the variant.
 */
export class BatchesFefoIndex1796200000550 implements MigrationInterface {
  name = 'BatchesFefoIndex1796200000550';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE INDEX "IDX_batches_variant_expiry" ON "batches" ("variant_id", "expiry_date", "lot")`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "IDX_batches_variant_expiry"`);
  }
}
