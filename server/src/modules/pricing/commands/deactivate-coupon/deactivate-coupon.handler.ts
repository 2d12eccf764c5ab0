import { CommandHandler } from '@nestjs/cqrs';
import {
  CommandRunner,
  TransactionalCommandHandler,
  type CommandTransaction,
} from '../../../../core/cqrs';
import { lockRow } from '../../../../core/database/updates';
import { CouponEntity } from '../../entities/pricing.entities';
import { assertRuleScope } from '../../services/pricing-writes';
import { DeactivateCouponCommand } from './deactivate-coupon.command';

/** DeactivateCoupon: the code locked (a sale redeeming it finishes first); a no-op when off. */
@CommandHandler(DeactivateCouponCommand)
export class DeactivateCouponHandler extends TransactionalCommandHandler<DeactivateCouponCommand> {
  constructor(runner: CommandRunner) {
    super(runner);
  }

  protected async handle({ id, user }: DeactivateCouponCommand, tx: CommandTransaction) {
    const before = await lockRow(tx.m, CouponEntity, id);
    const [promo] = (await tx.m.query(
      `SELECT branch_ids AS "branchIds" FROM promotions WHERE id = $1`,
      [before.promotionId],
    )) as { branchIds: string[] }[];
    assertRuleScope(user, promo.branchIds);
    if (!before.active) return;
    await tx.m.update(CouponEntity, { id }, { active: false });
    tx.audit({
      action: 'coupon.deactivate',
      entity: 'coupon',
      entityId: id,
      before: { active: true },
      after: { active: false, code: before.code },
    });
  }
}
