import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A till's label printer (issue 35 item 4, docs/decisions/0114), beside its receipt printer on the
 * register (`pos_devices`, the sales module's): its language (ZPL for Zebra, TSPL for TSC and
 * Xprinter; null: none), its network address and the label size in millimetres.
 */
export class LabelPrinters1796200000410 implements MigrationInterface {
  name = 'LabelPrinters1796200000410';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "pos_devices"
      ADD COLUMN "label_language" text CHECK ("label_language" IN ('zpl', 'tspl')),
      ADD COLUMN "label_printer_address" text,
      ADD COLUMN "label_size" text NOT NULL DEFAULT '40x25'
        CHECK ("label_size" IN ('40x25', '50x30', '58x40'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "pos_devices" DROP COLUMN "label_language",
      DROP COLUMN "label_printer_address", DROP COLUMN "label_size"`);
  }
}
