import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * E-invoices (issue 17 item 4): e_documents gets what the flow needs — the receiver, the total,
 * the reference of a credit/debit note, the signed text sent, the queue columns (attempts, back-off,
 * the submission mark that makes a crash reconcilable, dead letter), ETA's long id and a pending
 * cancel/reject request with its reason. The company's signer: a PKCS#12 file (path + password
 * encrypted with MASTER_KEY) or a signing-agent URL (+ an optional shared secret, encrypted).
 */
export class EInvoiceDocuments1796030000000 implements MigrationInterface {
  name = 'EInvoiceDocuments1796030000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "e_documents"
      ADD "receiver_type" varchar(1) NOT NULL DEFAULT 'B' CHECK ("receiver_type" IN ('B', 'P', 'F')),
      ADD "receiver_id" text,
      ADD "receiver_name" text,
      ADD "reference_id" uuid REFERENCES "e_documents" ("id"),
      ADD "total_amount" numeric(20,5) NOT NULL DEFAULT 0,
      ADD "date_time_issued" text NOT NULL DEFAULT '',
      ADD "signed_json" text,
      ADD "dead_letter" boolean NOT NULL DEFAULT false,
      ADD "last_error" text,
      ADD "next_attempt_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      ADD "submit_started_at" TIMESTAMP WITH TIME ZONE,
      ADD "submitted_at" TIMESTAMP WITH TIME ZONE,
      ADD "validated_at" TIMESTAMP WITH TIME ZONE,
      ADD "state_request" text CHECK ("state_request" IN ('cancelled', 'rejected')),
      ADD "state_reason" text,
      ADD "state_error" text,
      ADD "created_by" uuid`);
    await q.query(
      `ALTER TABLE "e_documents" ADD CONSTRAINT "CHK_e_documents_type" CHECK ("document_type" IN ('i', 'c', 'd'))`,
    );
    await q.query(
      `ALTER TABLE "e_documents" ADD CONSTRAINT "CHK_e_documents_status" CHECK ("status" IN ('draft', 'queued', 'submitted', 'valid', 'invalid', 'rejected', 'cancelled'))`,
    );
    await q.query(
      `CREATE UNIQUE INDEX "UQ_e_documents_internal_id" ON "e_documents" ("internal_id")`,
    );
    await q.query(
      `CREATE INDEX "IDX_e_documents_branch_created" ON "e_documents" ("branch_id", "created_at" DESC)`,
    );
    await q.query(
      `CREATE INDEX "IDX_e_documents_pending" ON "e_documents" ("status") WHERE "status" IN ('queued', 'submitted') OR "state_request" IS NOT NULL`,
    );
    await q.query(`CREATE SEQUENCE "e_documents_internal_seq"`);
    await q.query(`ALTER TABLE "eta_company"
      ADD "signer_kind" text CHECK ("signer_kind" IN ('p12', 'agent')),
      ADD "signer_p12_path" text,
      ADD "signer_p12_password" text,
      ADD "signer_agent_url" text,
      ADD "signer_agent_secret" text`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "eta_company" DROP COLUMN "signer_kind", DROP COLUMN "signer_p12_path",
      DROP COLUMN "signer_p12_password", DROP COLUMN "signer_agent_url", DROP COLUMN "signer_agent_secret"`);
    await q.query(`DROP SEQUENCE "e_documents_internal_seq"`);
    await q.query(`DROP INDEX "IDX_e_documents_pending"`);
    await q.query(`DROP INDEX "IDX_e_documents_branch_created"`);
    await q.query(`DROP INDEX "UQ_e_documents_internal_id"`);
    await q.query(`ALTER TABLE "e_documents" DROP CONSTRAINT "CHK_e_documents_status"`);
    await q.query(`ALTER TABLE "e_documents" DROP CONSTRAINT "CHK_e_documents_type"`);
    await q.query(`ALTER TABLE "e_documents" DROP COLUMN "receiver_type", DROP COLUMN "receiver_id",
      DROP COLUMN "receiver_name", DROP COLUMN "reference_id", DROP COLUMN "total_amount",
      DROP COLUMN "date_time_issued", DROP COLUMN "signed_json", DROP COLUMN "dead_letter",
      DROP COLUMN "last_error", DROP COLUMN "next_attempt_at", DROP COLUMN "submit_started_at",
      DROP COLUMN "submitted_at", DROP COLUMN "validated_at", DROP COLUMN "state_request",
      DROP COLUMN "state_reason", DROP COLUMN "state_error", DROP COLUMN "created_by"`);
  }
}
