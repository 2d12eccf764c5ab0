import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import * as argon2 from 'argon2';
import { DataSource } from 'typeorm';
import {
  REQUIRE_ADMIN_TWO_FACTOR,
  type AccountDto,
  type TwoFactorEnabledDto,
  type TwoFactorSetupDto,
} from '@pos/contracts';
import { AuditService } from '../../../core/audit/audit.service';
import type { AuthUser } from '../../../core/auth/auth.types';
import type { RequestMeta } from '../../../core/auth/decorators';
import { SecretsService } from '../../../core/auth/secrets.service';
import { SessionService } from '../../../core/auth/session.service';
import { loadConfig } from '../../../core/config/config';
import { AppException, Errors } from '../../../core/errors/app.exception';
import { UserEntity } from '../entities/user.entity';
import { hashPassword } from './sign-in.service';
import {
  acceptedStep,
  hashRecoveryCode,
  newRecoveryCodes,
  newTotpSecret,
  totpEnrolment,
} from './two-factor';

type Row = {
  id: string;
  username: string;
  isAdmin: boolean;
  mustChangePassword: boolean;
  passwordHash: string;
  totpEnabledAt: Date | null;
  totpPendingSecret: string | null;
  totpRecoveryCodes: string[];
};

/** The signed-in user's own account: password change and two-step sign-in (issue 11, items 15, 18). */
@Injectable()
export class AccountService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly secrets: SecretsService,
    private readonly sessions: SessionService,
    private readonly audit: AuditService,
  ) {}

  private async row(userId: string, lock = false): Promise<Row> {
    const rows: Row[] = await this.ds.query(
      `SELECT id, username, is_admin AS "isAdmin", must_change_password AS "mustChangePassword",
              password_hash AS "passwordHash", totp_enabled_at AS "totpEnabledAt",
              totp_pending_secret AS "totpPendingSecret", totp_recovery_codes AS "totpRecoveryCodes"
         FROM users WHERE id = $1 ${lock ? 'FOR UPDATE' : ''}`,
      [userId],
    );
    if (!rows[0]) throw Errors.notFound();
    return rows[0];
  }

  private async adminTwoFactorRequired(): Promise<boolean> {
    const [row] = await this.ds.query('SELECT enabled FROM features WHERE key = $1', [
      REQUIRE_ADMIN_TWO_FACTOR,
    ]);
    return row?.enabled === true;
  }

  async get(user: AuthUser): Promise<AccountDto> {
    const row = await this.row(user.id);
    return {
      mustChangePassword: row.mustChangePassword,
      twoFactor: {
        enabled: row.totpEnabledAt !== null,
        required: row.isAdmin && (await this.adminTwoFactorRequired()),
        recoveryCodesLeft: row.totpEnabledAt ? row.totpRecoveryCodes.length : 0,
      },
    };
  }

  private async checkPassword(hash: string, password: string) {
    const ok = password.length > 0 && (await argon2.verify(hash, password).catch(() => false));
    if (!ok) throw new AppException('WRONG_PASSWORD', HttpStatus.BAD_REQUEST);
  }

  /** A new password (the current one proven); the other sessions of the user end. */
  async changePassword(
    user: AuthUser,
    currentPassword: string,
    newPassword: string,
    meta: RequestMeta,
  ): Promise<void> {
    const current = await this.row(user.id);
    await this.checkPassword(current.passwordHash, currentPassword);
    if (currentPassword === newPassword)
      throw new AppException('PASSWORD_UNCHANGED', HttpStatus.BAD_REQUEST);
    const passwordHash = await hashPassword(newPassword);
    await this.ds.transaction(async (m) => {
      await m.update(UserEntity, { id: user.id }, { passwordHash, mustChangePassword: false });
      await this.sessions.revokeOthers(m, user.id, user.sessionId);
      await this.audit.record(m, meta, {
        action: 'user.change-password',
        entity: 'user',
        entityId: user.id,
      });
    });
  }

  /** Starts (or restarts) setting up two-step sign-in: a new secret, kept aside until confirmed. */
  async setup(user: AuthUser): Promise<TwoFactorSetupDto> {
    const row = await this.row(user.id);
    if (row.totpEnabledAt)
      throw new AppException('TWO_FACTOR_ALREADY_ENABLED', HttpStatus.CONFLICT);
    const secret = newTotpSecret();
    await this.ds.query('UPDATE users SET totp_pending_secret = $2 WHERE id = $1', [
      user.id,
      this.secrets.encrypt(secret),
    ]);
    return { secret, ...(await totpEnrolment(secret, row.username, loadConfig().appName)) };
  }

  /** Confirms the set-up with a code from the app: two-step sign-in is on; the recovery codes are shown once. */
  async enable(user: AuthUser, code: string, meta: RequestMeta): Promise<TwoFactorEnabledDto> {
    return this.ds.transaction(async (m) => {
      const rows: Row[] = await m.query(
        `SELECT totp_enabled_at AS "totpEnabledAt", totp_pending_secret AS "totpPendingSecret" FROM users WHERE id = $1 FOR UPDATE`,
        [user.id],
      );
      const row = rows[0];
      if (row.totpEnabledAt)
        throw new AppException('TWO_FACTOR_ALREADY_ENABLED', HttpStatus.CONFLICT);
      if (!row.totpPendingSecret)
        throw new AppException('TWO_FACTOR_NOT_STARTED', HttpStatus.CONFLICT);
      const secret = this.secrets.decrypt(row.totpPendingSecret);
      const step = acceptedStep(secret, code, null);
      if (step === null) throw new AppException('TWO_FACTOR_INVALID', HttpStatus.BAD_REQUEST);
      const recoveryCodes = newRecoveryCodes();
      await m.query(
        `UPDATE users SET totp_secret = totp_pending_secret, totp_pending_secret = NULL, totp_enabled_at = now(),
                totp_recovery_codes = $2, totp_last_step = $3 WHERE id = $1`,
        [user.id, recoveryCodes.map(hashRecoveryCode), step],
      );
      await this.audit.record(m, meta, {
        action: 'user.two-factor.enable',
        entity: 'user',
        entityId: user.id,
      });
      return { recoveryCodes };
    });
  }

  /** Turns two-step sign-in off (the password proven). */
  async disable(user: AuthUser, password: string, meta: RequestMeta): Promise<void> {
    const row = await this.row(user.id);
    if (!row.totpEnabledAt) throw new AppException('TWO_FACTOR_NOT_ENABLED', HttpStatus.CONFLICT);
    await this.checkPassword(row.passwordHash, password);
    await this.ds.transaction(async (m) => {
      await m.query(
        `UPDATE users SET totp_secret = NULL, totp_pending_secret = NULL, totp_enabled_at = NULL,
                totp_recovery_codes = '{}', totp_last_step = NULL WHERE id = $1`,
        [user.id],
      );
      await this.audit.record(m, meta, {
        action: 'user.two-factor.disable',
        entity: 'user',
        entityId: user.id,
      });
    });
  }
}
