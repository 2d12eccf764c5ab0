import type { PermissionKey } from '../permissions';

/** What GET /api/auth/session returns for a signed-in user. */
export type SessionUser = {
  id: string;
  username: string;
  name: string;
  branchId: string | null;
  isAdmin: boolean;
  permissions: { key: PermissionKey }[];
  screens: string[];
  maxDiscountPercent: number;
};

export type SessionDto = { user: SessionUser; expires: string } | Record<string, never>;

export const SESSION_COOKIE = 'pos.session';
export const CSRF_COOKIE = 'pos.csrf';
export const CSRF_HEADER = 'x-csrf-token';
export const LOCALE_COOKIE = 'locale';

/**
 * GET /api/account: what the signed-in user must do before anything else (a generated password to
 * change, two-step sign-in to set up when the store requires it of administrators) and their
 * two-step state. The session API (GET /api/auth/session) stays as the spec says.
 */
export type AccountDto = {
  mustChangePassword: boolean;
  twoFactor: { enabled: boolean; required: boolean; recoveryCodesLeft: number };
};

/** POST /api/account/two-factor/setup: the new secret, its otpauth:// URI and a QR code (data: URL). */
export type TwoFactorSetupDto = { secret: string; otpauthUrl: string; qrCode: string };

/** POST /api/account/two-factor/enable: the 10 one-time recovery codes, shown once. */
export type TwoFactorEnabledDto = { recoveryCodes: string[] };

/** The store setting (a feature flag) that requires two-step sign-in of every administrator. */
export const REQUIRE_ADMIN_TWO_FACTOR = 'require_admin_two_factor';
