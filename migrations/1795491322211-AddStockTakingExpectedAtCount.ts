import { MigrationInterface, QueryRunner } from 'typeorm';

export class AddStockTakingExpectedAtCount1795491322211 implements MigrationInterface {
  name = 'AddStockTakingExpectedAtCount1795491322211';

  public async up(queryRunner: QueryRunner): Promise<void> {
    // On hand when the line was last counted (expected at start + movements up to that count).
    // Lines counted before this column existed keep null: their variance falls back to on hand now.
    await queryRunner.query(
      `ALTER TABLE "stock_taking_lines" ADD "expected_at_count" numeric(14,3)`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "stock_taking_lines" DROP COLUMN "expected_at_count"`);
  }
}
