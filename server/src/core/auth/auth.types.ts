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
  /** Authenticated by an API key (no session, no CSRF). */
  viaApiKey?: boolean;
};

export function hasAll(user: AuthUser, keys: readonly PermissionKey[]): boolean {
  return keys.every((k) => user.permissions.includes(k));
}
