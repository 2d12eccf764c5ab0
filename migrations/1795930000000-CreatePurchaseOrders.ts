import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Purchase orders (issue 14, item 5): what the shop asked a vendor for, into one inventory, and
 * how much of it has arrived. No money or stock moves here: the purchase invoice made from an
 * order receives the goods and raises `received_quantity` (purchasing's applyPurchaseOrderReceipt).
 */
export class CreatePurchaseOrders1795930000000 implements MigrationInterface {
  name = 'CreatePurchaseOrders1795930000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "purchase_orders" (
      "id" uuid NOT NULL,
      "number" text NOT NULL,
      "status" text NOT NULL CHECK ("status" IN ('ordered', 'partly_received', 'received', 'closed', 'cancelled')),
      "vendor_id" uuid NOT NULL,
      "branch_id" uuid NOT NULL,
      "inventory_id" uuid NOT NULL,
      "expected_date" date,
      "note" text,
      "created_by" uuid,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "PK_purchase_orders" PRIMARY KEY ("id"),
      CONSTRAINT "UQ_purchase_orders_number" UNIQUE ("number"),
      CONSTRAINT "FK_purchase_orders_vendor" FOREIGN KEY ("vendor_id") REFERENCES "vendors"("id") ON DELETE RESTRICT,
      CONSTRAINT "FK_purchase_orders_branch" FOREIGN KEY ("branch_id") REFERENCES "branches"("id") ON DELETE RESTRICT,
      CONSTRAINT "FK_purchase_orders_inventory" FOREIGN KEY ("inventory_id") REFERENCES "inventories"("id") ON DELETE RESTRICT)`);
    await q.query(
      `CREATE INDEX "IDX_purchase_orders_branch_status" ON "purchase_orders" ("branch_id", "status", "created_at")`,
    );
    await q.query(`CREATE INDEX "IDX_purchase_orders_vendor" ON "purchase_orders" ("vendor_id")`);

    await q.query(`CREATE TABLE "purchase_order_lines" (
      "id" uuid NOT NULL,
      "order_id" uuid NOT NULL,
      "line_no" integer NOT NULL,
      "variant_id" uuid NOT NULL,
      "quantity" numeric(14,3) NOT NULL CHECK ("quantity" > 0),
      "received_quantity" numeric(14,3) NOT NULL DEFAULT 0,
      "unit_cost" bigint NOT NULL DEFAULT 0 CHECK ("unit_cost" >= 0),
      CONSTRAINT "PK_purchase_order_lines" PRIMARY KEY ("id"),
      CONSTRAINT "UQ_purchase_order_lines_no" UNIQUE ("order_id", "line_no"),
      CONSTRAINT "UQ_purchase_order_lines_variant" UNIQUE ("order_id", "variant_id"),
      CONSTRAINT "CHK_purchase_order_lines_received" CHECK ("received_quantity" >= 0 AND "received_quantity" <= "quantity"),
      CONSTRAINT "FK_purchase_order_lines_order" FOREIGN KEY ("order_id") REFERENCES "purchase_orders"("id") ON DELETE CASCADE,
      CONSTRAINT "FK_purchase_order_lines_variant" FOREIGN KEY ("variant_id") REFERENCES "variants"("id") ON DELETE RESTRICT)`);
    // The reorder suggestion's "last vendor of this variant" and "still on order" look-ups.
    await q.query(
      `CREATE INDEX "IDX_purchase_order_lines_variant" ON "purchase_order_lines" ("variant_id")`,
    );
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "purchase_order_lines"`);
    await q.query(`DROP TABLE "purchase_orders"`);
  }
}
