// Coupon codes (issue 33 item 3, docs/decisions/0086): what makes an entered code usable, the same
// check on the server (in the sale's transaction, on the locked code) and on the till (on what it
// was told when the code was entered, or had cached offline). Pure: the caller gives the instant.
import { localTime } from './time';
import { DEFAULT_TIME_ZONE } from './types';

/** A code: A–Z, 0–9 and '-', 3–40 characters, kept in upper case. */
export const COUPON_CODE_PATTERN = /^[A-Z0-9-]{3,40}$/;
/** Codes entered on one sale. */
export const COUPONS_PER_SALE = 5;

/** A typed or scanned code as stored: trimmed, upper case (Arabic-Indic digits as ASCII). */
export function normalizeCouponCode(raw: string): string {
  return raw
    .trim()
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[\u06F0-\u06F9]/g, (d) => String(d.charCodeAt(0) - 0x06f0))
    .toUpperCase();
}

/** What the server and the till know of a code when it is entered. */
export type CouponState = {
  code: string;
  promotionId: string;
  /** the code and its promotion are on */
  active: boolean;
  /** the one customer it is for; null: anyone */
  customerId: string | null;
  /** local days, YYYY-MM-DD, inclusive; null: open-ended */
  validFrom: string | null;
  validTo: string | null;
  /** redemptions left in all; null: no limit */
  usesLeft: number | null;
  /** limited per customer (the sale needs a customer); null: no such limit */
  maxUsesPerCustomer: number | null;
  /** redemptions left for the sale's customer; null: no such limit */
  customerUsesLeft: number | null;
};

/** Why a code cannot be used (an `errors.<code>` key); the limits are the last two. */
export const COUPON_PROBLEMS = [
  'COUPON_INACTIVE',
  'COUPON_NOT_STARTED',
  'COUPON_EXPIRED',
  'COUPON_OTHER_CUSTOMER',
  'COUPON_CUSTOMER_REQUIRED',
  'COUPON_USED_UP',
  'COUPON_CUSTOMER_LIMIT',
] as const;
export type CouponProblem = (typeof COUPON_PROBLEMS)[number] | 'COUPON_NOT_FOUND';

/** The first reason the code cannot be used on this sale, or null. */
export function couponProblem(
  c: CouponState,
  sale: { customerId: string | null; now: Date | string | number; timeZone?: string },
): CouponProblem | null {
  if (!c.active) return 'COUPON_INACTIVE';
  const today = localTime(sale.now, sale.timeZone ?? DEFAULT_TIME_ZONE).date;
  if (c.validFrom && today < c.validFrom) return 'COUPON_NOT_STARTED';
  if (c.validTo && today > c.validTo) return 'COUPON_EXPIRED';
  if (c.customerId && c.customerId !== sale.customerId) return 'COUPON_OTHER_CUSTOMER';
  if (c.maxUsesPerCustomer !== null && !sale.customerId) return 'COUPON_CUSTOMER_REQUIRED';
  if (c.usesLeft !== null && c.usesLeft <= 0) return 'COUPON_USED_UP';
  if (c.customerUsesLeft !== null && c.customerUsesLeft <= 0) return 'COUPON_CUSTOMER_LIMIT';
  return null;
}
