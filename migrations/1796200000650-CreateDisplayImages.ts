import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The customer display's idle images (issue 35 item 3, docs/decisions/0129), the settings
 * module's: each a `files` row, on a screen (a branch's own, or NULL: store-wide), in order.
 * A branch deleted takes its images with it.
 */
export class CreateDisplayImages1796200000650 implements MigrationInterface {
  name = 'CreateDisplayImages1796200000650';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "display_images" (
      "id" uuid PRIMARY KEY,
      "branch_id" uuid REFERENCES "branches"("id") ON DELETE CASCADE,
      "file_id" uuid NOT NULL REFERENCES "files"("id"),
      "position" integer NOT NULL,
      "created_by" uuid,
      "created_at" timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(
      `CREATE INDEX "display_images_screen" ON "display_images" ("branch_id", "position")`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "display_images"`);
  }
}
