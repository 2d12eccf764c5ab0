import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Staff performance (/api/Performance) reads two kinds of invoice the aggregates cannot answer: the
 * discounted ones (each cashier's largest discount in percent) and the fully returned ones (voids).
 * Both are a small part of the invoices; partial indexes by time let a 90-day read skip the rest
 * (a sequential scan of every invoice otherwise, ≈ 150 ms each over 200,000 invoices).
 */
export class PerformanceInvoiceIndexes1796110000000 implements MigrationInterface {
  name = 'PerformanceInvoiceIndexes1796110000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE INDEX IF NOT EXISTS "IDX_sales_invoices_discounted_at" ON sales_invoices (created_at)
         INCLUDE (cashier_id, branch_id, subtotal, line_discount_total, invoice_discount)
         WHERE line_discount_total + invoice_discount > 0 AND subtotal > 0`,
    );
    await q.query(
      `CREATE INDEX IF NOT EXISTS "IDX_sales_invoices_returned_at" ON sales_invoices (created_at)
         WHERE status = 'returned'`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX IF EXISTS "IDX_sales_invoices_returned_at"');
    await q.query('DROP INDEX IF EXISTS "IDX_sales_invoices_discounted_at"');
  }
}
