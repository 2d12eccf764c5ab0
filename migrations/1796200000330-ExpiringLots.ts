import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 34 item 7: the store's expiring-lots window (days; a lot expiring within it is on the
 * branch's expiring list).
 */
export class ExpiringLots1796200000330 implements MigrationInterface {
  name = 'ExpiringLots1796200000330';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE "store_settings" ADD COLUMN "expiry_warning_days" integer NOT NULL DEFAULT 30 CHECK ("expiry_warning_days" BETWEEN 1 AND 365)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "store_settings" DROP COLUMN "expiry_warning_days"`);
  }
}
