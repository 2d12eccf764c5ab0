import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import * as argon2 from 'argon2';
import { DataSource, type EntityManager } from 'typeorm';
import { uuidv7 } from '../../../core/database/ids';
import { AuditService } from '../../../core/audit/audit.service';
import { loadConfig } from '../../../core/config/config';
import type { AuthUser } from '../../../core/auth/auth.types';
import type { RequestMeta } from '../../../core/auth/decorators';
import { SecretsService } from '../../../core/auth/secrets.service';
import { SessionService } from '../../../core/auth/session.service';
import { AppException } from '../../../core/errors/app.exception';
import { LoginFailureEntity } from '../entities/login-failure.entity';
import { UserEntity } from '../entities/user.entity';
import { acceptedStep, hashRecoveryCode } from './two-factor';

export const THROTTLE_LIMIT = 5;
export const THROTTLE_WINDOW_MINUTES = 15;
/** First key of the two-key advisory lock taken per username+address while reserving an attempt. */
const SIGN_IN_LOCK_CLASS = 7411;

/** The test runs' cost (PASSWORD_HASH_COST=test, core/config): argon2id at its lowest settings. */
const TEST_COST = { memoryCost: 1024, timeCost: 1, parallelism: 1 } as const;

export const hashPassword = (password: string) =>
  argon2.hash(password, {
    type: argon2.argon2id,
    ...(loadConfig().passwordHashCost === 'test' ? TEST_COST : {}),
  });

/** Used to spend the same time on unknown usernames as on wrong passwords. */
let dummyHash: Promise<string> | null = null;

