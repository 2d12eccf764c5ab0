import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Transfers and stock-taking by serial and batch (issue 34 item 5, docs/decisions/0117):
 * - `serial_units.status` may be `in_transit`: shipped on a transfer, not yet received (no
 *   inventory, like a sold unit; the transfer line says where it goes), the inventory's;
 * - `transfer_request_lines.tracked`: a line's serials or lots as requested, shipped and received,
 *   the transfers module's;
 * - `stock_taking_counts.serial` / `.lot`: a count of one unit by its serial (a scan taken back is
 *   a −1 row of the same serial; "scanned twice" is checked by the command under the line's lock),
 *   or of a lot; `stock_taking_lines.tracked`: what the posting moved (missing and unexpected units, lots),
 *   the stock-taking module's.
 */
export class TransfersAndCountsBySerial1796200000500 implements MigrationInterface {
  name = 'TransfersAndCountsBySerial1796200000500';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "serial_units" DROP CONSTRAINT "serial_units_status_check"`);
    await q.query(
      `ALTER TABLE "serial_units" ADD CONSTRAINT "serial_units_status_check"
         CHECK ("status" IN ('in_stock', 'sold', 'returned', 'written_off', 'in_transit'))`,
    );
    await q.query(`ALTER TABLE "transfer_request_lines" ADD COLUMN "tracked" jsonb`);
    await q.query(
      `ALTER TABLE "stock_taking_counts" ADD COLUMN "serial" text, ADD COLUMN "lot" text`,
    );
    await q.query(
      `CREATE INDEX "IDX_stock_taking_counts_serial" ON "stock_taking_counts" ("stock_taking_id", "serial") WHERE "serial" IS NOT NULL`,
    );
    await q.query(`ALTER TABLE "stock_taking_lines" ADD COLUMN "tracked" jsonb`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "stock_taking_lines" DROP COLUMN "tracked"`);
    await q.query(`DROP INDEX "IDX_stock_taking_counts_serial"`);
    await q.query(`ALTER TABLE "stock_taking_counts" DROP COLUMN "lot", DROP COLUMN "serial"`);
    await q.query(`ALTER TABLE "transfer_request_lines" DROP COLUMN "tracked"`);
    await q.query(
      `UPDATE "serial_units" SET "status" = 'written_off' WHERE "status" = 'in_transit'`,
    );
    await q.query(`ALTER TABLE "serial_units" DROP CONSTRAINT "serial_units_status_check"`);
    await q.query(
      `ALTER TABLE "serial_units" ADD CONSTRAINT "serial_units_status_check"
         CHECK ("status" IN ('in_stock', 'sold', 'returned', 'written_off'))`,
    );
  }
}
