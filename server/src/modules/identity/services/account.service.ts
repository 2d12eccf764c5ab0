import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import * as argon2 from 'argon2';
import { DataSource, type EntityManager } from 'typeorm';
import { REQUIRE_ADMIN_TWO_FACTOR, type AccountDto } from '@pos/contracts';
import type { AuthUser } from '../../../core/auth/auth.types';
import { AppException, Errors } from '../../../core/errors/app.exception';

export type AccountRow = {
  id: string;
  username: string;
  isAdmin: boolean;
  mustChangePassword: boolean;
  passwordHash: string;
  totpEnabledAt: Date | null;
  totpPendingSecret: string | null;
  totpRecoveryCodes: string[];
};

/** The user's row as the account commands read it (FOR UPDATE with `lock`). */
export async function accountRow(
  m: EntityManager,
  userId: string,
  lock = false,
): Promise<AccountRow> {
  const rows: AccountRow[] = await m.query(
    `SELECT id, username, is_admin AS "isAdmin", must_change_password AS "mustChangePassword",
            password_hash AS "passwordHash", totp_enabled_at AS "totpEnabledAt",
            totp_pending_secret AS "totpPendingSecret", totp_recovery_codes AS "totpRecoveryCodes"
       FROM users WHERE id = $1 ${lock ? 'FOR UPDATE' : ''}`,
    [userId],
  );
  if (!rows[0]) throw Errors.notFound();
  return rows[0];
}

/** The password proven, or WRONG_PASSWORD. */
export async function checkPassword(hash: string, password: string): Promise<void> {
  const ok = password.length > 0 && (await argon2.verify(hash, password).catch(() => false));
  if (!ok) throw new AppException('WRONG_PASSWORD', HttpStatus.BAD_REQUEST);
}

/** The signed-in user's own account: password change and two-step sign-in (issue 11, items 15, 18). */
@Injectable()
export class AccountService {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  private async adminTwoFactorRequired(): Promise<boolean> {
    const [row] = await this.ds.query('SELECT enabled FROM features WHERE key = $1', [
      REQUIRE_ADMIN_TWO_FACTOR,
    ]);
    return row?.enabled === true;
  }

  async get(user: AuthUser): Promise<AccountDto> {
    const row = await accountRow(this.ds.manager, user.id);
    return {
      mustChangePassword: row.mustChangePassword,
      twoFactor: {
        enabled: row.totpEnabledAt !== null,
        required: row.isAdmin && (await this.adminTwoFactorRequired()),
        recoveryCodesLeft: row.totpEnabledAt ? row.totpRecoveryCodes.length : 0,
      },
    };
  }
}
