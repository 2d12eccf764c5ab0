import { MigrationInterface, QueryRunner } from 'typeorm';

export class AddPaymentBranch1795334353343 implements MigrationInterface {
  name = 'AddPaymentBranch1795334353343';

  public async up(queryRunner: QueryRunner): Promise<void> {
    // Existing payments take their invoice's branch before the column becomes required.
    await queryRunner.query(`ALTER TABLE "sale_payments" ADD "branch_id" uuid`);
    await queryRunner.query(
      `UPDATE "sale_payments" p SET "branch_id" = i."branch_id" FROM "sales_invoices" i WHERE i."id" = p."invoice_id"`,
    );
    await queryRunner.query(`ALTER TABLE "sale_payments" ALTER COLUMN "branch_id" SET NOT NULL`);
    await queryRunner.query(
      `CREATE INDEX "IDX_7fde83f95957509e7b0b2c2256" ON "sale_payments"  ("branch_id", "created_at") `,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."IDX_7fde83f95957509e7b0b2c2256"`);
    await queryRunner.query(`ALTER TABLE "sale_payments" DROP COLUMN "branch_id"`);
  }
}
