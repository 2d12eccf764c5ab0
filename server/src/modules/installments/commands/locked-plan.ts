import { HttpStatus } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { AuthUser } from '../../../core/auth/auth.types';
import { AppException } from '../../../core/errors/app.exception';
import { lockCustomer } from '../../customers';
import { assertOpen, lockPlan, requestHash, type PlanRow } from '../plan-rules';

/** Where a request's id was written before: its plan (as `plan_id`) and its hash, by `$1` the id. */
export const PAYMENT_SEEN = 'SELECT plan_id, request_hash FROM installment_payments WHERE id = $1';

/**
 * The plan a command works on, locked, for the request `id` with `body`: a replay of the same
 * request answers `replayed` (nothing to write); the id used for another request is
 * INSTALLMENT_ID_CONFLICT (409). A new request needs an open plan and locks its customer too.
 */
export async function lockPlanFor(
  m: EntityManager,
  planId: string,
  user: AuthUser,
  request: { id: string; body: unknown; seen: string },
): Promise<{ plan: PlanRow; hash: string; replayed: boolean }> {
  const plan = await lockPlan(m, planId, user);
  const hash = requestHash(request.body);
  const [seen] = await m.query(request.seen, [request.id]);
  if (seen) {
    if (seen.plan_id !== planId || seen.request_hash !== hash)
      throw new AppException('INSTALLMENT_ID_CONFLICT', HttpStatus.CONFLICT);
    return { plan, hash, replayed: true };
  }
  assertOpen(plan);
  await lockCustomer(m, plan.customerId);
  return { plan, hash, replayed: false };
}
