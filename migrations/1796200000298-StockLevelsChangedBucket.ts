import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A sale's balance updates HOT again (docs/decisions/0098). The device catalog's cursor
 * (1796200000160) indexed stock_levels (inventory_id, changed_xid); changed_xid changes on every
 * update, so no balance update could stay on its page without new entries in every index of the
 * table (HOT): a 5-line sale's updates went from 5 of 5 HOT at 4f845f7 to none, about 60 more
 * buffers a sale, and dead index entries on the hottest rows until a vacuum.
 *
 * The index now holds `changed_bucket` = changed_xid / 4096 instead (set with it by the stamping
 * trigger and on insert). It changes once per 4,096 transaction ids, so updates of a balance within
 * one bucket keep the indexed value and may be HOT; changed_xid itself stays (not indexed) and
 * still decides exactly what changed since a cursor. A row with changed_xid ≥ the snapshot's xmin
 * has changed_bucket ≥ xmin / 4096, so the bucket bound finds every such row (and those changed
 * earlier in the same bucket), then the exact test keeps only the changed ones.
 */
const BUCKET = 4096;

export class StockLevelsChangedBucket1796200000298 implements MigrationInterface {
  name = 'StockLevelsChangedBucket1796200000298';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "stock_levels" ADD COLUMN "changed_bucket" bigint`);
    // filled from each row's own changed_xid: the stamping trigger is off meanwhile, so no row
    // looks changed to a till's cursor
    await q.query(`ALTER TABLE "stock_levels" DISABLE TRIGGER "stock_levels_device_catalog_stamp"`);
    await q.query(
      `UPDATE "stock_levels" SET "changed_bucket" = "changed_xid"::text::bigint / ${BUCKET}`,
    );
    await q.query(`ALTER TABLE "stock_levels" ENABLE TRIGGER "stock_levels_device_catalog_stamp"`);
    await q.query(
      `ALTER TABLE "stock_levels" ALTER COLUMN "changed_bucket" SET DEFAULT (pg_current_xact_id()::text::bigint / ${BUCKET}),
         ALTER COLUMN "changed_bucket" SET NOT NULL`,
    );
    await q.query(
      `CREATE FUNCTION stock_level_stamp() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         NEW.changed_xid := pg_current_xact_id();
         NEW.changed_bucket := NEW.changed_xid::text::bigint / ${BUCKET};
         RETURN NEW;
       END $$`,
    );
    await q.query(`DROP TRIGGER "stock_levels_device_catalog_stamp" ON "stock_levels"`);
    await q.query(
      `CREATE TRIGGER "stock_levels_device_catalog_stamp" BEFORE UPDATE ON "stock_levels"
         FOR EACH ROW EXECUTE FUNCTION stock_level_stamp()`,
    );
    await q.query(`DROP INDEX "IDX_stock_levels_inventory_changed"`);
    await q.query(
      `CREATE INDEX "IDX_stock_levels_inventory_changed_bucket" ON "stock_levels" ("inventory_id", "changed_bucket")`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "IDX_stock_levels_inventory_changed_bucket"`);
    await q.query(
      `CREATE INDEX "IDX_stock_levels_inventory_changed" ON "stock_levels" ("inventory_id", "changed_xid")`,
    );
    await q.query(`DROP TRIGGER "stock_levels_device_catalog_stamp" ON "stock_levels"`);
    await q.query(
      `CREATE TRIGGER "stock_levels_device_catalog_stamp" BEFORE UPDATE ON "stock_levels"
         FOR EACH ROW EXECUTE FUNCTION device_catalog_stamp()`,
    );
    await q.query(`DROP FUNCTION stock_level_stamp()`);
    await q.query(`ALTER TABLE "stock_levels" DROP COLUMN "changed_bucket"`);
  }
}
