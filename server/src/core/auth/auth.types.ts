import type { PermissionKey } from '@pos/contracts';

export type AuthUser = {
  id: string;
  username: string;
  name: string;
  branchId: string | null;
  isAdmin: boolean;
  permissions: PermissionKey[];
  screens: string[];
  maxDiscountPercent: number;
  sessionId: string;
  /**
   * Authenticated by a cashier's till grant (issue 32 item 7, device-grants.ts): the till and
   * branch it is bound to. Only on `@AcceptsDeviceGrant()` endpoints; no CSRF (a header, not a cookie).
   */
  deviceGrant?: { deviceId: string; branchId: string };
  /** Authenticated by an API key (no session, no CSRF). */
  viaApiKey?: boolean;
  /**
   * A step the account must take before any other call (issue 11): change a generated password,
   * or set up two-step sign-in (an administrator, when the store requires it).
   */
  pendingStep?: 'PASSWORD_CHANGE_REQUIRED' | 'TWO_FACTOR_SETUP_REQUIRED' | null;
};

export function hasAll(user: AuthUser, keys: readonly PermissionKey[]): boolean {
  return keys.every((k) => user.permissions.includes(k));
}
