// The error page's status line (spec §2): 404 (the default) reads 'الصفحة غير موجودة'; anything
// else — the router's crash page (500), a failed loader — reads 'حدث خطأ غير متوقع'.

/** i18n key (namespace `shell`) of the status message for a status code. */
export function errorStatusMessageKey(
  statusCode: number,
): 'error.notFound' | 'error.forbidden' | 'error.unexpected' {
  return statusCode === 404
    ? 'error.notFound'
    : statusCode === 403
      ? 'error.forbidden'
      : 'error.unexpected';
}

/** Ids are UUIDs; anything else in a detail URL is a page that does not exist. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * What a detail page shows when its record cannot be read: unknown (404) and malformed ids
 * (400) are "page not found", a refusal (403) is the 403 page; null for anything else (a network
 * failure or a 500 stays on the page with its toast, so a retry is possible).
 */
export function detailErrorStatus(error: unknown): 404 | 403 | null {
  const status =
    error && typeof error === 'object' && 'status' in error
      ? (error as { status: unknown }).status
      : null;
  if (status === 404 || status === 400) return 404;
  if (status === 403) return 403;
  return null;
}

/** Status code to show for whatever the router's error boundary caught. */
export function errorStatusCode(error: unknown): number {
  if (error && typeof error === 'object' && 'status' in error) {
    const status = (error as { status: unknown }).status;
    if (typeof status === 'number' && Number.isInteger(status) && status >= 400 && status <= 599)
      return status;
  }
  return 500;
}
