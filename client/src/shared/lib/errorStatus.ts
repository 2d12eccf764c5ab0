// The error page's status line (spec §2): 404 (the default) reads 'الصفحة غير موجودة'; anything
// else — the router's crash page (500), a failed loader — reads 'حدث خطأ غير متوقع'.

/** i18n key (namespace `shell`) of the status message for a status code. */
export function errorStatusMessageKey(statusCode: number): 'error.notFound' | 'error.unexpected' {
  return statusCode === 404 ? 'error.notFound' : 'error.unexpected';
}

/** Status code to show for whatever the router's error boundary caught. */
export function errorStatusCode(error: unknown): number {
  if (error && typeof error === 'object' && 'status' in error) {
    const status = (error as { status: unknown }).status;
    if (typeof status === 'number' && Number.isInteger(status) && status >= 400 && status <= 599) return status;
  }
  return 500;
}
