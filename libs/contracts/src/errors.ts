// Stable error codes for programs; each maps to one i18n key `errors.<code>` (see i18n/messages.ts).
export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'MALFORMED_JSON',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'API_KEY_NOT_ALLOWED',
  'NOT_FOUND',
  'CSRF_INVALID',
  'CSRF_SIGNOUT_MISSING',
  'INVALID_CREDENTIALS',
  'TOO_MANY_ATTEMPTS',
  'ID_ALREADY_EXISTS',
  'UNIQUE_VIOLATION',
  'BRANCH_LIMIT_REACHED',
  'USER_INACTIVE',
  'PASSWORD_CHANGE_REQUIRED',
  'TWO_FACTOR_REQUIRED',
  'TWO_FACTOR_INVALID',
  'TWO_FACTOR_SETUP_REQUIRED',
  'ID_REQUIRED_FOR_EDIT',
  'ID_REQUIRED_FOR_DELETE',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_FILE',
  'DISPLAY_IMAGES_FULL',
  'CONFLICT',
  'IDEMPOTENCY_KEY_REQUIRED',
  'IDEMPOTENCY_KEY_REUSED',
  'DATABASE_UNAVAILABLE',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** The one error shape of the API (DESIGN.md §4). */
export type ApiError = {
  statusCode: number;
  statusMessage: string;
  message: string;
  code: ErrorCode | string;
};
