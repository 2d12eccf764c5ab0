import { MigrationInterface, QueryRunner } from 'typeorm';

/** Expense categories (/ExpenseCategories): a tree of names; a parent in use cannot be deleted. */
export class CreateExpenseCategories1795620000000 implements MigrationInterface {
  name = 'CreateExpenseCategories1795620000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "expense_categories" (
      "id" uuid NOT NULL, "name" text NOT NULL, "parent_id" uuid, "active" boolean NOT NULL DEFAULT true,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "PK_expense_categories" PRIMARY KEY ("id"),
      CONSTRAINT "UQ_expense_categories_name" UNIQUE ("name"),
      CONSTRAINT "FK_expense_categories_parent" FOREIGN KEY ("parent_id") REFERENCES "expense_categories"("id"))`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "expense_categories"`);
  }
}
