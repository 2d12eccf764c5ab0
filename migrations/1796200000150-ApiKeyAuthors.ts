import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Rows made by API keys before keys were bounded (issue 30 item 11): a key's id stands where a
 * user's is expected (a shift's cashier, a sale's cashier, a customer's or ticket's author), so
 * every read that joins users hid them (the shift answered 404, the sale was missing from the
 * lists, nobody could close the shift). Each key that wrote such rows gets a user row under its
 * own id: inactive, no role, a password hash nothing verifies, named after the key — so those rows
 * show like any other, by the key's name, for staff with the permission, and an administrator can
 * close its shift. Nothing is reassigned; the audit log keeps the key as the actor.
 */
export class ApiKeyAuthors1796200000150 implements MigrationInterface {
  name = 'ApiKeyAuthors1796200000150';

  async up(q: QueryRunner): Promise<void> {
    const columns: { table_name: string; column_name: string }[] = await q.query(
      `SELECT c.table_name, c.column_name FROM information_schema.columns c
         JOIN information_schema.tables t ON t.table_name = c.table_name AND t.table_schema = c.table_schema
        WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE' AND c.data_type = 'uuid'
          AND c.table_name NOT IN ('api_keys', 'audit_logs', 'users')
          AND (c.column_name IN ('cashier_id', 'user_id', 'created_by', 'updated_by', 'closed_by', 'opened_by')
               OR c.column_name LIKE '%\\_by' OR c.column_name LIKE '%\\_user\\_id')`,
    );
    if (!columns.length) return;
    const used = columns
      .map((c) => `SELECT "${c.column_name}" AS id FROM "${c.table_name}"`)
      .join(' UNION ');
    await q.query(
      `INSERT INTO users (id, username, display_name, password_hash, role_id, branch_id, is_admin, active)
       SELECT k.id, 'api-key-' || k.prefix, 'مفتاح API: ' || k.name, '!api-key', NULL, k.branch_id, false, false
         FROM api_keys k
        WHERE k.id IN (${used})
          AND NOT EXISTS (SELECT 1 FROM users u WHERE u.id = k.id)
       ON CONFLICT DO NOTHING`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      `DELETE FROM users u WHERE u.password_hash = '!api-key' AND EXISTS (SELECT 1 FROM api_keys k WHERE k.id = u.id)`,
    );
  }
}
