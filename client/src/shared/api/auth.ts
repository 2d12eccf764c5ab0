import {
  ACCOUNT_STEP_CODES,
  ACCOUNT_STEP_HEADER,
  type AccountStep,
  type PublicConfigDto,
  type SessionDto,
  type SessionUser,
} from '@pos/contracts';
import { forgetCachedCashier } from '../lib/offlineSession';
import { getCsrfToken, http, request, requestEarly, resetCsrfToken } from './http';

// The session API of spec §7 (form-encoded, with the CSRF token).
const sessionQuery = () => ({ callbackUrl: window.location.href });

/**
 * Starts GET /api/auth/session and GET /api/config, which every first screen waits for, before
 * the app has rendered (app/boot.ts); the first `fetchSession` and `fetchPublicConfig` take them,
 * the session's answer once `firstScreen` (the first screen's code) has settled too.
 */
export function requestSessionEarly(firstScreen?: Promise<unknown>): void {
  requestEarly('/auth/session', sessionQuery(), firstScreen);
  requestEarly('/config');
}

export async function fetchSession(): Promise<{
  user: SessionUser;
  expires: string;
  step: AccountStep | null;
} | null> {
  const res = await request('/auth/session', { query: sessionQuery() });
  const body = (await res.json().catch(() => null)) as SessionDto | null;
  if (!body || !('user' in body) || !body.user) return null;
  // A generated password to change or two-step sign-in to set up first (issue 11).
  const header = res.headers.get(ACCOUNT_STEP_HEADER);
  const step = (ACCOUNT_STEP_CODES as readonly string[]).includes(header ?? '')
    ? (header as AccountStep)
    : null;
  return { ...(body as { user: SessionUser; expires: string }), step };
}

/**
 * The credentials sign-in. For a user with two-step sign-in the first try (no `second`) answers
 * 401 TWO_FACTOR_REQUIRED; the page then asks for the 6-digit code (or a recovery code).
 */
export async function signIn(
  username: string,
  password: string,
  callbackUrl: string,
  second: { code?: string; recoveryCode?: string } = {},
): Promise<{ url: string }> {
  const form = new URLSearchParams({
    csrfToken: await getCsrfToken(),
    callbackUrl,
    json: 'true',
    username,
    password,
  });
  if (second.code) form.set('code', second.code);
  if (second.recoveryCode) form.set('recoveryCode', second.recoveryCode);
  const res = await request('/auth/callback/credentials', { method: 'POST', body: form });
  resetCsrfToken();
  return (await res.json()) as { url: string };
}

export async function signOut(callbackUrl: string): Promise<{ url: string }> {
  forgetCachedCashier();
  const form = new URLSearchParams({ csrfToken: await getCsrfToken(), callbackUrl, json: 'true' });
  const res = await request('/auth/signout', { method: 'POST', body: form });
  resetCsrfToken();
  return (await res.json()) as { url: string };
}

export function fetchPublicConfig(): Promise<PublicConfigDto> {
  return http.get<PublicConfigDto>('/config');
}
