import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Serial numbers, IMEIs, batches and expiry dates (issue 34, docs/decisions/0100):
 * - `products.tracking` (none | serial | batch) and `products.imei_count` (a serial product that is
 *   a phone: 1 or 2 IMEIs per unit; 0 otherwise), the catalog's;
 * - `purchase_invoice_lines.tracked`: a line's serials or batch as entered (a draft keeps them
 *   until it is posted), purchasing's;
 * - the inventory's tables, each row linked to the stock ledger's movement that moved it, so the
 *   ledger stays the one source: `serial_units` (one row per unit: in stock at exactly one
 *   inventory, or out of stock — sold, returned to its vendor, written off — with no inventory),
 *   `serial_movements` (each unit's share, +1 or −1, of a ledger movement), `batches` (a variant's
 *   lot with its expiry), `batch_levels` (a batch's quantity per inventory, never negative) and
 *   `batch_movements` (a batch's share of a ledger movement).
 */
export class SerialsAndBatches1796200000300 implements MigrationInterface {
  name = 'SerialsAndBatches1796200000300';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE "products"
         ADD COLUMN "tracking" text NOT NULL DEFAULT 'none' CHECK ("tracking" IN ('none', 'serial', 'batch')),
         ADD COLUMN "imei_count" smallint NOT NULL DEFAULT 0 CHECK ("imei_count" BETWEEN 0 AND 2),
         ADD CONSTRAINT "CHK_products_imei_serial" CHECK ("imei_count" = 0 OR "tracking" = 'serial')`,
    );
    await q.query(`ALTER TABLE "purchase_invoice_lines" ADD COLUMN "tracked" jsonb`);
    await q.query(
      `CREATE TABLE "serial_units" (
        "id" uuid PRIMARY KEY,
        "variant_id" uuid NOT NULL REFERENCES "variants" ("id") ON DELETE RESTRICT,
        "serial" text NOT NULL CHECK ("serial" ~ '^[A-Z0-9][A-Z0-9./-]{0,49}$'),
        "imei2" text CHECK ("imei2" ~ '^[0-9]{15}$'),
        "status" text NOT NULL CHECK ("status" IN ('in_stock', 'sold', 'returned', 'written_off')),
        "inventory_id" uuid REFERENCES "inventories" ("id") ON DELETE RESTRICT,
        "received_movement_id" uuid NOT NULL REFERENCES "stock_movements" ("id") ON DELETE RESTRICT,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "UQ_serial_units_variant_serial" UNIQUE ("variant_id", "serial"),
        CONSTRAINT "CHK_serial_units_place" CHECK (("status" = 'in_stock') = ("inventory_id" IS NOT NULL)))`,
    );
    await q.query(`CREATE INDEX "IDX_serial_units_serial" ON "serial_units" ("serial")`);
    await q.query(
      `CREATE INDEX "IDX_serial_units_imei2" ON "serial_units" ("imei2") WHERE "imei2" IS NOT NULL`,
    );
    await q.query(
      `CREATE INDEX "IDX_serial_units_in_stock" ON "serial_units" ("inventory_id", "variant_id") WHERE "status" = 'in_stock'`,
    );
    await q.query(
      `CREATE TABLE "serial_movements" (
        "serial_unit_id" uuid NOT NULL REFERENCES "serial_units" ("id") ON DELETE RESTRICT,
        "movement_id" uuid NOT NULL REFERENCES "stock_movements" ("id") ON DELETE RESTRICT,
        "quantity" smallint NOT NULL CHECK ("quantity" IN (1, -1)),
        "at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "PK_serial_movements" PRIMARY KEY ("serial_unit_id", "movement_id"))`,
    );
    await q.query(
      `CREATE INDEX "IDX_serial_movements_movement" ON "serial_movements" ("movement_id")`,
    );
    await q.query(
      `CREATE TABLE "batches" (
        "id" uuid PRIMARY KEY,
        "variant_id" uuid NOT NULL REFERENCES "variants" ("id") ON DELETE RESTRICT,
        "lot" text NOT NULL CHECK ("lot" ~ '^[A-Z0-9][A-Z0-9./-]{0,49}$'),
        "expiry_date" date NOT NULL,
        "production_date" date CHECK ("production_date" <= "expiry_date"),
        "created_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "UQ_batches_variant_lot" UNIQUE ("variant_id", "lot"))`,
    );
    await q.query(
      `CREATE TABLE "batch_levels" (
        "batch_id" uuid NOT NULL REFERENCES "batches" ("id") ON DELETE RESTRICT,
        "inventory_id" uuid NOT NULL REFERENCES "inventories" ("id") ON DELETE RESTRICT,
        "on_hand" numeric(14,3) NOT NULL DEFAULT 0 CHECK ("on_hand" >= 0),
        CONSTRAINT "PK_batch_levels" PRIMARY KEY ("batch_id", "inventory_id"))`,
    );
    await q.query(
      `CREATE INDEX "IDX_batch_levels_inventory" ON "batch_levels" ("inventory_id") WHERE "on_hand" > 0`,
    );
    await q.query(
      `CREATE TABLE "batch_movements" (
        "batch_id" uuid NOT NULL REFERENCES "batches" ("id") ON DELETE RESTRICT,
        "movement_id" uuid NOT NULL REFERENCES "stock_movements" ("id") ON DELETE RESTRICT,
        "inventory_id" uuid NOT NULL REFERENCES "inventories" ("id") ON DELETE RESTRICT,
        "quantity" numeric(14,3) NOT NULL,
        "at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "PK_batch_movements" PRIMARY KEY ("batch_id", "movement_id"))`,
    );
    await q.query(
      `CREATE INDEX "IDX_batch_movements_movement" ON "batch_movements" ("movement_id")`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "batch_movements"`);
    await q.query(`DROP TABLE "batch_levels"`);
    await q.query(`DROP TABLE "batches"`);
    await q.query(`DROP TABLE "serial_movements"`);
    await q.query(`DROP TABLE "serial_units"`);
    await q.query(`ALTER TABLE "purchase_invoice_lines" DROP COLUMN "tracked"`);
    await q.query(
      `ALTER TABLE "products" DROP CONSTRAINT "CHK_products_imei_serial", DROP COLUMN "imei_count", DROP COLUMN "tracking"`,
    );
  }
}
