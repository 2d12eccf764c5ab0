import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The till prices with the pricing engine and the server checks every sale (issue 33 items 1–2,
 * docs/decisions/0079):
 * - sale_lines.pricing: what priced the line, for the receipt and the reports (the price list's id
 *   and name, each promotion's id, name and share of the line's discount); null: neither;
 * - sales_invoices.pricing_version: the pricing rules' version the sale was priced with;
 * - the new permission can_sell_at_price_list (the pricing module's), given to the roles that may
 *   already change a sell price (a branch manager's; the administrator holds every key).
 */
export class SalePricing1796200000250 implements MigrationInterface {
  name = 'SalePricing1796200000250';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "sale_lines" ADD "pricing" jsonb`);
    await q.query(`ALTER TABLE "sales_invoices" ADD "pricing_version" text`);
    await q.query(`UPDATE "roles" SET "permissions" = array_append("permissions", 'can_sell_at_price_list')
            WHERE 'can_change_sell_price' = ANY("permissions") AND NOT ('can_sell_at_price_list' = ANY("permissions"))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      `UPDATE "roles" SET "permissions" = array_remove("permissions", 'can_sell_at_price_list')`,
    );
    await q.query(`ALTER TABLE "sales_invoices" DROP COLUMN "pricing_version"`);
    await q.query(`ALTER TABLE "sale_lines" DROP COLUMN "pricing"`);
  }
}
