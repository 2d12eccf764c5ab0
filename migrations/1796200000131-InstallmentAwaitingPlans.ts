import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Sales sold on «تقسيط» whose plan was not made at the till (issue 30 item 7): the installments
 * module records them when the sale completes, and /Installments lists them as awaiting a plan
 * until one is made (or nothing is left to finance).
 */
export class InstallmentAwaitingPlans1796200000131 implements MigrationInterface {
  name = 'InstallmentAwaitingPlans1796200000131';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "installment_awaiting_plans" (
      "sale_id" uuid NOT NULL,
      "branch_id" uuid NOT NULL,
      "customer_id" uuid NOT NULL,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "PK_installment_awaiting_plans" PRIMARY KEY ("sale_id"),
      CONSTRAINT "FK_installment_awaiting_plans_sale" FOREIGN KEY ("sale_id") REFERENCES "sales_invoices"("id") ON DELETE RESTRICT,
      CONSTRAINT "FK_installment_awaiting_plans_branch" FOREIGN KEY ("branch_id") REFERENCES "branches"("id") ON DELETE RESTRICT,
      CONSTRAINT "FK_installment_awaiting_plans_customer" FOREIGN KEY ("customer_id") REFERENCES "customers"("id") ON DELETE RESTRICT)`);
    await q.query(
      `CREATE INDEX "IDX_installment_awaiting_plans_branch" ON "installment_awaiting_plans" ("branch_id", "created_at")`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "installment_awaiting_plans"`);
  }
}
