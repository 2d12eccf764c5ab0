import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Customer payments bounded and allocated (issue 30 item 13):
 * - `customer_payment_allocations`: the part of a customer payment (its ledger row) that settled
 *   one open sale invoice, oldest first (the customers module writes it);
 * - `installment_payments.kind = 'account'` and `customer_payment_id`: the part of a customer
 *   payment that the installments module applied to the customer's plans (no vault: the money
 *   came in with the customer payment, which posts it);
 * - the new permission can_take_advance, given to the roles that already grant credit (a branch
 *   manager's; the administrator holds every key).
 */
export class CustomerPaymentAllocations1796200000130 implements MigrationInterface {
  name = 'CustomerPaymentAllocations1796200000130';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "customer_payment_allocations" (
      "payment_id" uuid NOT NULL,
      "invoice_id" uuid NOT NULL,
      "customer_id" uuid NOT NULL,
      "amount" bigint NOT NULL CHECK ("amount" > 0),
      "at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "PK_customer_payment_allocations" PRIMARY KEY ("payment_id", "invoice_id"),
      CONSTRAINT "FK_customer_payment_allocations_payment" FOREIGN KEY ("payment_id") REFERENCES "customer_ledger"("id") ON DELETE RESTRICT,
      CONSTRAINT "FK_customer_payment_allocations_invoice" FOREIGN KEY ("invoice_id") REFERENCES "sales_invoices"("id") ON DELETE RESTRICT,
      CONSTRAINT "FK_customer_payment_allocations_customer" FOREIGN KEY ("customer_id") REFERENCES "customers"("id") ON DELETE RESTRICT)`);
    await q.query(
      `CREATE INDEX "IDX_customer_payment_allocations_invoice" ON "customer_payment_allocations" ("invoice_id")`,
    );
    await q.query(
      `CREATE INDEX "IDX_customer_payment_allocations_customer" ON "customer_payment_allocations" ("customer_id")`,
    );
    await q.query(
      `ALTER TABLE "installment_payments" DROP CONSTRAINT IF EXISTS "installment_payments_kind_check"`,
    );
    await q.query(
      `ALTER TABLE "installment_payments" ADD CONSTRAINT "CHK_installment_payments_kind" CHECK ("kind" IN ('collect', 'settle', 'account'))`,
    );
    await q.query(`ALTER TABLE "installment_payments" ADD "customer_payment_id" uuid`);
    await q.query(
      `CREATE INDEX "IDX_installment_payments_customer_payment" ON "installment_payments" ("customer_payment_id") WHERE "customer_payment_id" IS NOT NULL`,
    );
    await q.query(`UPDATE "roles" SET "permissions" = array_append("permissions", 'can_take_advance')
            WHERE 'can_grant_credit' = ANY("permissions") AND NOT ('can_take_advance' = ANY("permissions"))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      `UPDATE "roles" SET "permissions" = array_remove("permissions", 'can_take_advance')`,
    );
    await q.query(`DROP INDEX "IDX_installment_payments_customer_payment"`);
    await q.query(`ALTER TABLE "installment_payments" DROP COLUMN "customer_payment_id"`);
    await q.query(
      `ALTER TABLE "installment_payments" DROP CONSTRAINT "CHK_installment_payments_kind"`,
    );
    await q.query(
      `ALTER TABLE "installment_payments" ADD CONSTRAINT "installment_payments_kind_check" CHECK ("kind" IN ('collect', 'settle'))`,
    );
    await q.query(`DROP TABLE "customer_payment_allocations"`);
  }
}
