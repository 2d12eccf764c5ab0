import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Vendor payments (issue 14): money paid to a vendor out of one vault, numbered per branch
 * (B01-VP-000001), and how it was allocated to the vendor's open purchase invoices. The part not
 * allocated stays on the vendor's account as an advance. The vendor's ledger row and the vault's
 * movement carry the payment's id; the allocations are what raised each invoice's `paid`.
 */
export class CreateVendorPayments1795910000000 implements MigrationInterface {
  name = 'CreateVendorPayments1795910000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "vendor_payments" (
      "id" uuid NOT NULL,
      "number" text NOT NULL,
      "vendor_id" uuid NOT NULL,
      "vault_id" uuid NOT NULL,
      "branch_id" uuid NOT NULL,
      "amount" bigint NOT NULL CHECK ("amount" > 0),
      "allocated" bigint NOT NULL CHECK ("allocated" >= 0 AND "allocated" <= "amount"),
      "balance_after" bigint NOT NULL,
      "note" text,
      "user_id" uuid,
      "at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "PK_vendor_payments" PRIMARY KEY ("id"),
      CONSTRAINT "UQ_vendor_payments_number" UNIQUE ("number"),
      CONSTRAINT "FK_vendor_payments_vendor" FOREIGN KEY ("vendor_id") REFERENCES "vendors"("id") ON DELETE RESTRICT,
      CONSTRAINT "FK_vendor_payments_vault" FOREIGN KEY ("vault_id") REFERENCES "vaults"("id") ON DELETE RESTRICT,
      CONSTRAINT "FK_vendor_payments_branch" FOREIGN KEY ("branch_id") REFERENCES "branches"("id") ON DELETE RESTRICT)`);
    await q.query(
      `CREATE INDEX "IDX_vendor_payments_vendor_at" ON "vendor_payments" ("vendor_id", "at")`,
    );
    await q.query(`CREATE TABLE "vendor_payment_allocations" (
      "payment_id" uuid NOT NULL,
      "invoice_id" uuid NOT NULL,
      "amount" bigint NOT NULL CHECK ("amount" > 0),
      CONSTRAINT "PK_vendor_payment_allocations" PRIMARY KEY ("payment_id", "invoice_id"),
      CONSTRAINT "FK_vendor_payment_allocations_payment" FOREIGN KEY ("payment_id") REFERENCES "vendor_payments"("id") ON DELETE RESTRICT,
      CONSTRAINT "FK_vendor_payment_allocations_invoice" FOREIGN KEY ("invoice_id") REFERENCES "purchase_invoices"("id") ON DELETE RESTRICT)`);
    await q.query(
      `CREATE INDEX "IDX_vendor_payment_allocations_invoice" ON "vendor_payment_allocations" ("invoice_id")`,
    );
    await q.query(`CREATE FUNCTION vendor_payments_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'vendor payments are never changed'; END $$`);
    await q.query(`CREATE TRIGGER "TRG_vendor_payments_immutable" BEFORE UPDATE OR DELETE ON "vendor_payments"
      FOR EACH ROW EXECUTE FUNCTION vendor_payments_immutable()`);
    await q.query(`CREATE TRIGGER "TRG_vendor_payment_allocations_immutable" BEFORE UPDATE OR DELETE ON "vendor_payment_allocations"
      FOR EACH ROW EXECUTE FUNCTION vendor_payments_immutable()`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "vendor_payment_allocations"`);
    await q.query(`DROP TABLE "vendor_payments"`);
    await q.query(`DROP FUNCTION vendor_payments_immutable()`);
  }
}
