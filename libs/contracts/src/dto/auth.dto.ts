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
