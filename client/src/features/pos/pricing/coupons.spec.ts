import type { CouponCheckDto } from '@pos/contracts';
import { ApiClientError } from '../../../shared/api/ApiClientError';
import { lookUpCoupon } from './coupons';

const state = (over: Partial<CouponCheckDto> = {}): CouponCheckDto => ({
  code: 'EID-2026',
  promotionId: 'p1',
  promotionName: 'كوبون العيد',
  active: true,
  customerId: null,
  validFrom: null,
  validTo: '2026-12-31',
  usesLeft: 1,
  maxUsesPerCustomer: null,
  customerUsesLeft: null,
  ...over,
});
const memory = () => {
  const m = new Map<string, string>();
  return {
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => m.set(k, v),
  };
};
const now = Date.parse('2026-12-06T10:00:00Z');
const offline = () =>
  Promise.reject(
    new ApiClientError({ status: 0, code: 'NETWORK', message: '', statusMessage: '' }),
  );

describe('a coupon code at the till', () => {
  it('asks the server, keeps the answer, and uses it offline', async () => {
    const storage = memory();
    const online = jest.fn().mockResolvedValue(state());
    const found = await lookUpCoupon(storage, ' eid-٢٠٢٦ ', null, now, online as never);
    expect(online).toHaveBeenCalledWith('/PricingRules/coupons/EID-2026', undefined);
    expect(found).toEqual({
      ok: true,
      coupon: { code: 'EID-2026', promotionId: 'p1', promotionName: 'كوبون العيد' },
    });
    expect(await lookUpCoupon(storage, 'EID-2026', null, now, offline as never)).toEqual(found);
    expect(await lookUpCoupon(storage, 'OTHER-1', null, now, offline as never)).toEqual({
      ok: false,
      problem: 'COUPON_OFFLINE_UNKNOWN',
    });
  });

  it('says why a code cannot be used', async () => {
    const ask = (s: CouponCheckDto, customerId: string | null = null) =>
      lookUpCoupon(memory(), s.code, customerId, now, (() => Promise.resolve(s)) as never);
    expect(await ask(state({ validTo: '2026-12-01' }))).toEqual({
      ok: false,
      problem: 'COUPON_EXPIRED',
    });
    expect(await ask(state({ usesLeft: 0 }))).toEqual({ ok: false, problem: 'COUPON_USED_UP' });
    expect(await ask(state({ customerId: 'c1' }), 'c2')).toEqual({
      ok: false,
      problem: 'COUPON_OTHER_CUSTOMER',
    });
    const missing = () =>
      Promise.reject(
        new ApiClientError({
          status: 404,
          code: 'COUPON_NOT_FOUND',
          message: '',
          statusMessage: '',
        }),
      );
    expect(await lookUpCoupon(memory(), 'NOPE-1', null, now, missing as never)).toEqual({
      ok: false,
      problem: 'COUPON_NOT_FOUND',
    });
    expect(await lookUpCoupon(memory(), 'a b', null, now)).toEqual({
      ok: false,
      problem: 'COUPON_INVALID',
    });
  });
});
