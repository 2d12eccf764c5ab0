import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Expenses (issue 15, item 2):
 * - every expense category gets its own leaf account under 52 "المصروفات التشغيلية" (existing
 *   categories here, new ones when they are created): an expense debits its category's account;
 * - `expense_attachments`: receipt photos, kept apart from the public `files` table because only
 *   users who may see the expense may read them;
 * - `expenses`: one paid expense (net amount + VAT paid out of a vault), voided by a reversal,
 *   never edited or deleted;
 * - `recurring_expenses`: monthly templates (rent, salaries) that show as due from their day.
 */
export class CreateExpenses1795950000000 implements MigrationInterface {
  name = 'CreateExpenses1795950000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "expense_categories" ADD "account_id" uuid`);
    await q.query(`ALTER TABLE "expense_categories" ADD CONSTRAINT "FK_expense_categories_account"
      FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE RESTRICT`);
    // One account per existing category: 52001, 52002, … in name order.
    await q.query(`WITH g AS (SELECT id, code FROM accounts WHERE system_key = 'operating_expenses'),
      c AS (SELECT ec.id, ec.name, gen_random_uuid() AS account_id, row_number() OVER (ORDER BY ec.name, ec.id) AS n
              FROM expense_categories ec),
      a AS (INSERT INTO accounts (id, code, name_ar, name_en, type, normal_side, parent_id, is_group)
            SELECT c.account_id, g.code || lpad(c.n::text, 3, '0'), c.name, c.name, 'expense', 'debit', g.id, false
              FROM c, g RETURNING id)
      UPDATE expense_categories ec SET account_id = c.account_id FROM c WHERE c.id = ec.id`);

    await q.query(`CREATE TABLE "expense_attachments" (
      "id" uuid NOT NULL,
      "content_type" text NOT NULL CHECK ("content_type" IN ('image/png', 'image/jpeg', 'image/webp')),
      "size" integer NOT NULL CHECK ("size" > 0),
      "data" bytea NOT NULL,
      "created_by" uuid,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "PK_expense_attachments" PRIMARY KEY ("id"))`);

    await q.query(`CREATE TABLE "recurring_expenses" (
      "id" uuid NOT NULL,
      "name" text NOT NULL,
      "branch_id" uuid NOT NULL,
      "category_id" uuid NOT NULL,
      "vault_id" uuid NOT NULL,
      "amount" bigint NOT NULL CHECK ("amount" > 0),
      "day_of_month" smallint NOT NULL CHECK ("day_of_month" BETWEEN 1 AND 31),
      "payee" text,
      "vendor_id" uuid,
      "note" text,
      "active" boolean NOT NULL DEFAULT true,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "PK_recurring_expenses" PRIMARY KEY ("id"),
      CONSTRAINT "FK_recurring_expenses_branch" FOREIGN KEY ("branch_id") REFERENCES "branches"("id") ON DELETE RESTRICT,
      CONSTRAINT "FK_recurring_expenses_category" FOREIGN KEY ("category_id") REFERENCES "expense_categories"("id") ON DELETE RESTRICT,
      CONSTRAINT "FK_recurring_expenses_vault" FOREIGN KEY ("vault_id") REFERENCES "vaults"("id") ON DELETE RESTRICT,
      CONSTRAINT "FK_recurring_expenses_vendor" FOREIGN KEY ("vendor_id") REFERENCES "vendors"("id") ON DELETE RESTRICT)`);
    await q.query(
      `CREATE INDEX "IDX_recurring_expenses_branch" ON "recurring_expenses" ("branch_id")`,
    );

    await q.query(`CREATE TABLE "expenses" (
      "id" uuid NOT NULL,
      "number" text NOT NULL,
      "status" text NOT NULL DEFAULT 'recorded' CHECK ("status" IN ('recorded', 'void')),
      "expense_date" date NOT NULL,
      "branch_id" uuid NOT NULL,
      "category_id" uuid NOT NULL,
      "vault_id" uuid NOT NULL,
      "amount" bigint NOT NULL CHECK ("amount" > 0),
      "vat" bigint NOT NULL DEFAULT 0 CHECK ("vat" >= 0),
      "total" bigint NOT NULL,
      "vendor_id" uuid,
      "payee" text,
      "note" text,
      "attachment_id" uuid,
      "recurring_id" uuid,
      "created_by" uuid,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "voided_by" uuid,
      "voided_at" TIMESTAMP WITH TIME ZONE,
      "void_reason" text,
      CONSTRAINT "PK_expenses" PRIMARY KEY ("id"),
      CONSTRAINT "UQ_expenses_number" UNIQUE ("number"),
      CONSTRAINT "CHK_expenses_total" CHECK ("total" = "amount" + "vat"),
      CONSTRAINT "CHK_expenses_void" CHECK (("status" = 'void') = ("voided_at" IS NOT NULL)),
      CONSTRAINT "FK_expenses_branch" FOREIGN KEY ("branch_id") REFERENCES "branches"("id") ON DELETE RESTRICT,
      CONSTRAINT "FK_expenses_category" FOREIGN KEY ("category_id") REFERENCES "expense_categories"("id") ON DELETE RESTRICT,
      CONSTRAINT "FK_expenses_vault" FOREIGN KEY ("vault_id") REFERENCES "vaults"("id") ON DELETE RESTRICT,
      CONSTRAINT "FK_expenses_vendor" FOREIGN KEY ("vendor_id") REFERENCES "vendors"("id") ON DELETE RESTRICT,
      CONSTRAINT "FK_expenses_attachment" FOREIGN KEY ("attachment_id") REFERENCES "expense_attachments"("id") ON DELETE RESTRICT,
      CONSTRAINT "FK_expenses_recurring" FOREIGN KEY ("recurring_id") REFERENCES "recurring_expenses"("id") ON DELETE RESTRICT)`);
    await q.query(`CREATE INDEX "IDX_expenses_date" ON "expenses" ("expense_date", "id")`);
    await q.query(
      `CREATE INDEX "IDX_expenses_branch_date" ON "expenses" ("branch_id", "expense_date")`,
    );
    await q.query(`CREATE INDEX "IDX_expenses_category" ON "expenses" ("category_id")`);
    await q.query(
      `CREATE INDEX "IDX_expenses_recurring" ON "expenses" ("recurring_id", "expense_date") WHERE "recurring_id" IS NOT NULL AND "status" = 'recorded'`,
    );
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "expenses"`);
    await q.query(`DROP TABLE "recurring_expenses"`);
    await q.query(`DROP TABLE "expense_attachments"`);
    await q.query(
      `ALTER TABLE "expense_categories" DROP CONSTRAINT "FK_expense_categories_account"`,
    );
    const rows: { account_id: string }[] = await q.query(
      `SELECT account_id FROM expense_categories WHERE account_id IS NOT NULL`,
    );
    await q.query(`ALTER TABLE "expense_categories" DROP COLUMN "account_id"`);
    await q.query(`DELETE FROM accounts WHERE id = ANY($1)`, [rows.map((r) => r.account_id)]);
  }
}
