import { LIMITS } from './limits';
import { formatPiasters } from './money';

// The bound on a sale's change (docs/decisions/0131): LIMITS.maxChange, CHANGE_CONFIRM_FROM.

/**
 * The change a sale's tenders give (what the cash handed over exceeds the total by) when it is
 * above LIMITS.maxChange, with the cash payment it comes out of (`payments.N.amount`, the field a
 * message names); null within the bound. The server (settlePayments) and the till (before a sale
 * is completed on the device) apply the same rule.
 */
export function changeOverLimit(
  payments: readonly { methodId: string; amount: number }[],
  total: number,
  isCash: (methodId: string) => boolean,
): { change: number; received: number; field: string } | null {
  const tendered = payments.reduce((s, p) => s + p.amount, 0);
  const change = tendered - total;
  if (change <= LIMITS.maxChange) return null;
  const index = payments.findIndex((p) => p.amount > 0 && isCash(p.methodId));
  const received = payments.filter((p) => isCash(p.methodId)).reduce((s, p) => s + p.amount, 0);
  return { change, received, field: `payments.${Math.max(0, index)}.amount` };
}

/**
 * The refusal's message key and parameters (`errors.CHANGE_TOO_LARGE`, its field named by its
 * label when translated with translateValidation): the server's answer and the till's own.
 */
export function changeTooLargeDetail(over: { change: number; field: string }): {
  key: string;
  params: Record<string, string>;
} {
  return {
    key: 'errors.CHANGE_TOO_LARGE',
    params: {
      field: over.field,
      change: formatPiasters(over.change),
      max: formatPiasters(LIMITS.maxChange),
    },
  };
}
