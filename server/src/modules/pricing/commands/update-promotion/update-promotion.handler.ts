import { CommandHandler } from '@nestjs/cqrs';
import {
  CommandRunner,
  TransactionalCommandHandler,
  type CommandTransaction,
} from '../../../../core/cqrs';
import type { PromotionUpdateDto } from '@pos/contracts';
import { lockRow, patchOf } from '../../../../core/database/updates';
import { PromotionEntity } from '../../entities/pricing.entities';
import { savePromotion } from '../../services/promotion-rows';
import { fieldsOfRow, type PromotionFields } from '../../services/rule-shapes';
import { UpdatePromotionCommand } from './update-promotion.command';

/** Fields that cannot be empty: a null sent for them changes nothing. */
const REQUIRED = [
  'name',
  'kind',
  'priority',
  'active',
  'exclusive',
  'stackable',
  'coupon',
] as const;

/**
 * UpdatePromotion: the row locked; the stored fields with the patch over them checked whole again
 * (a changed kind keeps only the new kind's fields); the old and new scope both the caller's.
 */
@CommandHandler(UpdatePromotionCommand)
export class UpdatePromotionHandler extends TransactionalCommandHandler<UpdatePromotionCommand> {
  constructor(runner: CommandRunner) {
    super(runner);
  }

  protected async handle(
    { id, dto, user }: UpdatePromotionCommand,
    tx: CommandTransaction,
  ): Promise<void> {
    const before = await lockRow(tx.m, PromotionEntity, id);
    const keys = Object.keys(dto) as (keyof PromotionUpdateDto)[];
    const patch = patchOf(dto, keys, REQUIRED) as PromotionFields;
    await savePromotion(tx, user, id, before, { ...fieldsOfRow(before), ...patch });
  }
}
