import { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateOutbox1795324638790 implements MigrationInterface {
  name = 'CreateOutbox1795324638790';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "outbox" ("id" uuid NOT NULL, "seq" BIGSERIAL NOT NULL, "type" text NOT NULL, "branch_id" uuid NOT NULL, "payload" jsonb NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "published_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "UQ_acf0725c6a7245b71c651964ee4" UNIQUE ("seq"), CONSTRAINT "PK_340ab539f309f03bdaa14aa7649" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_e1e54aa1801a1d9ccd3bd58051" ON "outbox"  ("branch_id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_outbox_unpublished" ON "outbox"  ("seq") WHERE published_at IS NULL`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."IDX_outbox_unpublished"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_e1e54aa1801a1d9ccd3bd58051"`);
    await queryRunner.query(`DROP TABLE "outbox"`);
  }
}
