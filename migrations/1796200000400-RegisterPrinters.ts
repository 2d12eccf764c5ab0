import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The till's receipt printer (issue 35, docs/decisions/0113), on the register it belongs to
 * (`pos_devices`, the sales module's): its kind (network raw TCP, browser USB or serial, or the
 * browser's print dialog), its address, paper width, code page and whether a cash drawer hangs on
 * it, and the shop's LAN print bridge the till tries first (docs/printing.md); and the permission can_open_cash_drawer (open the drawer without a sale, audited), given to
 * the roles that may bypass the discount cap (the branch manager and the owner).
 */
export class RegisterPrinters1796200000400 implements MigrationInterface {
  name = 'RegisterPrinters1796200000400';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "pos_devices"
      ADD COLUMN "printer_kind" text NOT NULL DEFAULT 'browser'
        CHECK ("printer_kind" IN ('network', 'usb', 'serial', 'browser')),
      ADD COLUMN "printer_address" text,
      ADD COLUMN "paper_width" integer NOT NULL DEFAULT 80 CHECK ("paper_width" IN (58, 80)),
      ADD COLUMN "code_page" integer CHECK ("code_page" BETWEEN 0 AND 255),
      ADD COLUMN "drawer" boolean NOT NULL DEFAULT false,
      ADD COLUMN "print_bridge_url" text`);
    await q.query(`UPDATE "roles" SET "permissions" = array_append("permissions", 'can_open_cash_drawer')
            WHERE 'can_bypass_max_discount' = ANY("permissions") AND NOT ('can_open_cash_drawer' = ANY("permissions"))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      `UPDATE "roles" SET "permissions" = array_remove("permissions", 'can_open_cash_drawer')`,
    );
    await q.query(`ALTER TABLE "pos_devices" DROP COLUMN "printer_kind", DROP COLUMN "printer_address",
      DROP COLUMN "paper_width", DROP COLUMN "code_page", DROP COLUMN "drawer", DROP COLUMN "print_bridge_url"`);
  }
}
