// A coupon code entered at the till (issue 33 item 3, docs/decisions/0086): asked of the server
// (GET /api/PricingRules/coupons/:code), checked with the contracts' couponProblem (the rule the
// sale applies again, locked, on the server) and kept on the device, so a till offline accepts a
// code it has seen; one it has never seen cannot be entered offline.
import {
  COUPON_CODE_PATTERN,
  couponProblem,
  normalizeCouponCode,
  type CouponCheckDto,
  type CouponProblem,
} from '@pos/contracts';
import { http, isApiClientError } from '../../../shared/api/http';
import type { TillCoupon } from '../../../shared/lib/cart';

type Store = Pick<Storage, 'getItem' | 'setItem'>;
type Kept = Record<string, CouponCheckDto & { askedFor: string | null }>;

const KEY = 'pos.coupons';
/** Codes kept on the device (the most recent). */
const KEEP = 200;

function kept(storage: Store | null): Kept {
  try {
    return JSON.parse(storage?.getItem(KEY) ?? '{}') as Kept;
  } catch {
    return {};
  }
}

function keep(storage: Store | null, state: CouponCheckDto, customerId: string | null): void {
  const all = kept(storage);
  delete all[state.code];
  all[state.code] = { ...state, askedFor: customerId };
  const codes = Object.keys(all);
  for (const old of codes.slice(0, Math.max(0, codes.length - KEEP))) delete all[old];
  try {
    storage?.setItem(KEY, JSON.stringify(all));
  } catch {
    // a full storage: the code is known for this session's sale only
  }
}

export type CouponLookup =
  | { ok: true; coupon: TillCoupon }
  | { ok: false; problem: CouponProblem | 'COUPON_INVALID' | 'COUPON_OFFLINE_UNKNOWN' };

/**
 * The code checked for this cart's customer at `now`: the server's answer (kept), or offline the
 * kept one (its per-customer count only for the customer it was asked for).
 */
export async function lookUpCoupon(
  storage: Store | null,
  raw: string,
  customerId: string | null,
  now: Date | number,
  fetcher: typeof http.get = http.get,
): Promise<CouponLookup> {
  const code = normalizeCouponCode(raw);
  if (!COUPON_CODE_PATTERN.test(code)) return { ok: false, problem: 'COUPON_INVALID' };
  let state: CouponCheckDto;
  try {
    state = await fetcher<CouponCheckDto>(
      `/PricingRules/coupons/${encodeURIComponent(code)}`,
      customerId ? { customerId } : undefined,
    );
    keep(storage, state, customerId);
  } catch (err) {
    if (isApiClientError(err) && err.status === 404)
      return { ok: false, problem: 'COUPON_NOT_FOUND' };
    if (isApiClientError(err) && err.status > 0 && err.status < 500) throw err;
    const known = kept(storage)[code];
    if (!known) return { ok: false, problem: 'COUPON_OFFLINE_UNKNOWN' };
    state = known.askedFor === customerId ? known : { ...known, customerUsesLeft: null };
  }
  const problem = couponProblem(state, { customerId, now });
  if (problem) return { ok: false, problem };
  return {
    ok: true,
    coupon: {
      code: state.code,
      promotionId: state.promotionId,
      promotionName: state.promotionName,
    },
  };
}
