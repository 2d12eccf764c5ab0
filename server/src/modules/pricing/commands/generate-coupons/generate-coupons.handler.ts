import { CommandHandler } from '@nestjs/cqrs';
import {
  CommandRunner,
  TransactionalCommandHandler,
  type CommandTransaction,
} from '../../../../core/cqrs';
import { checkTerms, generateCode, insertCoupons } from '../../services/coupon-writes';
import { GenerateCouponsCommand } from './generate-coupons.command';

/**
 * GenerateCoupons: `count` random codes (8 characters from 31: a clash among a store's codes is
 * all but impossible, and one would fail the batch on the unique code, to be asked again), one
 * batch name to list them by; answers the batch and its codes.
 */
@CommandHandler(GenerateCouponsCommand)
export class GenerateCouponsHandler extends TransactionalCommandHandler<
  GenerateCouponsCommand,
  { batch: string; codes: string[] }
> {
  constructor(runner: CommandRunner) {
    super(runner);
  }

  protected async handle(
    { dto, user }: GenerateCouponsCommand,
    tx: CommandTransaction,
  ): Promise<{ batch: string; codes: string[] }> {
    const { count, prefix, ...terms } = dto;
    await checkTerms(tx, user, terms);
    const codes = new Set<string>();
    while (codes.size < count) codes.add(generateCode(prefix));
    const batch = `${prefix ? `${prefix.toUpperCase()} ` : ''}${new Date().toISOString()}`;
    await insertCoupons(tx, user, [...codes], terms, batch);
    tx.audit({
      action: 'coupon.generate',
      entity: 'coupon',
      entityId: terms.promotionId,
      after: { batch, count, ...terms },
    });
    return { batch, codes: [...codes] };
  }
}
