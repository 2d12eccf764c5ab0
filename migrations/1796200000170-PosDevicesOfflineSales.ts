import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The offline till (issue 32, docs/decisions/0070): the registry of the branch's tills
 * (`pos_devices`, one per browser profile, its id made on the device), the fields of a sale rung on
 * a device (its device, its number in the device's own receipt series, when and whether offline it
 * was rung; one number per device), and the sales module's list of what an offline sale let through
 * for someone to review (`sale_flags`).
 */
export class PosDevicesOfflineSales1796200000170 implements MigrationInterface {
  name = 'PosDevicesOfflineSales1796200000170';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE pos_devices (
        id uuid PRIMARY KEY,
        branch_id uuid NOT NULL REFERENCES branches(id),
        name text NOT NULL,
        number integer NOT NULL,
        receipt_prefix text NOT NULL,
        last_receipt_no integer NOT NULL DEFAULT 0,
        eta_pos_serial text NULL,
        registered_by uuid NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_seen_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT pos_devices_branch_number UNIQUE (branch_id, number),
        CONSTRAINT pos_devices_receipt_prefix UNIQUE (receipt_prefix)
      )`);
    await q.query(`
      ALTER TABLE sales_invoices
        ADD COLUMN device_id uuid NULL REFERENCES pos_devices(id),
        ADD COLUMN device_receipt_no integer NULL,
        ADD COLUMN rung_at timestamptz NULL,
        ADD COLUMN offline boolean NOT NULL DEFAULT false`);
    await q.query(
      `CREATE UNIQUE INDEX sales_invoices_device_receipt ON sales_invoices (device_id, device_receipt_no) WHERE device_id IS NOT NULL`,
    );
    await q.query(`
      CREATE TABLE sale_flags (
        id uuid PRIMARY KEY,
        sale_id uuid NOT NULL REFERENCES sales_invoices(id) ON DELETE CASCADE,
        branch_id uuid NOT NULL,
        kind text NOT NULL,
        detail jsonb NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL DEFAULT now(),
        resolved_at timestamptz NULL,
        resolved_by uuid NULL
      )`);
    await q.query(`CREATE INDEX sale_flags_sale ON sale_flags (sale_id)`);
    await q.query(
      `CREATE INDEX sale_flags_open ON sale_flags (branch_id, created_at) WHERE resolved_at IS NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE sale_flags');
    await q.query('DROP INDEX sales_invoices_device_receipt');
    await q.query(
      'ALTER TABLE sales_invoices DROP COLUMN device_id, DROP COLUMN device_receipt_no, DROP COLUMN rung_at, DROP COLUMN offline',
    );
    await q.query('DROP TABLE pos_devices');
  }
}
