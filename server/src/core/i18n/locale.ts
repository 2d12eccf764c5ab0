import type { Request } from 'express';
import { LOCALE_COOKIE, parseLocale, translateServer, type Locale } from '@pos/contracts';

/** Server messages follow the `locale` cookie (ar by default). */
export function requestLocale(req: Request | undefined): Locale {
  const cookies = (req as (Request & { cookies?: Record<string, string> }) | undefined)?.cookies;
  return parseLocale(cookies?.[LOCALE_COOKIE]);
}

export function t(req: Request | undefined, key: string, params?: Record<string, string | number>) {
  return translateServer(requestLocale(req), key, params);
}
