import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The sale side of serials and batches (issue 34, docs/decisions/0107):
 * - `sale_lines.tracked`: what a line of a tracked product sold — its units (serial, second IMEI)
 *   or the lots picked (first expiry first out, or the cashier's lot) with what came back of each;
 *   the receipt, the return and the installment contract read it (the units' and lots' own rows,
 *   linked to the sale's stock movement, stay the inventory module's);
 * - the permission can_sell_expired_batch, given to the roles that may bypass the discount cap
 *   (the branch manager and the owner).
 */
export class SaleTracking1796200000310 implements MigrationInterface {
  name = 'SaleTracking1796200000310';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "sale_lines" ADD COLUMN "tracked" jsonb`);
    await q.query(`UPDATE "roles" SET "permissions" = array_append("permissions", 'can_sell_expired_batch')
            WHERE 'can_bypass_max_discount' = ANY("permissions") AND NOT ('can_sell_expired_batch' = ANY("permissions"))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      `UPDATE "roles" SET "permissions" = array_remove("permissions", 'can_sell_expired_batch')`,
    );
    await q.query(`ALTER TABLE "sale_lines" DROP COLUMN "tracked"`);
  }
}
