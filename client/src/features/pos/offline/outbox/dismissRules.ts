import type { PermissionKey } from '@pos/contracts';

// Who may dismiss a refused sale and what reason it needs (without Dexie: the till's first chunk
// reads these; the dismissal itself is in ./dismiss.ts, loaded with the outbox's engine).

/**
 * Who may dismiss: the holders of can_see_shift_totals, who count and reconcile the drawer (a
 * refused sale's money is in it, with no invoice behind it).
 */
export const DISMISS_PERMISSION: PermissionKey = 'can_see_shift_totals';

/** A reason shorter than this is refused (a word or two saying how it was dealt with). */
export const DISMISS_REASON_MIN = 3;
export const DISMISS_REASON_MAX = 500;

export const dismissReasonOk = (reason: string): boolean => {
  const r = reason.trim();
  return r.length >= DISMISS_REASON_MIN && r.length <= DISMISS_REASON_MAX;
};
