// Money is integer piasters (DESIGN.md §4). Percentages apply with half-up rounding.
export type Piasters = number;

/** amount × percent / 100, rounded half up (away from zero for negatives), in piasters. */
export function percentOf(amount: Piasters, percent: number): Piasters {
  if (!Number.isSafeInteger(amount)) throw new RangeError('amount must be integer piasters');
  const raw = (amount * percent) / 100;
  return Math.sign(raw) * Math.floor(Math.abs(raw) + 0.5);
}

/** Format piasters as pounds with two decimals, no float arithmetic. */
export function formatPiasters(amount: Piasters): string {
  const sign = amount < 0 ? '-' : '';
  const abs = Math.abs(amount);
  const pounds = Math.floor(abs / 100).toLocaleString('en-US');
  const piasters = String(abs % 100).padStart(2, '0');
  return `${sign}${pounds}.${piasters}`;
}

/**
 * The currency sign, written one way per language after the amount ("1,234.50 ج.م",
 * "1,234.50 EGP"): the screens' "{{amount}} ج.م" strings and the workbooks' money format.
 */
export const CURRENCY = { ar: 'ج.م', en: 'EGP' } as const;
