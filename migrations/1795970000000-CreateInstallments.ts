import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Installment plans (issue 16): a plan made from a sale, its schedule, its guarantors, and the
 * payments collected on it (each split over the installments it paid); two revenue accounts
 * (4104 installment income: interest and fees; 4105 late fees); the store's installment rules;
 * and an active "تقسيط" payment method in a store that has its methods already (a new database
 * gets it with the others from the first-start seed).
 */
export class CreateInstallments1795970000000 implements MigrationInterface {
  name = 'CreateInstallments1795970000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`INSERT INTO accounts (code, system_key, name_ar, name_en, type, normal_side, parent_id, is_group)
      SELECT v.code, v.key, v.ar, v.en, 'revenue', 'credit', p.id, false
        FROM (VALUES ('4104', 'installment_income', 'إيرادات التقسيط', 'Installment income'),
                     ('4105', 'late_fee_income', 'غرامات تأخير الأقساط', 'Installment late fees'))
             AS v(code, key, ar, en)
        JOIN accounts p ON p.code = '4'
       WHERE NOT EXISTS (SELECT 1 FROM accounts a WHERE a.system_key = v.key)`);

    await q.query(`ALTER TABLE "store_settings" ADD COLUMN IF NOT EXISTS "installments" jsonb`);

    await q.query(`INSERT INTO payment_methods (id, name_ar, name_en, type, active, sort_order)
      SELECT gen_random_uuid(), 'تقسيط', 'Installments', 'installment', true,
             COALESCE((SELECT max(sort_order) + 1 FROM payment_methods), 0)
       WHERE NOT EXISTS (SELECT 1 FROM payment_methods WHERE type = 'installment')
         AND EXISTS (SELECT 1 FROM payment_methods)`);

    await q.query(`CREATE TABLE "installment_plans" (
      "id" uuid NOT NULL,
      "number" text NOT NULL,
      "branch_id" uuid NOT NULL,
      "customer_id" uuid NOT NULL,
      "sale_id" uuid NOT NULL,
      "parent_plan_id" uuid,
      "status" text NOT NULL CHECK ("status" IN ('active', 'late', 'settled', 'rescheduled')),
      "count" integer NOT NULL CHECK ("count" BETWEEN 1 AND 120),
      "period" text NOT NULL CHECK ("period" IN ('monthly', 'weekly')),
      "first_due_date" date NOT NULL,
      "monthly_rate_bp" integer NOT NULL CHECK ("monthly_rate_bp" >= 0),
      "fee" bigint NOT NULL CHECK ("fee" >= 0),
      "total_amount" bigint NOT NULL,
      "down_payment" bigint NOT NULL CHECK ("down_payment" >= 0),
      "financed" bigint NOT NULL CHECK ("financed" > 0),
      "interest" bigint NOT NULL CHECK ("interest" >= 0),
      "to_pay" bigint NOT NULL CHECK ("to_pay" > 0),
      "discount" bigint NOT NULL DEFAULT 0 CHECK ("discount" >= 0),
      "request_hash" text NOT NULL,
      "note" text,
      "created_by" uuid,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "PK_installment_plans" PRIMARY KEY ("id"),
      CONSTRAINT "UQ_installment_plans_number" UNIQUE ("number"),
      CONSTRAINT "CHK_installment_plans_to_pay" CHECK ("to_pay" = "financed" + "interest" + "fee"),
      CONSTRAINT "FK_installment_plans_branch" FOREIGN KEY ("branch_id") REFERENCES "branches"("id") ON DELETE RESTRICT,
      CONSTRAINT "FK_installment_plans_customer" FOREIGN KEY ("customer_id") REFERENCES "customers"("id") ON DELETE RESTRICT,
      CONSTRAINT "FK_installment_plans_sale" FOREIGN KEY ("sale_id") REFERENCES "sales_invoices"("id") ON DELETE RESTRICT,
      CONSTRAINT "FK_installment_plans_parent" FOREIGN KEY ("parent_plan_id") REFERENCES "installment_plans"("id") ON DELETE RESTRICT)`);
    // One plan per sale (a rescheduled plan's child carries the same sale and its parent).
    await q.query(
      `CREATE UNIQUE INDEX "UQ_installment_plans_sale" ON "installment_plans" ("sale_id") WHERE "parent_plan_id" IS NULL`,
    );
    await q.query(
      `CREATE UNIQUE INDEX "UQ_installment_plans_parent" ON "installment_plans" ("parent_plan_id") WHERE "parent_plan_id" IS NOT NULL`,
    );
    // A sale's plans, children included (a return or an edit of the sale asks for them).
    await q.query(`CREATE INDEX "IDX_installment_plans_sale" ON "installment_plans" ("sale_id")`);
    await q.query(
      `CREATE INDEX "IDX_installment_plans_branch" ON "installment_plans" ("branch_id", "status", "created_at")`,
    );
    await q.query(
      `CREATE INDEX "IDX_installment_plans_customer" ON "installment_plans" ("customer_id")`,
    );

    await q.query(`CREATE TABLE "installments" (
      "id" uuid NOT NULL,
      "plan_id" uuid NOT NULL,
      "seq" integer NOT NULL,
      "due_date" date NOT NULL,
      "amount" bigint NOT NULL CHECK ("amount" > 0),
      "interest" bigint NOT NULL CHECK ("interest" >= 0),
      "paid" bigint NOT NULL DEFAULT 0,
      "late_fee" bigint NOT NULL DEFAULT 0 CHECK ("late_fee" >= 0),
      "late_fee_paid" bigint NOT NULL DEFAULT 0,
      "status" text NOT NULL DEFAULT 'pending' CHECK ("status" IN ('pending', 'partial', 'paid', 'overdue', 'rescheduled')),
      "paid_at" TIMESTAMP WITH TIME ZONE,
      CONSTRAINT "PK_installments" PRIMARY KEY ("id"),
      CONSTRAINT "UQ_installments_seq" UNIQUE ("plan_id", "seq"),
      CONSTRAINT "CHK_installments_paid" CHECK ("paid" >= 0 AND "paid" <= "amount"),
      CONSTRAINT "CHK_installments_late_fee_paid" CHECK ("late_fee_paid" >= 0 AND "late_fee_paid" <= "late_fee"),
      CONSTRAINT "FK_installments_plan" FOREIGN KEY ("plan_id") REFERENCES "installment_plans"("id") ON DELETE RESTRICT)`);
    await q.query(
      `CREATE INDEX "IDX_installments_open_due" ON "installments" ("due_date") WHERE "status" IN ('pending', 'partial', 'overdue')`,
    );

    await q.query(`CREATE TABLE "installment_guarantors" (
      "id" uuid NOT NULL,
      "plan_id" uuid NOT NULL,
      "seq" integer NOT NULL,
      "name" text NOT NULL,
      "national_id" text NOT NULL,
      "phone" text NOT NULL,
      "address" text NOT NULL,
      CONSTRAINT "PK_installment_guarantors" PRIMARY KEY ("id"),
      CONSTRAINT "FK_installment_guarantors_plan" FOREIGN KEY ("plan_id") REFERENCES "installment_plans"("id") ON DELETE RESTRICT)`);
    await q.query(
      `CREATE INDEX "IDX_installment_guarantors_plan" ON "installment_guarantors" ("plan_id")`,
    );

    await q.query(`CREATE TABLE "installment_payments" (
      "id" uuid NOT NULL,
      "number" text NOT NULL,
      "plan_id" uuid NOT NULL,
      "kind" text NOT NULL CHECK ("kind" IN ('collect', 'settle')),
      "amount" bigint NOT NULL CHECK ("amount" >= 0),
      "discount" bigint NOT NULL DEFAULT 0 CHECK ("discount" >= 0),
      "vault_id" uuid,
      "branch_id" uuid NOT NULL,
      "customer_id" uuid NOT NULL,
      "balance_after" bigint NOT NULL,
      "request_hash" text NOT NULL,
      "user_id" uuid,
      "note" text,
      "at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "PK_installment_payments" PRIMARY KEY ("id"),
      CONSTRAINT "UQ_installment_payments_number" UNIQUE ("number"),
      CONSTRAINT "FK_installment_payments_plan" FOREIGN KEY ("plan_id") REFERENCES "installment_plans"("id") ON DELETE RESTRICT,
      CONSTRAINT "FK_installment_payments_vault" FOREIGN KEY ("vault_id") REFERENCES "vaults"("id") ON DELETE RESTRICT)`);
    await q.query(
      `CREATE INDEX "IDX_installment_payments_plan" ON "installment_payments" ("plan_id", "at")`,
    );

    await q.query(`CREATE TABLE "installment_payment_lines" (
      "payment_id" uuid NOT NULL,
      "installment_id" uuid NOT NULL,
      "amount" bigint NOT NULL CHECK ("amount" >= 0),
      "late_fee" bigint NOT NULL CHECK ("late_fee" >= 0),
      CONSTRAINT "PK_installment_payment_lines" PRIMARY KEY ("payment_id", "installment_id"),
      CONSTRAINT "FK_installment_payment_lines_payment" FOREIGN KEY ("payment_id") REFERENCES "installment_payments"("id") ON DELETE RESTRICT,
      CONSTRAINT "FK_installment_payment_lines_installment" FOREIGN KEY ("installment_id") REFERENCES "installments"("id") ON DELETE RESTRICT)`);
    await q.query(
      `CREATE INDEX "IDX_installment_payment_lines_installment" ON "installment_payment_lines" ("installment_id")`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "installment_payment_lines"`);
    await q.query(`DROP TABLE "installment_payments"`);
    await q.query(`DROP TABLE "installment_guarantors"`);
    await q.query(`DROP TABLE "installments"`);
    await q.query(`DROP TABLE "installment_plans"`);
    await q.query(`DELETE FROM payment_methods WHERE type = 'installment'
      AND NOT EXISTS (SELECT 1 FROM sale_payments p WHERE p.method_id = payment_methods.id)`);
    await q.query(`ALTER TABLE "store_settings" DROP COLUMN IF EXISTS "installments"`);
    await q.query(
      `DELETE FROM accounts WHERE system_key IN ('installment_income', 'late_fee_income')`,
    );
  }
}
