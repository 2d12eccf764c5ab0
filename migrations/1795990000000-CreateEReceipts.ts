import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * ETA e-receipts (issue 17): the taxpayer's company info (one row; the ERP secret encrypted with
 * MASTER_KEY), the per-branch e-receipts switch, the chain head per POS serial (the row locked
 * while a receipt is chained), the receipts with the exact JSON text sent, and e_documents for
 * e-invoices (minimal for now).
 */
export class CreateEReceipts1795990000000 implements MigrationInterface {
  name = 'CreateEReceipts1795990000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "branches" ADD "e_receipts_enabled" boolean NOT NULL DEFAULT false`);
    await q.query(`CREATE TABLE "eta_company" (
      "id" integer NOT NULL CHECK ("id" = 1),
      "rin" text NOT NULL,
      "name" text NOT NULL,
      "activity_code" text NOT NULL,
      "country" text NOT NULL,
      "governate" text NOT NULL,
      "region_city" text NOT NULL,
      "street" text NOT NULL,
      "building_number" text NOT NULL,
      "postal_code" text,
      "environment" text NOT NULL DEFAULT 'preprod' CHECK ("environment" IN ('preprod', 'prod', 'sim')),
      "erp_client_id" text,
      "erp_client_secret" text,
      "receipt_batch_size" integer NOT NULL DEFAULT 50 CHECK ("receipt_batch_size" BETWEEN 1 AND 500),
      "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "PK_eta_company" PRIMARY KEY ("id"))`);
    await q.query(`CREATE TABLE "e_receipt_chains" (
      "pos_serial" text NOT NULL,
      "last_uuid" text NOT NULL DEFAULT '',
      "last_seq" integer NOT NULL DEFAULT 0,
      "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "PK_e_receipt_chains" PRIMARY KEY ("pos_serial"))`);
    await q.query(`CREATE TABLE "e_receipts" (
      "id" uuid NOT NULL,
      "kind" varchar(1) NOT NULL CHECK ("kind" IN ('s', 'r')),
      "sale_id" uuid NOT NULL,
      "return_id" uuid,
      "branch_id" uuid NOT NULL,
      "pos_serial" text NOT NULL,
      "chain_seq" integer NOT NULL,
      "receipt_number" text NOT NULL,
      "uuid" text NOT NULL,
      "previous_uuid" text NOT NULL,
      "reference_uuid" text,
      "reference_old_uuid" text,
      "date_time_issued" text NOT NULL,
      "total_amount" numeric(20,5) NOT NULL,
      "json" text NOT NULL,
      "status" text NOT NULL CHECK ("status" IN ('draft','queued','submitted','valid','invalid','rejected','cancelled')),
      "dead_letter" boolean NOT NULL DEFAULT false,
      "submission_id" text,
      "errors" jsonb NOT NULL DEFAULT '[]',
      "last_error" text,
      "attempts" integer NOT NULL DEFAULT 0,
      "next_attempt_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "submit_started_at" TIMESTAMP WITH TIME ZONE,
      "submitted_at" TIMESTAMP WITH TIME ZONE,
      "validated_at" TIMESTAMP WITH TIME ZONE,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "PK_e_receipts" PRIMARY KEY ("id"),
      CONSTRAINT "UQ_e_receipts_uuid" UNIQUE ("uuid"),
      CONSTRAINT "UQ_e_receipts_chain" UNIQUE ("pos_serial", "chain_seq"),
      CONSTRAINT "UQ_e_receipts_correction" UNIQUE ("reference_old_uuid"))`);
    await q.query(
      `CREATE UNIQUE INDEX "UQ_e_receipts_source" ON "e_receipts" ("sale_id", COALESCE("return_id", '00000000-0000-0000-0000-000000000000'::uuid)) WHERE "reference_old_uuid" IS NULL`,
    );
    await q.query(
      `CREATE INDEX "IDX_e_receipts_pending" ON "e_receipts" ("pos_serial", "chain_seq") WHERE "status" IN ('draft', 'queued', 'submitted')`,
    );
    await q.query(
      `CREATE INDEX "IDX_e_receipts_branch" ON "e_receipts" ("branch_id", "created_at")`,
    );
    await q.query(`CREATE TABLE "e_documents" (
      "id" uuid NOT NULL,
      "document_type" varchar(2) NOT NULL,
      "sale_id" uuid,
      "branch_id" uuid NOT NULL,
      "internal_id" text NOT NULL,
      "uuid" text,
      "long_id" text,
      "json" text NOT NULL,
      "status" text NOT NULL,
      "submission_id" text,
      "errors" jsonb NOT NULL DEFAULT '[]',
      "attempts" integer NOT NULL DEFAULT 0,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "PK_e_documents" PRIMARY KEY ("id"))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "e_documents"`);
    await q.query(`DROP TABLE "e_receipts"`);
    await q.query(`DROP TABLE "e_receipt_chains"`);
    await q.query(`DROP TABLE "eta_company"`);
    await q.query(`ALTER TABLE "branches" DROP COLUMN "e_receipts_enabled"`);
  }
}
