import { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateTransfersStockTaking1795325764303 implements MigrationInterface {
  name = 'CreateTransfersStockTaking1795325764303';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "transfer_requests" ("id" uuid NOT NULL, "number" text NOT NULL, "from_inventory_id" uuid NOT NULL, "to_inventory_id" uuid NOT NULL, "from_branch_id" uuid NOT NULL, "to_branch_id" uuid NOT NULL, "state" text NOT NULL, "note" text, "created_by" uuid, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "UQ_41f44889f516a6232282a25bb0b" UNIQUE ("number"), CONSTRAINT "PK_f97530bf47e4af43166089627ba" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_550e3ee7a2682b6fefc6370b02" ON "transfer_requests"  ("to_branch_id", "state") `,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_2181a487d58797c74dc8bb26ae" ON "transfer_requests"  ("from_branch_id", "state") `,
    );
    await queryRunner.query(
      `CREATE TABLE "transfer_request_lines" ("id" uuid NOT NULL, "transfer_id" uuid NOT NULL, "line_no" integer NOT NULL, "variant_id" uuid NOT NULL, "quantity" numeric(14,3) NOT NULL, "shipped_quantity" numeric(14,3), "received_quantity" numeric(14,3), "reason" text, "unit_cost" bigint, CONSTRAINT "PK_527857e73f5ef6420af8f994d9e" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_b24cfc13a8e5f90e700bcddc20" ON "transfer_request_lines"  ("variant_id") `,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "IDX_79fcf55debde40c731a8280c21" ON "transfer_request_lines"  ("transfer_id", "line_no") `,
    );
    await queryRunner.query(
      `CREATE TABLE "transfer_request_events" ("id" uuid NOT NULL, "transfer_id" uuid NOT NULL, "action" text NOT NULL, "from_state" text, "to_state" text NOT NULL, "user_id" uuid, "note" text, "at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_54aa0544b32fd7c7770bae2f42f" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_cb7df2e8fd68686aaa62d2e4e5" ON "transfer_request_events"  ("transfer_id", "at") `,
    );
    await queryRunner.query(
      `CREATE TABLE "stock_takings" ("id" uuid NOT NULL, "number" text NOT NULL, "inventory_id" uuid NOT NULL, "branch_id" uuid NOT NULL, "state" text NOT NULL, "scope" text NOT NULL, "category_ids" uuid array NOT NULL DEFAULT '{}', "note" text, "started_by" uuid, "started_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "submitted_at" TIMESTAMP WITH TIME ZONE, "submitted_by" uuid, "posted_at" TIMESTAMP WITH TIME ZONE, "posted_by" uuid, "cancelled_at" TIMESTAMP WITH TIME ZONE, "cancelled_by" uuid, "total_lines" integer NOT NULL DEFAULT '0', CONSTRAINT "UQ_dbb0616d5964569ef33c0dd92b5" UNIQUE ("number"), CONSTRAINT "PK_6fa10bd814b65b1a034f51f6dfe" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_656504b2d7da4d37cdf42ce96f" ON "stock_takings"  ("branch_id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_8258d49bf3a894e3ef1a50414f" ON "stock_takings"  ("inventory_id", "started_at") `,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "IDX_stock_takings_active_inventory" ON "stock_takings"  ("inventory_id") WHERE state IN ('open', 'review')`,
    );
    await queryRunner.query(
      `CREATE TABLE "stock_taking_lines" ("stock_taking_id" uuid NOT NULL, "variant_id" uuid NOT NULL, "expected_quantity" numeric(14,3) NOT NULL, "counted_quantity" numeric(14,3), "count_rows" integer NOT NULL DEFAULT '0', "last_counted_at" TIMESTAMP WITH TIME ZONE, "unit_cost" bigint NOT NULL DEFAULT '0', "posted_expected" numeric(14,3), "posted_variance" numeric(14,3), CONSTRAINT "PK_a07e66ba4376e7714d437baf2ff" PRIMARY KEY ("stock_taking_id", "variant_id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "stock_taking_counts" ("id" uuid NOT NULL, "stock_taking_id" uuid NOT NULL, "variant_id" uuid NOT NULL, "quantity" numeric(14,3) NOT NULL, "barcode" text, "user_id" uuid, "at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_aa8899b6e9454c4efe78617b7a5" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_6c1f1755c4d31cdb7ed9d049bf" ON "stock_taking_counts"  ("stock_taking_id", "variant_id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_97a2a55d7732df81b7e01b47cc" ON "stock_taking_counts"  ("stock_taking_id", "at") `,
    );
    await queryRunner.query(
      `ALTER TABLE "transfer_requests" ADD CONSTRAINT "FK_3cf140dbbaa2d2f3eda0b24d527" FOREIGN KEY ("from_inventory_id") REFERENCES "inventories"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "transfer_requests" ADD CONSTRAINT "FK_4ed52d7f43c7637ef173924e007" FOREIGN KEY ("to_inventory_id") REFERENCES "inventories"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "transfer_request_lines" ADD CONSTRAINT "FK_3cf8311756077b0d4f71a70f867" FOREIGN KEY ("transfer_id") REFERENCES "transfer_requests"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "transfer_request_lines" ADD CONSTRAINT "FK_b24cfc13a8e5f90e700bcddc209" FOREIGN KEY ("variant_id") REFERENCES "variants"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "transfer_request_events" ADD CONSTRAINT "FK_ce2d3d7b456c2bae7c74c6824ea" FOREIGN KEY ("transfer_id") REFERENCES "transfer_requests"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "stock_takings" ADD CONSTRAINT "FK_09276e95d7f23abd93246e2cb0d" FOREIGN KEY ("inventory_id") REFERENCES "inventories"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "stock_taking_lines" ADD CONSTRAINT "FK_aaf41aa341db565de0922e5fede" FOREIGN KEY ("stock_taking_id") REFERENCES "stock_takings"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "stock_taking_lines" ADD CONSTRAINT "FK_d9e67b5dd8b44e5820828a3bf9b" FOREIGN KEY ("variant_id") REFERENCES "variants"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "stock_taking_counts" ADD CONSTRAINT "FK_f0f9a50faacb875dfe7d9b010b9" FOREIGN KEY ("stock_taking_id") REFERENCES "stock_takings"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "stock_taking_counts" DROP CONSTRAINT "FK_f0f9a50faacb875dfe7d9b010b9"`,
    );
    await queryRunner.query(
      `ALTER TABLE "stock_taking_lines" DROP CONSTRAINT "FK_d9e67b5dd8b44e5820828a3bf9b"`,
    );
    await queryRunner.query(
      `ALTER TABLE "stock_taking_lines" DROP CONSTRAINT "FK_aaf41aa341db565de0922e5fede"`,
    );
    await queryRunner.query(
      `ALTER TABLE "stock_takings" DROP CONSTRAINT "FK_09276e95d7f23abd93246e2cb0d"`,
    );
    await queryRunner.query(
      `ALTER TABLE "transfer_request_events" DROP CONSTRAINT "FK_ce2d3d7b456c2bae7c74c6824ea"`,
    );
    await queryRunner.query(
      `ALTER TABLE "transfer_request_lines" DROP CONSTRAINT "FK_b24cfc13a8e5f90e700bcddc209"`,
    );
    await queryRunner.query(
      `ALTER TABLE "transfer_request_lines" DROP CONSTRAINT "FK_3cf8311756077b0d4f71a70f867"`,
    );
    await queryRunner.query(
      `ALTER TABLE "transfer_requests" DROP CONSTRAINT "FK_4ed52d7f43c7637ef173924e007"`,
    );
    await queryRunner.query(
      `ALTER TABLE "transfer_requests" DROP CONSTRAINT "FK_3cf140dbbaa2d2f3eda0b24d527"`,
    );
    await queryRunner.query(`DROP INDEX "public"."IDX_97a2a55d7732df81b7e01b47cc"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_6c1f1755c4d31cdb7ed9d049bf"`);
    await queryRunner.query(`DROP TABLE "stock_taking_counts"`);
    await queryRunner.query(`DROP TABLE "stock_taking_lines"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_stock_takings_active_inventory"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_8258d49bf3a894e3ef1a50414f"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_656504b2d7da4d37cdf42ce96f"`);
    await queryRunner.query(`DROP TABLE "stock_takings"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_cb7df2e8fd68686aaa62d2e4e5"`);
    await queryRunner.query(`DROP TABLE "transfer_request_events"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_79fcf55debde40c731a8280c21"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_b24cfc13a8e5f90e700bcddc20"`);
    await queryRunner.query(`DROP TABLE "transfer_request_lines"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_2181a487d58797c74dc8bb26ae"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_550e3ee7a2682b6fefc6370b02"`);
    await queryRunner.query(`DROP TABLE "transfer_requests"`);
  }
}
