// Coupon codes written (issue 33 item 3): the terms checked (a coupon promotion in the caller's
// branch scope, a customer that exists, from ≤ to), codes generated from an alphabet without
// look-alikes, rows inserted in one statement (a taken code is a 400 UNIQUE_VIOLATION).
import { randomInt } from 'node:crypto';
import { HttpStatus } from '@nestjs/common';
import { uuidv7 } from '../../../core/database/ids';
import type { AuthUser } from '../../../core/auth/auth.types';
import type { CommandTransaction } from '../../../core/cqrs';
import { AppException } from '../../../core/errors/app.exception';
import type { CouponCreateDto } from '@pos/contracts';
import { assertRuleScope } from './pricing-writes';
import { invalid } from './rule-shapes';

/** No 0/O, 1/I/L: a code read aloud or typed from paper is typed right. */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const RANDOM_LENGTH = 8;

/** `prefix-XXXXXXXX` (or the random part alone), upper case. */
export function generateCode(prefix?: string): string {
  let out = '';
  for (let i = 0; i < RANDOM_LENGTH; i++) out += ALPHABET[randomInt(ALPHABET.length)];
  return prefix ? `${prefix.toUpperCase()}-${out}` : out;
}

export type CouponTerms = Omit<CouponCreateDto, 'code'>;

/** The terms checked; the promotion's branch scope the caller's. */
export async function checkTerms(tx: CommandTransaction, user: AuthUser, t: CouponTerms) {
  const [promo] = (await tx.m.query(
    `SELECT coupon, branch_ids AS "branchIds" FROM promotions WHERE id = $1`,
    [t.promotionId],
  )) as { coupon: boolean; branchIds: string[] }[];
  if (!promo)
    throw invalid([{ key: 'validation.pricing.invalid', params: { field: 'promotionId' } }]);
  if (!promo.coupon)
    throw new AppException('COUPON_NOT_A_COUPON_OFFER', HttpStatus.BAD_REQUEST, {}, [
      { key: 'errors.COUPON_NOT_A_COUPON_OFFER', params: { field: 'promotionId' } },
    ]);
  assertRuleScope(user, promo.branchIds);
  if (t.customerId) {
    const [c] = (await tx.m.query(`SELECT 1 FROM customers WHERE id = $1`, [
      t.customerId,
    ])) as unknown[];
    if (!c) throw invalid([{ key: 'validation.pricing.invalid', params: { field: 'customerId' } }]);
  }
  if (t.validFrom && t.validTo && t.validFrom > t.validTo)
    throw invalid([{ key: 'validation.pricing.invalid', params: { field: 'validTo' } }]);
}

/** Codes inserted with the same terms; their ids in the codes' order. */
export async function insertCoupons(
  tx: CommandTransaction,
  user: AuthUser,
  codes: string[],
  t: CouponTerms,
  batch: string | null,
): Promise<string[]> {
  const ids = codes.map(() => uuidv7());
  await tx.m.query(
    `INSERT INTO coupons (id, code, promotion_id, customer_id, valid_from, valid_to, max_uses,
       max_uses_per_customer, batch, created_by)
     SELECT t.id, t.code, $3::uuid, $4::uuid, $5::date, $6::date, $7::int, $8::int, $9::text, $10::uuid
       FROM unnest($1::uuid[], $2::text[]) AS t(id, code)`,
    [
      ids,
      codes,
      t.promotionId,
      t.customerId ?? null,
      t.validFrom ?? null,
      t.validTo ?? null,
      t.maxUses ?? null,
      t.maxUsesPerCustomer ?? null,
      batch,
      user.id,
    ],
  );
  return ids;
}
