import { MigrationInterface, QueryRunner } from 'typeorm';

export class AddReportIndexes1795327881635 implements MigrationInterface {
  name = 'AddReportIndexes1795327881635';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX "IDX_c66419a65d7f1b939940a38d48" ON "sale_payments"  ("created_at") `,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."IDX_c66419a65d7f1b939940a38d48"`);
  }
}
