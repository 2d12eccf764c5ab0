// A promotion written from its flat fields: checked (the kind's fields, the engine's rules), in
// the caller's branch scope, its scope's ids existing; inserted or updated, the version raised.
import type { AuthUser } from '../../../core/auth/auth.types';
import type { CommandTransaction } from '../../../core/cqrs';
import { PromotionEntity } from '../entities/pricing.entities';
import { assertRuleScope, assertScopeIds, recordRuleChange } from './pricing-writes';
import { fieldsOfRow, paramsOf, plain, promotionOf, type PromotionFields } from './rule-shapes';

export async function savePromotion(
  tx: CommandTransaction,
  user: AuthUser,
  id: string,
  before: PromotionEntity | null,
  fields: PromotionFields,
): Promise<void> {
  const f: PromotionFields = {
    ...fields,
    branchIds: [...new Set(fields.branchIds ?? [])],
    customerGroupIds: [...new Set(fields.customerGroupIds ?? [])],
  };
  const promotion = promotionOf(id, f);
  assertRuleScope(user, ...(before ? [before.branchIds] : []), f.branchIds!);
  await assertScopeIds(tx.m, f.branchIds!, f.customerGroupIds!);
  const row = {
    name: promotion.name,
    kind: promotion.kind,
    params: paramsOf(f),
    timeWindow: promotion.window ?? null,
    branchIds: f.branchIds!,
    customerGroupIds: f.customerGroupIds!,
    priority: promotion.priority,
    exclusive: promotion.exclusive ?? false,
    stackable: promotion.stackable ?? false,
    coupon: promotion.coupon ?? false,
    active: promotion.active,
  };
  // (TypeORM's deep-partial type does not take a jsonb column typed as an open record)
  if (before) await tx.m.update(PromotionEntity, { id }, row as never);
  else await tx.m.insert(PromotionEntity, { id, ...row, createdBy: user.id } as never);
  await recordRuleChange(tx, {
    action: before ? 'promotion.update' : 'promotion.create',
    entity: 'promotion',
    entityId: id,
    before: before ? plain(fieldsOfRow(before)) : null,
    after: plain(fieldsOfRow(row)),
  });
}
