import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The keys of the commands that move money or stock (issue 30 item 12): one row per
 * Idempotency-Key, written in the command's own transaction with the command's result, so a
 * repeat of the request gets the first answer and nothing runs twice. Owned by core (CommandRunner).
 * `result` is json, not jsonb: a replay answers the very text of the first answer (key order kept).
 */
export class CreateIdempotencyKeys1796130003012 implements MigrationInterface {
  name = 'CreateIdempotencyKeys1796130003012';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE IF NOT EXISTS idempotency_keys (
      key uuid PRIMARY KEY,
      user_id uuid,
      scope text NOT NULL,
      request_hash text NOT NULL,
      result json,
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(
      'CREATE INDEX IF NOT EXISTS idempotency_keys_created_at ON idempotency_keys (created_at)',
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE IF EXISTS idempotency_keys');
  }
}
