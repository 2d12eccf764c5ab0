import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A till's own e-receipts (issue 32 item 6, docs/offline.md): a till's ETA POS serial is its own
 * (one chain per serial: no two tills, and no till and a branch, share one), and a till's receipt
 * whose chain or UUID did not check out on sync is held as 'chain_broken' (never submitted).
 */
export class DeviceEReceipts1796200000190 implements MigrationInterface {
  name = 'DeviceEReceipts1796200000190';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE UNIQUE INDEX pos_devices_eta_pos_serial ON pos_devices (eta_pos_serial) WHERE eta_pos_serial IS NOT NULL`,
    );
    await q.query(`ALTER TABLE e_receipts DROP CONSTRAINT IF EXISTS e_receipts_status_check`);
    await q.query(
      `ALTER TABLE e_receipts ADD CONSTRAINT e_receipts_status_check CHECK (status IN ('draft','queued','submitted','valid','invalid','rejected','cancelled','chain_broken'))`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE e_receipts DROP CONSTRAINT IF EXISTS e_receipts_status_check`);
    await q.query(
      `ALTER TABLE e_receipts ADD CONSTRAINT e_receipts_status_check CHECK (status IN ('draft','queued','submitted','valid','invalid','rejected','cancelled'))`,
    );
    await q.query('DROP INDEX pos_devices_eta_pos_serial');
  }
}
