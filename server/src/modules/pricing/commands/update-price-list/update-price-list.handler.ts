import { CommandHandler } from '@nestjs/cqrs';
import {
  CommandRunner,
  TransactionalCommandHandler,
  type CommandTransaction,
} from '../../../../core/cqrs';
import { lockRow, patchOf } from '../../../../core/database/updates';
import { PriceListEntity } from '../../entities/pricing.entities';
import { assertRuleScope, assertScopeIds, recordRuleChange } from '../../services/pricing-writes';
import { checkPriceList, priceListOf, type PriceListFields } from '../../services/rule-shapes';
import { UpdatePriceListCommand } from './update-price-list.command';

const KEYS = [
  'name',
  'kind',
  'priority',
  'active',
  'validFrom',
  'validTo',
  'branchIds',
  'customerGroupIds',
] as const;

/** Fields that cannot be empty: a null sent for them changes nothing. */
const REQUIRED = ['name', 'kind', 'priority', 'active', 'branchIds', 'customerGroupIds'];

/**
 * UpdatePriceList: the row locked; the list as it was and as it will be both in the caller's
 * branch scope; the whole list checked again (a new `validTo` against the old `validFrom`).
 */
@CommandHandler(UpdatePriceListCommand)
export class UpdatePriceListHandler extends TransactionalCommandHandler<UpdatePriceListCommand> {
  constructor(runner: CommandRunner) {
    super(runner);
  }

  protected async handle(
    { id, dto, user }: UpdatePriceListCommand,
    tx: CommandTransaction,
  ): Promise<void> {
    const before = await lockRow(tx.m, PriceListEntity, id);
    // null clears a date; on a field that cannot be empty it changes nothing
    const patch = patchOf(dto, KEYS, REQUIRED) as Partial<PriceListFields>;
    if (patch.branchIds) patch.branchIds = [...new Set(patch.branchIds)];
    if (patch.customerGroupIds) patch.customerGroupIds = [...new Set(patch.customerGroupIds)];
    const next: PriceListFields = { ...pick(before), ...patch };
    assertRuleScope(user, before.branchIds, next.branchIds);
    checkPriceList(priceListOf(id, next));
    await assertScopeIds(tx.m, next.branchIds, next.customerGroupIds);
    await tx.m.update(PriceListEntity, { id }, patch);
    await recordRuleChange(tx, {
      action: 'price-list.update',
      entity: 'price_list',
      entityId: id,
      before: pick(before),
      after: next,
    });
  }
}

const pick = (row: PriceListEntity): PriceListFields => ({
  name: row.name,
  kind: row.kind,
  priority: row.priority,
  active: row.active,
  validFrom: row.validFrom,
  validTo: row.validTo,
  branchIds: row.branchIds,
  customerGroupIds: row.customerGroupIds,
});
