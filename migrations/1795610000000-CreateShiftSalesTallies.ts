import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A shift's running sales tally, kept by a domain-event subscriber in each sale's transaction
 * (modules/shifts/events). Existing shifts start from their documents.
 */
export class CreateShiftSalesTallies1795610000000 implements MigrationInterface {
  name = 'CreateShiftSalesTallies1795610000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "shift_sales_tallies" (
      "shift_id" uuid NOT NULL,
      "invoice_count" integer NOT NULL DEFAULT 0,
      "sales" bigint NOT NULL DEFAULT 0,
      "returns" bigint NOT NULL DEFAULT 0,
      "cost" bigint NOT NULL DEFAULT 0,
      "returned_cost" bigint NOT NULL DEFAULT 0,
      "payments_in" bigint NOT NULL DEFAULT 0,
      "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "PK_shift_sales_tallies" PRIMARY KEY ("shift_id"),
      CONSTRAINT "FK_shift_sales_tallies_shift" FOREIGN KEY ("shift_id") REFERENCES "shifts"("id") ON DELETE CASCADE)`);
    await queryRunner.query(`INSERT INTO "shift_sales_tallies" (shift_id, invoice_count, sales, returns, cost, returned_cost, payments_in)
      SELECT s.id,
             (SELECT count(*) FROM sales_invoices WHERE shift_id = s.id),
             (SELECT COALESCE(sum(total), 0) FROM sales_invoices WHERE shift_id = s.id),
             (SELECT COALESCE(sum(total), 0) FROM sale_returns WHERE shift_id = s.id),
             (SELECT COALESCE(sum(cost_total), 0) FROM sales_invoices WHERE shift_id = s.id),
             (SELECT COALESCE(sum(cost_total), 0) FROM sale_returns WHERE shift_id = s.id),
             (SELECT COALESCE(-sum(amount), 0) FROM customer_ledger WHERE shift_id = s.id AND type = 'payment')
        FROM shifts s`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "shift_sales_tallies"`);
  }
}
