import { MigrationInterface, QueryRunner } from 'typeorm';

export class AddAccountSecurity1795600000001 implements MigrationInterface {
  name = 'AddAccountSecurity1795600000001';

  public async up(queryRunner: QueryRunner): Promise<void> {
    // Issue 11, items 15 and 18: a temporary password to be changed at first sign-in, and
    // two-step sign-in (TOTP): the secret encrypted with the master key, the one being set up,
    // hashed one-time recovery codes, and the last accepted time step (no replay).
    await queryRunner.query(
      `ALTER TABLE "users" ADD "must_change_password" boolean NOT NULL DEFAULT false`,
    );
    await queryRunner.query(`ALTER TABLE "users" ADD "totp_secret" text`);
    await queryRunner.query(`ALTER TABLE "users" ADD "totp_pending_secret" text`);
    await queryRunner.query(`ALTER TABLE "users" ADD "totp_enabled_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(
      `ALTER TABLE "users" ADD "totp_recovery_codes" text array NOT NULL DEFAULT '{}'`,
    );
    await queryRunner.query(`ALTER TABLE "users" ADD "totp_last_step" bigint`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "totp_last_step"`);
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "totp_recovery_codes"`);
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "totp_enabled_at"`);
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "totp_pending_secret"`);
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "totp_secret"`);
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "must_change_password"`);
  }
}
