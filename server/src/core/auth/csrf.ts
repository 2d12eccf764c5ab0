import { randomBytes } from 'node:crypto';
import type { Request, Response } from 'express';
import { CSRF_COOKIE } from '@pos/contracts';
import type { SecretsService } from './secrets.service';

// Double-submit CSRF bound to a cookie: the httpOnly cookie holds `token.signature`; the client
// sends `token` (from GET /api/auth/csrf) in a form field or the X-CSRF-Token header. A forged
// cross-site request can neither read the token nor mint a cookie whose signature verifies.
export function readCsrfCookie(req: Request, secrets: SecretsService): string | null {
  const raw = (req.cookies as Record<string, string> | undefined)?.[CSRF_COOKIE];
  if (!raw) return null;
  const dot = raw.lastIndexOf('.');
  if (dot <= 0) return null;
  const token = raw.slice(0, dot);
  return secrets.verify(token, raw.slice(dot + 1)) ? token : null;
}

export function issueCsrfToken(req: Request, res: Response, secrets: SecretsService): string {
  const existing = readCsrfCookie(req, secrets);
  if (existing) return existing;
  const token = randomBytes(32).toString('base64url');
  res.cookie(CSRF_COOKIE, `${token}.${secrets.sign(token)}`, {
    httpOnly: true,
    sameSite: 'lax',
    secure: req.secure,
    path: '/',
  });
  return token;
}

export function csrfMatches(req: Request, given: unknown, secrets: SecretsService): boolean {
  const token = readCsrfCookie(req, secrets);
  return (
    typeof given === 'string' && token !== null && given.length === token.length && given === token
  );
}
