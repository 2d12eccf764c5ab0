// The step an account must take before anything else (issue 11); outside dto/ so the client's
// first page can import it without the DTO (class-validator) chunk.

/** Codes a call answers with (403) while the account has a step to take first. */
export const ACCOUNT_STEP_CODES = [
  'PASSWORD_CHANGE_REQUIRED',
  'TWO_FACTOR_SETUP_REQUIRED',
] as const;
export type AccountStep = (typeof ACCOUNT_STEP_CODES)[number];

/**
 * GET /api/auth/session names the pending step in this response header (the body stays the
 * spec's), so the client knows it with the session, without another request.
 */
export const ACCOUNT_STEP_HEADER = 'X-Account-Step';
