import { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateStoreSettings1795500000000 implements MigrationInterface {
  name = 'CreateStoreSettings1795500000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    // Store-wide settings every register shares: the store time zone and the scale-barcode layout
    // (null = the default layout). One row, id 1, written by the
    // start-up seed from STORE_TIME_ZONE.
    await queryRunner.query(
      `CREATE TABLE "store_settings" ("id" integer NOT NULL, "time_zone" text NOT NULL DEFAULT 'Africa/Cairo', "scale_barcode" jsonb, CONSTRAINT "PK_store_settings" PRIMARY KEY ("id"))`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "store_settings"`);
  }
}
