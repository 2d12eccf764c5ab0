import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 18 (finishing): a repair bill paid at the POS goes into the cashier's open shift by a
 * payment method (the ticket keeps which shift and method, so the shift's expected cash counts
 * it); a part taken off a ticket is kept, marked removed (stock comes back through the ledger);
 * the store's VAT rate on services (repair bills and delivery fees, VAT included in the amount).
 */
export class MaintenancePosPaymentVat1796040000000 implements MigrationInterface {
  name = 'MaintenancePosPaymentVat1796040000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "maintenance_tickets"
      ADD COLUMN "paid_shift_id" uuid REFERENCES "shifts"("id"),
      ADD COLUMN "paid_method_id" uuid REFERENCES "payment_methods"("id"),
      ADD COLUMN "vat" bigint NOT NULL DEFAULT 0 CHECK ("vat" >= 0),
      ADD CONSTRAINT "CHK_maintenance_paid_at" CHECK (("paid_shift_id" IS NULL) = ("paid_method_id" IS NULL))`);
    await q.query(
      `CREATE INDEX "IDX_maintenance_tickets_paid_shift" ON "maintenance_tickets" ("paid_shift_id") WHERE "paid_shift_id" IS NOT NULL`,
    );
    await q.query(`ALTER TABLE "maintenance_parts"
      ADD COLUMN "removed_at" timestamptz,
      ADD COLUMN "removed_by" uuid`);
    await q.query(
      `ALTER TABLE "store_settings" ADD COLUMN "service_vat_rate" integer NOT NULL DEFAULT 14 CHECK ("service_vat_rate" BETWEEN 0 AND 100)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "store_settings" DROP COLUMN "service_vat_rate"`);
    await q.query(
      `ALTER TABLE "maintenance_parts" DROP COLUMN "removed_by", DROP COLUMN "removed_at"`,
    );
    await q.query(`DROP INDEX "IDX_maintenance_tickets_paid_shift"`);
    await q.query(`ALTER TABLE "maintenance_tickets" DROP CONSTRAINT "CHK_maintenance_paid_at",
      DROP COLUMN "vat", DROP COLUMN "paid_method_id", DROP COLUMN "paid_shift_id"`);
  }
}
