import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The PromotionEffect report (docs/decisions/0090) reads the lines a price list or promotion
 * priced: a partial index finds them without reading every line of the period's invoices.
 */
export class PromotedSaleLinesIndex1796200000281 implements MigrationInterface {
  name = 'PromotedSaleLinesIndex1796200000281';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE INDEX "IDX_sale_lines_priced" ON "sale_lines" ("invoice_id") WHERE "pricing" IS NOT NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "IDX_sale_lines_priced"`);
  }
}
