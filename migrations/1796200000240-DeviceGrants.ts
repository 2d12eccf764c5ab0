import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The offline user switch (issue 32 item 7, docs/decisions/0078): a grant per cashier and till,
 * issued online, with which the till later sends the sales that cashier rang offline. Like a
 * session, the till holds a random token and the table only its SHA-256; it is bound to the user,
 * the device and the user's branch, expires, and is deleted when the user is disabled or signed out
 * everywhere (with their sessions).
 */
export class DeviceGrants1796200000240 implements MigrationInterface {
  name = 'DeviceGrants1796200000240';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE device_grants (
        id text PRIMARY KEY,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        device_id uuid NOT NULL REFERENCES pos_devices(id) ON DELETE CASCADE,
        branch_id uuid NOT NULL REFERENCES branches(id),
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL
      )`);
    await q.query('CREATE INDEX device_grants_user ON device_grants (user_id, device_id)');
    await q.query('CREATE INDEX device_grants_expires ON device_grants (expires_at)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE device_grants');
  }
}
