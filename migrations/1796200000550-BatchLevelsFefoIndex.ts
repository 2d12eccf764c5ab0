import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A variant's lots holding stock at an inventory, in first-expiry-first-out order (issue 34,
 * docs/decisions/0123): the sale's pick and the till's lot chooser walk one partial index from the
 * first lot not expired and stop once the quantity is covered (or the page is full), passing
 * neither the lots sold out nor the lots held at other inventories.
 * - `batch_levels.variant_id`, `.expiry_date`, `.lot`: the batch's own (a batch never changes its
 *   variant, lot or expiry), copied onto each of its levels by a BEFORE INSERT trigger, so every
 *   writer of `batch_levels` (all in the inventory module) keeps inserting (batch, inventory).
 * - `IDX_batch_levels_fefo` on (inventory_id, variant_id, expiry_date, lot) WHERE on_hand > 0.
 */
export class BatchLevelsFefoIndex1796200000550 implements MigrationInterface {
  name = 'BatchLevelsFefoIndex1796200000550';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE "batch_levels" ADD COLUMN "variant_id" uuid, ADD COLUMN "expiry_date" date, ADD COLUMN "lot" text`,
    );
    await q.query(
      `UPDATE "batch_levels" l SET "variant_id" = b."variant_id", "expiry_date" = b."expiry_date", "lot" = b."lot"
         FROM "batches" b WHERE b."id" = l."batch_id"`,
    );
    await q.query(
      `ALTER TABLE "batch_levels" ALTER COLUMN "variant_id" SET NOT NULL,
         ALTER COLUMN "expiry_date" SET NOT NULL, ALTER COLUMN "lot" SET NOT NULL`,
    );
    await q.query(
      `CREATE FUNCTION "batch_levels_fefo_keys"() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         SELECT b."variant_id", b."expiry_date", b."lot" INTO NEW."variant_id", NEW."expiry_date", NEW."lot"
           FROM "batches" b WHERE b."id" = NEW."batch_id";
         RETURN NEW;
       END $$`,
    );
    await q.query(
      `CREATE TRIGGER "TRG_batch_levels_fefo_keys" BEFORE INSERT ON "batch_levels"
         FOR EACH ROW EXECUTE FUNCTION "batch_levels_fefo_keys"()`,
    );
    await q.query(
      `CREATE INDEX "IDX_batch_levels_fefo" ON "batch_levels" ("inventory_id", "variant_id", "expiry_date", "lot") WHERE "on_hand" > 0`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "IDX_batch_levels_fefo"`);
    await q.query(`DROP TRIGGER "TRG_batch_levels_fefo_keys" ON "batch_levels"`);
    await q.query(`DROP FUNCTION "batch_levels_fefo_keys"()`);
    await q.query(
      `ALTER TABLE "batch_levels" DROP COLUMN "variant_id", DROP COLUMN "expiry_date", DROP COLUMN "lot"`,
    );
  }
}
