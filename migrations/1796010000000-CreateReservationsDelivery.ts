import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Reservations and delivery (issue 18 items 2 and 3): reservations with their lines (the reserved
 * quantity sits in stock_levels.reserved while active), delivery orders of POS sales with their
 * append-only timeline, drivers' cash settlements, the driver role, the driver-cash account and
 * the store rule for a cancelled reservation's deposit.
 */
export class CreateReservationsDelivery1796010000000 implements MigrationInterface {
  name = 'CreateReservationsDelivery1796010000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "reservations" (
      "id" uuid NOT NULL,
      "number" text NOT NULL,
      "branch_id" uuid NOT NULL,
      "inventory_id" uuid NOT NULL,
      "customer_id" uuid NOT NULL,
      "status" text NOT NULL CHECK ("status" IN ('active', 'converted', 'cancelled', 'expired')),
      "deposit" bigint NOT NULL CHECK ("deposit" >= 0),
      "vault_id" uuid,
      "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL,
      "deposit_outcome" text CHECK ("deposit_outcome" IN ('applied', 'refunded', 'forfeited', 'credited')),
      "sale_id" uuid,
      "note" text,
      "created_by" uuid,
      "closed_by" uuid,
      "closed_at" TIMESTAMP WITH TIME ZONE,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "PK_reservations" PRIMARY KEY ("id"),
      CONSTRAINT "UQ_reservations_number" UNIQUE ("number"),
      CONSTRAINT "CHK_reservations_vault" CHECK ("deposit" = 0 OR "vault_id" IS NOT NULL),
      CONSTRAINT "FK_reservations_branch" FOREIGN KEY ("branch_id") REFERENCES "branches"("id") ON DELETE RESTRICT,
      CONSTRAINT "FK_reservations_inventory" FOREIGN KEY ("inventory_id") REFERENCES "inventories"("id") ON DELETE RESTRICT,
      CONSTRAINT "FK_reservations_customer" FOREIGN KEY ("customer_id") REFERENCES "customers"("id") ON DELETE RESTRICT,
      CONSTRAINT "FK_reservations_vault" FOREIGN KEY ("vault_id") REFERENCES "vaults"("id") ON DELETE RESTRICT)`);
    await q.query(
      `CREATE INDEX "IDX_reservations_active_expiry" ON "reservations" ("expires_at") WHERE "status" = 'active'`,
    );
    await q.query(
      `CREATE INDEX "IDX_reservations_branch" ON "reservations" ("branch_id", "created_at")`,
    );
    await q.query(`CREATE TABLE "reservation_lines" (
      "id" uuid NOT NULL,
      "reservation_id" uuid NOT NULL,
      "variant_id" uuid NOT NULL,
      "quantity" numeric(14,3) NOT NULL CHECK ("quantity" > 0),
      "unit_price" bigint NOT NULL CHECK ("unit_price" >= 0),
      CONSTRAINT "PK_reservation_lines" PRIMARY KEY ("id"),
      CONSTRAINT "FK_reservation_lines_reservation" FOREIGN KEY ("reservation_id") REFERENCES "reservations"("id") ON DELETE RESTRICT,
      CONSTRAINT "FK_reservation_lines_variant" FOREIGN KEY ("variant_id") REFERENCES "variants"("id") ON DELETE RESTRICT)`);
    await q.query(
      `CREATE INDEX "IDX_reservation_lines_reservation" ON "reservation_lines" ("reservation_id")`,
    );

    await q.query(`CREATE TABLE "delivery_settlements" (
      "id" uuid NOT NULL,
      "number" text NOT NULL,
      "branch_id" uuid NOT NULL,
      "driver_id" uuid NOT NULL,
      "vault_id" uuid NOT NULL,
      "amount" bigint NOT NULL CHECK ("amount" > 0),
      "user_id" uuid,
      "at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "PK_delivery_settlements" PRIMARY KEY ("id"),
      CONSTRAINT "FK_delivery_settlements_driver" FOREIGN KEY ("driver_id") REFERENCES "users"("id") ON DELETE RESTRICT,
      CONSTRAINT "FK_delivery_settlements_vault" FOREIGN KEY ("vault_id") REFERENCES "vaults"("id") ON DELETE RESTRICT)`);
    await q.query(`CREATE TABLE "delivery_orders" (
      "id" uuid NOT NULL,
      "number" text NOT NULL,
      "sale_id" uuid NOT NULL,
      "branch_id" uuid NOT NULL,
      "status" text NOT NULL CHECK ("status" IN ('pending', 'assigned', 'out_for_delivery', 'delivered', 'failed', 'returned')),
      "address" text NOT NULL,
      "phone" text NOT NULL,
      "area" text,
      "fee" bigint NOT NULL DEFAULT 0 CHECK ("fee" >= 0),
      "cod_amount" bigint NOT NULL DEFAULT 0 CHECK ("cod_amount" >= 0),
      "collected" bigint NOT NULL DEFAULT 0 CHECK ("collected" >= 0),
      "notes" text,
      "search_text" text NOT NULL DEFAULT '',
      "driver_id" uuid,
      "settlement_id" uuid,
      "created_by" uuid,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "PK_delivery_orders" PRIMARY KEY ("id"),
      CONSTRAINT "UQ_delivery_orders_number" UNIQUE ("number"),
      CONSTRAINT "UQ_delivery_orders_sale" UNIQUE ("sale_id"),
      CONSTRAINT "CHK_delivery_orders_driver" CHECK ("status" IN ('pending') OR "driver_id" IS NOT NULL),
      CONSTRAINT "FK_delivery_orders_sale" FOREIGN KEY ("sale_id") REFERENCES "sales_invoices"("id") ON DELETE RESTRICT,
      CONSTRAINT "FK_delivery_orders_branch" FOREIGN KEY ("branch_id") REFERENCES "branches"("id") ON DELETE RESTRICT,
      CONSTRAINT "FK_delivery_orders_driver" FOREIGN KEY ("driver_id") REFERENCES "users"("id") ON DELETE RESTRICT,
      CONSTRAINT "FK_delivery_orders_settlement" FOREIGN KEY ("settlement_id") REFERENCES "delivery_settlements"("id") ON DELETE RESTRICT)`);
    await q.query(
      `CREATE INDEX "IDX_delivery_orders_branch" ON "delivery_orders" ("branch_id", "created_at")`,
    );
    await q.query(
      `CREATE INDEX "IDX_delivery_orders_driver" ON "delivery_orders" ("driver_id", "status")`,
    );
    await q.query(`CREATE TABLE "delivery_events" (
      "id" uuid NOT NULL,
      "order_id" uuid NOT NULL,
      "from_status" text,
      "to_status" text NOT NULL,
      "driver_id" uuid,
      "user_id" uuid,
      "note" text,
      "at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT clock_timestamp(),
      CONSTRAINT "PK_delivery_events" PRIMARY KEY ("id"),
      CONSTRAINT "FK_delivery_events_order" FOREIGN KEY ("order_id") REFERENCES "delivery_orders"("id") ON DELETE RESTRICT)`);
    await q.query(
      `CREATE INDEX "IDX_delivery_events_order" ON "delivery_events" ("order_id", "at")`,
    );
    await q.query(`CREATE FUNCTION delivery_events_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'delivery history rows are never changed'; END $$`);
    await q.query(`CREATE TRIGGER "TRG_delivery_events_immutable" BEFORE UPDATE OR DELETE ON "delivery_events"
      FOR EACH ROW EXECUTE FUNCTION delivery_events_immutable()`);

    // Drivers: users whose role is a driver role (the seeded "سائق"; an admin may mark others).
    await q.query(`ALTER TABLE "roles" ADD "is_driver" boolean NOT NULL DEFAULT false`);
    await q.query(
      `INSERT INTO roles (id, name, permissions, is_driver) VALUES (gen_random_uuid(), 'سائق', '{}', true)
       ON CONFLICT ("name") DO UPDATE SET is_driver = true`,
    );
    // A cancelled (or expired) reservation's deposit: refunded (false) or forfeited (true).
    await q.query(
      `ALTER TABLE "store_settings" ADD "reservation_deposit_forfeit" boolean NOT NULL DEFAULT false`,
    );
    // Cash a driver collected on delivery and has not handed in yet.
    await q.query(
      `INSERT INTO accounts (code, system_key, name_ar, name_en, type, normal_side, parent_id, is_group)
       SELECT '1131', 'driver_cash', 'نقدية لدى المناديب', 'Driver cash in transit', 'asset', 'debit',
              (SELECT id FROM accounts WHERE code = '11'), false
        WHERE NOT EXISTS (SELECT 1 FROM accounts WHERE system_key = 'driver_cash')`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM accounts WHERE system_key = 'driver_cash'`);
    await q.query(`ALTER TABLE "store_settings" DROP COLUMN "reservation_deposit_forfeit"`);
    await q.query(`DELETE FROM roles WHERE name = 'سائق' AND is_driver`);
    await q.query(`ALTER TABLE "roles" DROP COLUMN "is_driver"`);
    await q.query(`DROP TABLE "delivery_events"`);
    await q.query(`DROP FUNCTION delivery_events_immutable()`);
    await q.query(`DROP TABLE "delivery_orders"`);
    await q.query(`DROP TABLE "delivery_settlements"`);
    await q.query(`DROP TABLE "reservation_lines"`);
    await q.query(`DROP TABLE "reservations"`);
  }
}
