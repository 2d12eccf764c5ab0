import { MigrationInterface, QueryRunner } from 'typeorm';

/** Expense categories (/ExpenseCategories): a tree of unique names. */
export class CreateExpenseCategories1795620000000 implements MigrationInterface {
  name = 'CreateExpenseCategories1795620000000';
  public async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "expense_categories" ("id" uuid PRIMARY KEY, "name" text NOT NULL UNIQUE,
      "parent_id" uuid REFERENCES "expense_categories"("id"), "active" boolean NOT NULL DEFAULT true,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now())`);
  }
  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "expense_categories"`);
  }
}