@Injectable()
export class SignInService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly sessions: SessionService,
    private readonly audit: AuditService,
    private readonly secrets: SecretsService,
  ) {}

  async signIn(
    usernameRaw: string,
    password: string,
    meta: RequestMeta,
    previousToken?: string,
    secondStep: { code?: string; recoveryCode?: string } = {},
  ) {
    const username = usernameRaw.trim().toLowerCase().slice(0, 100);
    const ip = meta.ip ?? 'unknown';
    // The attempt is reserved before the password is checked: counting and recording happen under
    // one lock per username+address, so a parallel burst cannot all pass the "fewer than 5" check.
    // The reservation is a failure row; a good password then clears the failures (below).
    const reservation = uuidv7();
    await this.ds.transaction(async (m) => {
      await m.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [
        SIGN_IN_LOCK_CLASS,
        `${username}|${ip}`,
      ]);
      const [{ count }] = await m.query(
        `SELECT count(*)::int AS count FROM login_failures
          WHERE username = $1 AND ip = $2 AND at > now() - make_interval(mins => $3)`,
        [username, ip, THROTTLE_WINDOW_MINUTES],
      );
      if (count >= THROTTLE_LIMIT) {
        throw new AppException('TOO_MANY_ATTEMPTS', HttpStatus.TOO_MANY_REQUESTS, {
          minutes: THROTTLE_WINDOW_MINUTES,
        });
      }
      await m.insert(LoginFailureEntity, { id: reservation, username, ip });
    });
    const user = await this.ds
      .getRepository(UserEntity)
      .createQueryBuilder('u')
      .addSelect(['u.passwordHash', 'u.totpSecret', 'u.totpRecoveryCodes', 'u.totpLastStep'])
      .where('u.username = :username', { username })
      .getOne();
    dummyHash ??= hashPassword('not-a-real-password');
    const ok =
      password.length > 0 && password.length <= 200
        ? await argon2.verify(user?.passwordHash ?? (await dummyHash), password).catch(() => false)
        : false;
    if (!user || !ok) {
      // The reserved row stays: it is this failure.
      await this.ds.transaction(async (m) => {
        await this.audit.record(m, meta, {
          action: 'auth.signin.failed',
          entity: 'user',
          entityId: user?.id ?? null,
          after: { username },
        });
      });
      throw new AppException('INVALID_CREDENTIALS', HttpStatus.UNAUTHORIZED);
    }
    if (!user.active) {
      // The right password of a deactivated user is not a failed guess (as before the reservation).
      await this.ds.getRepository(LoginFailureEntity).delete({ id: reservation });
      throw new AppException('USER_INACTIVE', HttpStatus.UNAUTHORIZED);
    }

    // Two-step sign-in (issue 11, item 18): with it on, the right password alone opens nothing.
    // Without a code the answer says a second step is needed (not a failed guess); a wrong code
    // or recovery code is a failure, throttled with the passwords (the reserved row stays).
    let secondStepUpdate: (m: EntityManager) => Promise<void> = async () => undefined;
    if (user.totpEnabledAt && user.totpSecret) {
      const code = secondStep.code?.trim() ?? '';
      const recovery = secondStep.recoveryCode?.trim() ?? '';
      if (!code && !recovery) {
        await this.ds.getRepository(LoginFailureEntity).delete({ id: reservation });
        throw new AppException('TWO_FACTOR_REQUIRED', HttpStatus.UNAUTHORIZED);
      }
      const lastStep = user.totpLastStep === null ? null : Number(user.totpLastStep);
      const step = code
        ? acceptedStep(this.secrets.decrypt(user.totpSecret), code, lastStep)
        : null;
      const recoveryHash = !code && recovery ? hashRecoveryCode(recovery) : null;
      const recoveryOk = recoveryHash !== null && user.totpRecoveryCodes.includes(recoveryHash);
      if (step === null && !recoveryOk) {
        await this.ds.transaction(async (m) => {
          await this.audit.record(m, meta, {
            action: 'auth.signin.second-step-failed',
            entity: 'user',
            entityId: user.id,
            after: { username },
          });
        });
        throw new AppException('TWO_FACTOR_INVALID', HttpStatus.UNAUTHORIZED);
      }
      secondStepUpdate = async (m) => {
        if (step !== null) {
          // Accepted once: the same code (or an older one) cannot sign in again.
          const [{ count }] = await m.query(
            `WITH done AS (UPDATE users SET totp_last_step = $2 WHERE id = $1 AND (totp_last_step IS NULL OR totp_last_step < $2) RETURNING 1)
             SELECT count(*)::int AS count FROM done`,
            [user.id, step],
          );
          if (count === 0) throw new AppException('TWO_FACTOR_INVALID', HttpStatus.UNAUTHORIZED);
        } else {
          // A recovery code works once.
          const [{ count }] = await m.query(
            `WITH done AS (UPDATE users SET totp_recovery_codes = array_remove(totp_recovery_codes, $2)
                            WHERE id = $1 AND $2 = ANY(totp_recovery_codes) RETURNING 1)
             SELECT count(*)::int AS count FROM done`,
            [user.id, recoveryHash],
          );
          if (count === 0) throw new AppException('TWO_FACTOR_INVALID', HttpStatus.UNAUTHORIZED);
          await this.audit.record(
            m,
            { ...meta, userId: user.id },
            { action: 'auth.signin.recovery-code', entity: 'user', entityId: user.id },
          );
        }
      };
    }

    const session = await this.ds.transaction(async (m) => {
      await secondStepUpdate(m);
      // A new session id at every sign-in; the one the browser held before is dropped.
      if (previousToken) {
        await this.sessions.end(m, { token: previousToken });
      }
      await m.delete(LoginFailureEntity, { username, ip });
      const created = await this.sessions.create(m, user.id, meta.ip, meta.userAgent);
      await this.audit.record(
        m,
        { ...meta, userId: user.id },
        { action: 'auth.signin', entity: 'user', entityId: user.id },
      );
      return created;
    });
    // The session the browser held before has ended (cached sessions of this instance go now).
    if (previousToken) this.sessions.changed();
    return session;
  }

  async signOut(user: AuthUser, meta: RequestMeta) {
    await this.ds.transaction(async (m) => {
      await this.sessions.end(m, { id: user.sessionId });
      await this.audit.record(m, meta, {
        action: 'auth.signout',
        entity: 'user',
        entityId: user.id,
      });
    });
    this.sessions.changed();
  }
}
