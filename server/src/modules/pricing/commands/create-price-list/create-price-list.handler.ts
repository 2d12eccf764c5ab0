import { CommandHandler } from '@nestjs/cqrs';
import { uuidv7 } from '../../../../core/database/ids';
import {
  CommandRunner,
  TransactionalCommandHandler,
  type CommandTransaction,
} from '../../../../core/cqrs';
import { PriceListEntity } from '../../entities/pricing.entities';
import { assertRuleScope, assertScopeIds, recordRuleChange } from '../../services/pricing-writes';
import { checkPriceList, priceListOf, type PriceListFields } from '../../services/rule-shapes';
import { CreatePriceListCommand } from './create-price-list.command';

/** CreatePriceList: checked as the engine will read it, in the caller's branch scope; answers its id. */
@CommandHandler(CreatePriceListCommand)
export class CreatePriceListHandler extends TransactionalCommandHandler<
  CreatePriceListCommand,
  { id: string }
> {
  constructor(runner: CommandRunner) {
    super(runner);
  }

  protected async handle(
    { dto, user }: CreatePriceListCommand,
    tx: CommandTransaction,
  ): Promise<{ id: string }> {
    const id = uuidv7();
    const fields: PriceListFields = {
      name: dto.name,
      kind: dto.kind,
      priority: dto.priority ?? 0,
      active: dto.active ?? true,
      validFrom: dto.validFrom ?? null,
      validTo: dto.validTo ?? null,
      branchIds: [...new Set(dto.branchIds ?? [])],
      customerGroupIds: [...new Set(dto.customerGroupIds ?? [])],
    };
    checkPriceList(priceListOf(id, fields));
    assertRuleScope(user, fields.branchIds);
    await assertScopeIds(tx.m, fields.branchIds, fields.customerGroupIds);
    await tx.m.insert(PriceListEntity, { id, ...fields, createdBy: user.id });
    await recordRuleChange(tx, {
      action: 'price-list.create',
      entity: 'price_list',
      entityId: id,
      after: fields,
    });
    return { id };
  }
}
