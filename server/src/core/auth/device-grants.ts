import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomBytes } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';
import { DEVICE_GRANT_TTL_MS, REQUIRE_ADMIN_TWO_FACTOR } from '@pos/contracts';
import { preparedQuery } from '../database/prepared';
import type { AuthUser } from './auth.types';
import { hashToken, resolvedUser, USER_FIELDS, type UserRow } from './session.service';

/** What a till's grant binds the user it resolves to (checked against the sale's device). */
export type DeviceGrantScope = { deviceId: string; branchId: string };

/**
 * A cashier's grant for one till (issue 32 item 7, docs/decisions/0078): issued online while the
 * cashier is signed in on that till, kept by the till with the cashier's cached profile, and sent
 * with each sale the cashier rang there, so the sale is booked to them (with their permissions as
 * they are when it arrives) whoever is signed in on the till by then.
 *
 * Like a session, the till holds a random token and `device_grants` only its SHA-256. A grant is
 * bound to the user, the device and the user's branch at issue; it expires
 * (DEVICE_GRANT_TTL_MS) and is deleted with the user's sessions when they are disabled, their
 * password is reset or changed (SessionService.revokeAllForUser / revokeOthers), and when the
 * cashier removes themselves from the till. It is used only on the endpoints that accept it
 * (`@AcceptsDeviceGrant()`: creating a sale), never to mint another credential.
 */
@Injectable()
export class DeviceGrantService {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** A new grant of `userId` on `deviceId` (a till of `branchId`), in the caller's transaction. */
  async issue(
    m: EntityManager,
    grant: { userId: string } & DeviceGrantScope,
  ): Promise<{ token: string; expiresAt: Date }> {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + DEVICE_GRANT_TTL_MS);
    // The branch's row first (the insert's foreign keys would take the till's and then the
    // branch's): a sale of this till locks the branch (its numbering) and then the till, so taking
    // them the other way round deadlocked with it (seen in the browser tests).
    await m.query('SELECT 1 FROM branches WHERE id = $1 FOR KEY SHARE', [grant.branchId]);
    await m.query(
      `INSERT INTO device_grants (id, user_id, device_id, branch_id, expires_at)
       VALUES ($1, $2, $3, $4, $5)`,
      [hashToken(token), grant.userId, grant.deviceId, grant.branchId, expiresAt],
    );
    return { token, expiresAt };
  }

  /** Every grant of `userId` on `deviceId` (removed from the till); how many there were. */
  async revoke(m: EntityManager, userId: string, deviceId: string): Promise<number> {
    const rows: unknown[] = await m.query(
      'DELETE FROM device_grants WHERE user_id = $1 AND device_id = $2 RETURNING 1',
      [userId, deviceId],
    );
    return rows.length;
  }

  /**
   * The user a grant's token acts as, or null: unknown, expired or revoked, a disabled user, or a
   * user no longer of the branch the grant was issued in (nor the till's).
   */
  async resolve(
    token: string | undefined,
  ): Promise<(AuthUser & { deviceGrant: DeviceGrantScope }) | null> {
    if (!token || token.length > 200) return null;
    const rows: (UserRow & { device_id: string; grant_branch: string; device_branch: string })[] =
      await preparedQuery(
        this.ds,
        `SELECT g.id AS session_id, g.expires_at, g.device_id, g.branch_id AS grant_branch,
                d.branch_id AS device_branch, ${USER_FIELDS}
           FROM device_grants g
           JOIN users u ON u.id = g.user_id
           JOIN pos_devices d ON d.id = g.device_id
           LEFT JOIN roles r ON r.id = u.role_id
          WHERE g.id = $1 AND g.expires_at > now()`,
        [hashToken(token), REQUIRE_ADMIN_TWO_FACTOR],
      );
    const row = rows[0];
    if (!row || !row.active) return null;
    if (row.branch_id !== row.grant_branch || row.device_branch !== row.grant_branch) return null;
    const { expiresAt: _expiresAt, ...user } = resolvedUser(row);
    return { ...user, deviceGrant: { deviceId: row.device_id, branchId: row.grant_branch } };
  }
}
