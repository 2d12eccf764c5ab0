// Spec §4: a window error of the kind 'node not a child' / 'object can not be found' (a stale
// DOM after a deploy or a browser extension) triggers a full reload — once, not in a loop.
const RELOAD_PATTERNS = [/node.*not a child/i, /object can ?not be found/i];
/** No second automatic reload within this window (ms). */
export const RELOAD_GUARD_MS = 30_000;
export const RELOAD_STORAGE_KEY = 'pos:error-reload-at';

export function isReloadError(message: string | null | undefined): boolean {
  return !!message && RELOAD_PATTERNS.some((re) => re.test(message));
}

export function shouldReloadForError(
  message: string | null | undefined,
  lastReloadAt: number | null,
  now: number,
): boolean {
  if (!isReloadError(message)) return false;
  return (
    lastReloadAt === null || !Number.isFinite(lastReloadAt) || now - lastReloadAt > RELOAD_GUARD_MS
  );
}

const BOT_RE =
  /bot|crawler|spider|crawling|slurp|bingpreview|facebookexternalhit|headlesschrome\/.*lighthouse|mediapartners|embedly|quora link preview|whatsapp|telegrambot|discordbot|yandex|baidu|duckduckgo/i;

/** The error page is not rendered for bots (spec §2). */
export function isBotUserAgent(userAgent: string | null | undefined): boolean {
  return !!userAgent && BOT_RE.test(userAgent);
}
