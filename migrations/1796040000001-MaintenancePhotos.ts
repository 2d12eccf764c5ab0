import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Issue 18: photos of a repair ticket's device (PNG, JPEG or WebP, checked like expense receipts). */
export class MaintenancePhotos1796040000001 implements MigrationInterface {
  name = 'MaintenancePhotos1796040000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "maintenance_photos" (
      "id" uuid NOT NULL,
      "ticket_id" uuid NOT NULL,
      "content_type" text NOT NULL,
      "size" integer NOT NULL,
      "data" bytea NOT NULL,
      "user_id" uuid,
      "at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "PK_maintenance_photos" PRIMARY KEY ("id"),
      CONSTRAINT "FK_maintenance_photos_ticket" FOREIGN KEY ("ticket_id") REFERENCES "maintenance_tickets"("id") ON DELETE RESTRICT)`);
    await q.query(
      `CREATE INDEX "IDX_maintenance_photos_ticket" ON "maintenance_photos" ("ticket_id")`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "maintenance_photos"`);
  }
}
