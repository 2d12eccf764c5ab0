import { CommandHandler } from '@nestjs/cqrs';
import { normalizeCouponCode } from '@pos/contracts';
import {
  CommandRunner,
  TransactionalCommandHandler,
  type CommandTransaction,
} from '../../../../core/cqrs';
import { checkTerms, generateCode, insertCoupons } from '../../services/coupon-writes';
import { CreateCouponCommand } from './create-coupon.command';

/** CreateCoupon: the terms checked, the code kept in upper case (or generated); its id. */
@CommandHandler(CreateCouponCommand)
export class CreateCouponHandler extends TransactionalCommandHandler<
  CreateCouponCommand,
  { id: string }
> {
  constructor(runner: CommandRunner) {
    super(runner);
  }

  protected async handle(
    { dto, user }: CreateCouponCommand,
    tx: CommandTransaction,
  ): Promise<{ id: string }> {
    const { code: typed, ...terms } = dto;
    await checkTerms(tx, user, terms);
    const code = typed ? normalizeCouponCode(typed) : generateCode();
    const [id] = await insertCoupons(tx, user, [code], terms, null);
    tx.audit({
      action: 'coupon.create',
      entity: 'coupon',
      entityId: id,
      after: { code, ...terms },
    });
    return { id };
  }
}
