// The coupon codes a sale entered (issue 33 item 3, docs/decisions/0086), checked and redeemed in
// the sale's own transaction: the pricing module owns the codes, the sales module calls this.
import { HttpStatus, Injectable } from '@nestjs/common';
import { uuidv7 } from '../../../core/database/ids';
import type { EntityManager } from 'typeorm';
import {
  couponProblem,
  normalizeCouponCode,
  type CouponProblem,
  type CouponState,
  type EnteredCoupon,
  type UsedCoupon,
} from '@pos/contracts';
import { AppException } from '../../../core/errors/app.exception';

/** A code as the sale found it: its row id, what the engine takes, over its limits (offline). */
export type SaleCoupon = EnteredCoupon & { couponId: string; overLimit: boolean };

/** An offline sale's coupon problem, for the sales module's flag (`coupon_refused`). */
export type CouponWaive = (detail: { code: string; reason: CouponProblem; field: string }) => void;

type LockedRow = {
  id: string;
  code: string;
  promotion_id: string;
  customer_id: string | null;
  valid_from: string | null;
  valid_to: string | null;
  max_uses: number | null;
  max_uses_per_customer: number | null;
  uses: number;
  active: boolean;
  promotion_on: boolean;
};

const STATE_OF = `c.id, c.code, c.promotion_id, c.customer_id,
  to_char(c.valid_from, 'YYYY-MM-DD') AS valid_from, to_char(c.valid_to, 'YYYY-MM-DD') AS valid_to,
  c.max_uses, c.max_uses_per_customer, c.uses, c.active, (p.active AND p.coupon) AS promotion_on`;

/** What a locked row says of the code for this sale (its customer's and this sale's uses given). */
function stateOf(r: LockedRow, customerUses: number, thisSale: boolean): CouponState {
  // a sale seen before (a retry) counts as not having used its own redemption yet
  const own = thisSale ? 1 : 0;
  return {
    code: r.code,
    promotionId: r.promotion_id,
    active: r.active && r.promotion_on,
    customerId: r.customer_id,
    validFrom: r.valid_from,
    validTo: r.valid_to,
    usesLeft: r.max_uses === null ? null : r.max_uses - r.uses + own,
    maxUsesPerCustomer: r.max_uses_per_customer,
    customerUsesLeft:
      r.max_uses_per_customer === null ? null : r.max_uses_per_customer - customerUses + own,
  };
}

@Injectable()
export class SaleCoupons {
  /**
   * The sale's codes locked (in code order, so two sales never wait on each other crosswise) and
   * checked: each exists, is on, is within its days at `now`, is for this customer if bound, and
   * has uses left in all and for the customer. Online a problem is a 400 naming `coupons.<i>`; a
   * sale rung offline has happened: a known code is taken past its rules and reported to `waive`
   * (redeemed `over_limit`), an unknown one is dropped and reported.
   */
  async check(
    m: EntityManager,
    raw: string[] | undefined,
    sale: { saleId: string; customerId: string | null; now: Date | string },
    waive?: CouponWaive,
  ): Promise<SaleCoupon[]> {
    if (!raw?.length) return [];
    const fields = new Map<string, string>();
    raw.forEach((c, i) => {
      const code = normalizeCouponCode(c);
      if (!fields.has(code)) fields.set(code, `coupons.${i}`);
    });
    const codes = [...fields.keys()].sort();
    const rows = (await m.query(
      `SELECT ${STATE_OF} FROM coupons c JOIN promotions p ON p.id = c.promotion_id
        WHERE c.code = ANY($1::text[]) ORDER BY c.code FOR UPDATE OF c`,
      [codes],
    )) as LockedRow[];
    // read after the locks (a new snapshot): redemptions a sale that held a code just committed
    const uses = rows.length
      ? ((await m.query(
          `SELECT coupon_id AS id, count(*) FILTER (WHERE customer_id = $2)::int AS customer,
                  bool_or(sale_id = $3) AS mine
             FROM coupon_redemptions WHERE coupon_id = ANY($1::uuid[]) AND (customer_id = $2 OR sale_id = $3)
            GROUP BY coupon_id`,
          [rows.map((r) => r.id), sale.customerId, sale.saleId],
        )) as { id: string; customer: number; mine: boolean }[])
      : [];
    const usesOf = new Map(uses.map((u) => [u.id, u]));
    const byCode = new Map(rows.map((r) => [r.code, r]));
    const out: SaleCoupon[] = [];
    for (const code of codes) {
      const field = fields.get(code)!;
      const row = byCode.get(code);
      const refuse = (reason: CouponProblem) => {
        if (!waive)
          throw new AppException(reason, HttpStatus.BAD_REQUEST, { code, field }, [
            { key: `errors.${reason}`, params: { code, field } },
          ]);
        waive({ code, reason, field });
      };
      if (!row) {
        refuse('COUPON_NOT_FOUND');
        continue;
      }
      const u = usesOf.get(row.id);
      const problem = couponProblem(stateOf(row, u?.customer ?? 0, !!u?.mine), {
        customerId: sale.customerId,
        now: sale.now,
      });
      if (problem) refuse(problem);
      out.push({
        code,
        promotionId: row.promotion_id,
        couponId: row.id,
        overLimit: !!problem,
      });
    }
    return out;
  }

  /**
   * The codes the sale used (`used`: those whose promotion gave it something), redeemed: one row per sale and code (a
   * retried sale inserts nothing and counts nothing again), each code's uses counted.
   */
  async redeem(
    m: EntityManager,
    checked: SaleCoupon[],
    used: UsedCoupon[],
    sale: { saleId: string; customerId: string | null },
  ): Promise<void> {
    const amounts = new Map(used.map((u) => [u.code, u.amount]));
    const taken = checked.filter((c) => amounts.has(c.code));
    if (!taken.length) return;
    await m.query(
      `WITH ins AS (
         INSERT INTO coupon_redemptions (id, coupon_id, sale_id, customer_id, amount, over_limit)
         SELECT t.id, t.cid, $3::uuid, $4::uuid, t.amount, t.over
           FROM unnest($1::uuid[], $2::uuid[], $5::bigint[], $6::boolean[]) AS t(id, cid, amount, over)
         ON CONFLICT (sale_id, coupon_id) DO NOTHING
         RETURNING coupon_id)
       UPDATE coupons SET uses = uses + 1, updated_at = now() WHERE id IN (SELECT coupon_id FROM ins)`,
      [
        taken.map(() => uuidv7()),
        taken.map((c) => c.couponId),
        sale.saleId,
        sale.customerId,
        taken.map((c) => amounts.get(c.code)!),
        taken.map((c) => c.overLimit),
      ],
    );
  }
}
