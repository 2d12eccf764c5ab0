import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 21: the server keeps resolved sessions in memory (core/auth/session-cache.ts). Any change
 * to what a session resolves to — a session ended, a user or role edited or removed, a feature
 * switched — tells every instance at its commit (`NOTIFY pos_auth`), whoever made it (the app, a
 * script, SQL by hand), and each instance forgets its cached sessions.
 */
export class AuthChangedNotify1796070000000 implements MigrationInterface {
  name = 'AuthChangedNotify1796070000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE FUNCTION pos_auth_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('pos_auth', '');
        RETURN NULL;
      END $$`);
    for (const [table, events] of [
      ['sessions', 'UPDATE OR DELETE OR TRUNCATE'],
      ['users', 'UPDATE OR DELETE OR TRUNCATE'],
      ['roles', 'UPDATE OR DELETE OR TRUNCATE'],
      ['features', 'INSERT OR UPDATE OR DELETE OR TRUNCATE'],
    ]) {
      await q.query(
        `CREATE TRIGGER "${table}_auth_changed" AFTER ${events} ON "${table}" FOR EACH STATEMENT EXECUTE FUNCTION pos_auth_changed()`,
      );
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['sessions', 'users', 'roles', 'features'])
      await q.query(`DROP TRIGGER IF EXISTS "${table}_auth_changed" ON "${table}"`);
    await q.query('DROP FUNCTION IF EXISTS pos_auth_changed()');
  }
}
