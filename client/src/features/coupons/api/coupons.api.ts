import {
  COUPONS_PATH,
  PROMOTIONS_PATH,
  type CouponBatchDto,
  type CouponCreateDto,
  type CouponRowDto,
  type PromotionRowDto,
} from '@pos/contracts';
import { http } from '../../../shared/api/http';

// The coupon codes' calls (/api/Coupons, issue 33 item 3, docs/decisions/0086 and 0093).

export type CouponListQuery = {
  page: number;
  pageSize: number;
  q?: string;
  active?: string;
  promotionId?: string;
};

const all = ['coupons'] as const;
export const couponKeys = {
  all,
  list: (query: CouponListQuery) => [...all, 'list', query] as const,
  promotions: [...all, 'promotions'] as const,
};

export const couponsApi = {
  list: (query: CouponListQuery) => http.list<CouponRowDto>(COUPONS_PATH, query),
  create: (body: CouponCreateDto) => http.post<{ id: string }>(COUPONS_PATH, body),
  batch: (body: CouponBatchDto) =>
    http.post<{ batch: string; codes: string[] }>(`${COUPONS_PATH}/batch`, body),
  deactivate: (couponId: string) =>
    http.post(`${COUPONS_PATH}/${encodeURIComponent(couponId)}/deactivate`, {}),
  /** The coupon promotions a code can belong to (a store holds a few hundred promotions at most). */
  promotions: async () =>
    (await http.list<PromotionRowDto>(PROMOTIONS_PATH, { page: 1, pageSize: 500 })).rows.filter(
      (p) => p.coupon,
    ),
};
