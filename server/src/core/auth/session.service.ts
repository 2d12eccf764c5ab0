import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { createHash, randomBytes } from 'node:crypto';
import { DataSource, type EntityManager, LessThan } from 'typeorm';
import { uuidv7 } from '../database/ids';
import { ALL_PERMISSION_KEYS, REQUIRE_ADMIN_TWO_FACTOR, type PermissionKey } from '@pos/contracts';
import { loadConfig } from '../config/config';
import { preparedQuery } from '../database/prepared';
import { SessionEntity } from './session.entity';
import { SessionCache, type ResolvedSession } from './session-cache';

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * The user's columns a credential resolves to (a session here, a till's grant in
 * device-grants.ts): `u` the user, `r` their role, `$2` the two-step feature's key.
 */
export const USER_FIELDS = `u.id, u.username, u.display_name, u.branch_id,
              u.is_admin, u.active, u.screens, u.max_discount_percent, r.permissions,
              u.must_change_password,
              (u.is_admin AND u.totp_enabled_at IS NULL
                AND coalesce((SELECT f.enabled FROM features f WHERE f.key = $2), false)) AS two_factor_missing`;

export type UserRow = {
  session_id: string;
  expires_at: Date;
  id: string;
  username: string;
  display_name: string;
  branch_id: string | null;
  is_admin: boolean;
  active: boolean;
  screens: string[];
  max_discount_percent: number;
  permissions: PermissionKey[] | null;
  must_change_password: boolean;
  two_factor_missing: boolean;
};

/** The signed-in identity of a credential's row (USER_FIELDS with its id and expiry). */
export function resolvedUser(row: UserRow): ResolvedSession {
  return {
    id: row.id,
    username: row.username,
    name: row.display_name,
    branchId: row.branch_id,
    isAdmin: row.is_admin,
    // A system administrator holds every permission.
    permissions: row.is_admin ? [...ALL_PERMISSION_KEYS] : (row.permissions ?? []),
    screens: row.screens ?? [],
    maxDiscountPercent: row.max_discount_percent,
    sessionId: row.session_id,
    expiresAt: row.expires_at,
    pendingStep: row.must_change_password
      ? 'PASSWORD_CHANGE_REQUIRED'
      : row.two_factor_missing
        ? 'TWO_FACTOR_SETUP_REQUIRED'
        : null,
  };
}

/** Server-side, revocable sessions. The cookie carries a random token; only its hash is stored. */
@Injectable()
export class SessionService {
  private readonly ttlMs = loadConfig().sessionDays * 24 * 3600 * 1000;

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly cache: SessionCache,
  ) {}

  async create(
    manager: EntityManager,
    userId: string,
    ip: string | null,
    userAgent: string | null,
  ): Promise<{ token: string; expiresAt: Date }> {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + this.ttlMs);
    await manager.insert(SessionEntity, { id: hashToken(token), userId, expiresAt, ip, userAgent });
    return { token, expiresAt };
  }

  async resolve(token: string | undefined): Promise<ResolvedSession | null> {
    if (!token || token.length > 200) return null;
    const key = hashToken(token);
    const cached = this.cache.get(key);
    if (cached) return { ...cached, permissions: [...cached.permissions] };
    const epoch = this.cache.begin();
    const rows: UserRow[] = await preparedQuery(
      this.ds,
      `SELECT s.id AS session_id, s.expires_at, ${USER_FIELDS}
         FROM sessions s
         JOIN users u ON u.id = s.user_id
         LEFT JOIN roles r ON r.id = u.role_id
        WHERE s.id = $1 AND s.expires_at > now()`,
      [key, REQUIRE_ADMIN_TWO_FACTOR],
    );
    const row = rows[0];
    if (!row || !row.active) return null;
    const user = resolvedUser(row);
    this.cache.set(key, user, epoch);
    return { ...user, permissions: [...user.permissions] };
  }

  /**
   * What sessions resolve to has changed (after the commit of a sign-out, a user's or role's edit):
   * this instance forgets its cached sessions now; the others on the commit's notification.
   */
  changed(): void {
    this.cache.invalidate();
  }

  async revoke(sessionId: string): Promise<void> {
    await this.ds.getRepository(SessionEntity).delete({ id: sessionId });
    this.changed();
  }

  /**
   * Ends one session in the caller's transaction, by its id or by the browser's token (a sign-in
   * drops the session the browser held before); call changed() after the commit.
   */
  async end(manager: EntityManager, session: { id: string } | { token: string }): Promise<void> {
    await manager.delete(SessionEntity, {
      id: 'id' in session ? session.id : hashToken(session.token),
    });
  }

  /** Signed out everywhere: every session of the user, and their tills' grants (device-grants.ts). */
  async revokeAllForUser(manager: EntityManager, userId: string): Promise<void> {
    await manager.delete(SessionEntity, { userId });
    await manager.query('DELETE FROM device_grants WHERE user_id = $1', [userId]);
  }

  /**
   * Every session of the user but this one, and every till's grant of theirs (after a password
   * change: other devices sign in again, and each till asks a new grant at the next online visit).
   */
  async revokeOthers(manager: EntityManager, userId: string, keepSessionId: string): Promise<void> {
    await manager.query('DELETE FROM sessions WHERE user_id = $1 AND id <> $2', [
      userId,
      keepSessionId,
    ]);
    await manager.query('DELETE FROM device_grants WHERE user_id = $1', [userId]);
  }

  async purgeExpired(): Promise<void> {
    await this.ds.getRepository(SessionEntity).delete({ expiresAt: LessThan(new Date()) });
    await this.ds.query('DELETE FROM device_grants WHERE expires_at <= now()');
  }

  static newId(): string {
    return uuidv7();
  }
}
