// What an answer of POST /api/Sales means for a queued sale (docs/decisions/0070): final only when
// it is the invoice (2xx) or a refusal (4xx); anything that says nothing about the sale (no
// network, a timeout, the server or its database away, the session being renewed) is tried again.

export type Verdict = 'sent' | 'refused' | 'retry';

/** Account steps and a stale form token: the session's state, not the sale's. */
const SESSION_CODES = new Set([
  'CSRF_INVALID',
  'PASSWORD_CHANGE_REQUIRED',
  'TWO_FACTOR_REQUIRED',
  'TWO_FACTOR_SETUP_REQUIRED',
  'UNAUTHENTICATED',
]);

/**
 * `status` 0: no answer (offline, refused connection, aborted on timeout). 401 (signed out or the
 * session being renewed), 408, 429 and every 5xx: try again later. 403 for a session step: again
 * later. Any other 4xx: the server has looked at the sale and refused it.
 */
export function classifyAnswer(status: number, code?: string | null): Verdict {
  if (status >= 200 && status < 300) return 'sent';
  if (status === 0 || status === 401 || status === 408 || status === 429) return 'retry';
  if (status >= 500) return 'retry';
  if (status === 403 && code && SESSION_CODES.has(code)) return 'retry';
  if (status >= 400) return 'refused';
  return 'retry';
}

/**
 * The sender's wait after `failures` tries in a row that got no final answer: 2 s doubling to
 * 15 s. A server back from a restart gives no browser event (the network never went), and a till
 * restarted offline has no live socket yet to say so: the queue starts moving within 15 s of it
 * (docs/decisions/0081; a try is one small request).
 */
export function backoffMs(failures: number): number {
  return Math.min(15_000, 2_000 * 2 ** Math.max(0, failures - 1));
}
