import { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateApiKeys1795326649809 implements MigrationInterface {
  name = 'CreateApiKeys1795326649809';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "api_keys" ("id" uuid NOT NULL, "name" text NOT NULL, "prefix" text NOT NULL, "hash" text NOT NULL, "permissions" text array NOT NULL DEFAULT '{}', "branch_id" uuid NOT NULL, "created_by" uuid, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "last_used_at" TIMESTAMP WITH TIME ZONE, "revoked_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "UQ_6f6105c8efe05b310d046cbdb3d" UNIQUE ("prefix"), CONSTRAINT "PK_5c8a79801b44bd27b79228e1dad" PRIMARY KEY ("id"))`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "api_keys"`);
  }
}
