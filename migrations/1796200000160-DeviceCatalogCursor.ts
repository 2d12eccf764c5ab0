import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The till's device catalog (issue 32 item 2): what changed since a sync cursor, exactly.
 *
 * The cursor is a PostgreSQL snapshot (pg_current_snapshot()) taken as a sync starts. Each row the
 * device copies carries `changed_xid`, the id of the transaction that last wrote it (set by the
 * database: a default on insert, a trigger on update). A row changed since a cursor is one whose
 * writer the snapshot did not see: `changed_xid >= xmin AND NOT pg_visible_in_snapshot(...)`.
 * A transaction still running when the cursor was taken is never visible in it, however late it
 * commits, so no change is missed (no clock, no overlap window). Deleted rows leave a tombstone in
 * `device_catalog_removals`, stamped the same way.
 */
const TRACKED = ['variants', 'products', 'stock_levels', 'customers'] as const;

export class DeviceCatalogCursor1796200000160 implements MigrationInterface {
  name = 'DeviceCatalogCursor1796200000160';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE FUNCTION device_catalog_stamp() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         NEW.changed_xid := pg_current_xact_id();
         RETURN NEW;
       END $$`,
    );
    for (const table of TRACKED) {
      await q.query(
        `ALTER TABLE "${table}" ADD COLUMN "changed_xid" xid8 NOT NULL DEFAULT pg_current_xact_id()`,
      );
      await q.query(
        `CREATE TRIGGER "${table}_device_catalog_stamp" BEFORE UPDATE ON "${table}"
           FOR EACH ROW EXECUTE FUNCTION device_catalog_stamp()`,
      );
    }
    await q.query(`CREATE INDEX "IDX_variants_changed_xid" ON "variants" ("changed_xid")`);
    await q.query(`CREATE INDEX "IDX_products_changed_xid" ON "products" ("changed_xid")`);
    await q.query(`CREATE INDEX "IDX_customers_changed_xid" ON "customers" ("changed_xid")`);
    await q.query(
      `CREATE INDEX "IDX_stock_levels_inventory_changed" ON "stock_levels" ("inventory_id", "changed_xid")`,
    );
    await q.query(
      `CREATE INDEX "IDX_stock_levels_inventory_variant" ON "stock_levels" ("inventory_id", "variant_id")`,
    );

    await q.query(
      `CREATE TABLE "device_catalog_removals" (
         "kind" text NOT NULL, "id" uuid NOT NULL,
         "changed_xid" xid8 NOT NULL DEFAULT pg_current_xact_id(),
         CONSTRAINT "PK_device_catalog_removals" PRIMARY KEY ("kind", "id"))`,
    );
    await q.query(
      `CREATE INDEX "IDX_device_catalog_removals_changed" ON "device_catalog_removals" ("changed_xid")`,
    );
    await q.query(
      `CREATE FUNCTION device_catalog_removed() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         INSERT INTO device_catalog_removals (kind, id) VALUES (TG_ARGV[0], OLD.id)
         ON CONFLICT (kind, id) DO UPDATE SET changed_xid = pg_current_xact_id();
         RETURN OLD;
       END $$`,
    );
    for (const [table, kind] of [
      ['variants', 'variant'],
      ['customers', 'customer'],
    ]) {
      await q.query(
        `CREATE TRIGGER "${table}_device_catalog_removed" AFTER DELETE ON "${table}"
           FOR EACH ROW EXECUTE FUNCTION device_catalog_removed('${kind}')`,
      );
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['variants', 'customers']) {
      await q.query(`DROP TRIGGER "${table}_device_catalog_removed" ON "${table}"`);
    }
    await q.query(`DROP FUNCTION device_catalog_removed()`);
    await q.query(`DROP TABLE "device_catalog_removals"`);
    await q.query(`DROP INDEX "IDX_stock_levels_inventory_variant"`);
    for (const table of TRACKED) {
      await q.query(`DROP TRIGGER "${table}_device_catalog_stamp" ON "${table}"`);
      await q.query(`ALTER TABLE "${table}" DROP COLUMN "changed_xid"`);
    }
    await q.query(`DROP FUNCTION device_catalog_stamp()`);
  }
}
