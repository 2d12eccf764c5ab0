import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 30 item 20: a repair delivered and paid makes a sale document. The invoice keeps the
 * ticket it bills (`maintenance_ticket_id`, unique: one sale per ticket, so a repeated delivery
 * can never bill twice), and the store gets the service item the labour line is sold as:
 * "أجرة صيانة" (SKU SRV-REPAIR), EGS, VAT at the store's service rate on the sale line. The
 * product is inactive so the POS never sells it by itself; the store sets its registered EGS
 * code on it (`eta_item_code`, else EG-<RIN>-SRV-REPAIR). Earlier tickets keep no sale
 * (their shifts still count them from the ticket).
 */
export class RepairSales1796123000000 implements MigrationInterface {
  name = 'RepairSales1796123000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE "sales_invoices" ADD COLUMN "maintenance_ticket_id" uuid REFERENCES "maintenance_tickets"("id")`,
    );
    await q.query(
      `CREATE UNIQUE INDEX "UQ_sales_invoices_maintenance_ticket" ON "sales_invoices" ("maintenance_ticket_id") WHERE "maintenance_ticket_id" IS NOT NULL`,
    );
    await q.query(
      `INSERT INTO "products" ("id", "name_ar", "name_en", "unit", "vat_rate", "eta_item_type", "active")
       VALUES ('0193f1a0-0000-7000-8000-00000000a001', 'أجرة صيانة', 'Repair labour', 'piece', 14, 'EGS', false)
       ON CONFLICT ("id") DO NOTHING`,
    );
    await q.query(
      `INSERT INTO "variants" ("id", "product_id", "sku", "active")
       VALUES ('0193f1a0-0000-7000-8000-00000000a002', '0193f1a0-0000-7000-8000-00000000a001', 'SRV-REPAIR', true)
       ON CONFLICT ("id") DO NOTHING`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "UQ_sales_invoices_maintenance_ticket"`);
    await q.query(`ALTER TABLE "sales_invoices" DROP COLUMN "maintenance_ticket_id"`);
  }
}
