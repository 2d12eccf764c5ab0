import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import {
  normalizeCouponCode,
  type CouponCheckDto,
  type CouponListQueryDto,
  type CouponRowDto,
} from '@pos/contracts';
import type { AuthUser } from '../../../core/auth/auth.types';
import { askedBranch } from '../../../core/auth/branch-scope';
import { AppException, Errors } from '../../../core/errors/app.exception';
import { ListFilter, listPage } from '../../../core/http/list';

const COLUMNS = `t.id, t.code, t.promotion_id AS "promotionId", p.name AS "promotionName",
  t.customer_id AS "customerId", cu.name AS "customerName",
  to_char(t.valid_from, 'YYYY-MM-DD') AS "validFrom", to_char(t.valid_to, 'YYYY-MM-DD') AS "validTo",
  t.max_uses AS "maxUses", t.max_uses_per_customer AS "maxUsesPerCustomer", t.uses, t.active,
  t.batch, t.created_at AS "createdAt"`;
const FROM = `FROM coupons t JOIN promotions p ON p.id = t.promotion_id
  LEFT JOIN customers cu ON cu.id = t.customer_id`;
/** A code reaches a branch when its promotion does. */
const REACHES = (p: string) => `(p.branch_ids = '{}' OR ${p} = ANY(p.branch_ids))`;

/** Reads of coupon codes: the list (by promotion, customer, active, code), one, a till's check. */
@Injectable()
export class CouponQueries {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  listCoupons(query: CouponListQueryDto, user: AuthUser) {
    const filter = new ListFilter()
      .add('t.promotion_id = ?', query.promotionId)
      .add('t.customer_id = ?', query.customerId)
      .typed(query.q, (p) => `(t.code ILIKE ${p} OR t.batch ILIKE ${p})`);
    if (query.active) filter.push(`t.active = ${filter.param(query.active === 'true')}`);
    const branch = askedBranch(user);
    if (branch) filter.push(REACHES(`${filter.param(branch)}::uuid`));
    return listPage<CouponRowDto>(this.ds, query, filter, {
      count: `SELECT count(*)::int AS total ${FROM}`,
      select: `SELECT ${COLUMNS} ${FROM}`,
      sorts: { code: 't.code', createdAt: 't.created_at', uses: 't.uses', validTo: 't.valid_to' },
      sort: '-createdAt',
      tie: 't.id',
    });
  }

  async getCoupon(id: string, user: AuthUser): Promise<CouponRowDto> {
    const branch = askedBranch(user);
    const [row] = (await this.ds.query(
      `SELECT ${COLUMNS} ${FROM} WHERE t.id = $1 ${branch ? `AND ${REACHES('$2::uuid')}` : ''}`,
      branch ? [id, branch] : [id],
    )) as CouponRowDto[];
    if (!row) throw Errors.notFound();
    return row;
  }

  /**
   * A code as the till checks it when it is entered (and keeps it for offline): what it unlocks and
   * its terms, uses left in all and for the customer; the till runs couponProblem on it. The sale
   * checks it again, locked, in its transaction. An unknown code (or one of a promotion that does
   * not reach the user's branch): 404 COUPON_NOT_FOUND.
   */
  async checkCoupon(raw: string, customerId: string | undefined, user: AuthUser) {
    const code = normalizeCouponCode(raw);
    const branch = askedBranch(user);
    const [row] = (await this.ds.query(
      `SELECT t.code, t.promotion_id AS "promotionId", p.name AS "promotionName",
              (t.active AND p.active AND p.coupon) AS active, t.customer_id AS "customerId",
              to_char(t.valid_from, 'YYYY-MM-DD') AS "validFrom", to_char(t.valid_to, 'YYYY-MM-DD') AS "validTo",
              CASE WHEN t.max_uses IS NULL THEN NULL ELSE greatest(t.max_uses - t.uses, 0) END AS "usesLeft",
              t.max_uses_per_customer AS "maxUsesPerCustomer",
              CASE WHEN t.max_uses_per_customer IS NULL OR $2::uuid IS NULL THEN NULL
                   ELSE greatest(t.max_uses_per_customer - (SELECT count(*)::int FROM coupon_redemptions r
                     WHERE r.coupon_id = t.id AND r.customer_id = $2::uuid), 0) END AS "customerUsesLeft"
         ${FROM} WHERE t.code = $1 ${branch ? `AND ${REACHES('$3::uuid')}` : ''}`,
      branch ? [code, customerId ?? null, branch] : [code, customerId ?? null],
    )) as CouponCheckDto[];
    if (!row)
      throw new AppException('COUPON_NOT_FOUND', HttpStatus.NOT_FOUND, {}, [
        { key: 'errors.COUPON_NOT_FOUND', params: { code, field: 'coupons' } },
      ]);
    return row;
  }
}
