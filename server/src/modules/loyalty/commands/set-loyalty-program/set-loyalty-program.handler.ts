import { CommandHandler } from '@nestjs/cqrs';
import { uuidv7 } from '../../../../core/database/ids';
import {
  CommandRunner,
  TransactionalCommandHandler,
  type CommandTransaction,
} from '../../../../core/cqrs';
import { loyaltyProgram, type LoyaltyProgram } from '../../services/loyalty-ledger';
import { SetLoyaltyProgramCommand } from './set-loyalty-program.command';

/**
 * SetLoyaltyProgram: the program row locked (sales moving points hold it shared, so none is
 * halfway through under the old value). A new point value revalues the points held: one `revalue`
 * ledger row per customer holding points (its value = points × the change) and one entry moving
 * the liability by the total against the loyalty expense — the liability stays points × value.
 */
@CommandHandler(SetLoyaltyProgramCommand)
export class SetLoyaltyProgramHandler extends TransactionalCommandHandler<
  SetLoyaltyProgramCommand,
  LoyaltyProgram
> {
  constructor(runner: CommandRunner) {
    super(runner);
  }

  protected async handle(
    { dto, user }: SetLoyaltyProgramCommand,
    tx: CommandTransaction,
  ): Promise<LoyaltyProgram> {
    const { m } = tx;
    const before = await loyaltyProgram(m, 'update');
    await m.query(
      `UPDATE loyalty_program SET enabled = $1, spend_per_point = $2, point_value = $3, updated_at = now() WHERE id = 1`,
      [dto.enabled, dto.spendPerPoint, dto.pointValue],
    );
    const change = dto.pointValue - before.pointValue;
    const id = uuidv7();
    if (change !== 0) {
      const [{ value }] = await m.query(
        `WITH r AS (
           INSERT INTO loyalty_ledger (id, customer_id, type, points, value, points_after, reference_type, reference_id, user_id, created_at)
           SELECT gen_random_uuid(), b.customer_id, 'revalue', 0, b.points * $2::bigint, b.points, 'loyalty_program', $1::uuid, $3::uuid, clock_timestamp()
             FROM loyalty_balances b WHERE b.points > 0
           RETURNING value)
         SELECT COALESCE(sum(value), 0)::bigint AS value FROM r`,
        [id, change, user.id],
      );
      if (Number(value) !== 0)
        await tx.raise('loyalty.moved', {
          kind: 'revalue',
          customerId: null,
          points: 0,
          value: Number(value),
          referenceType: 'loyalty_program',
          referenceId: id,
          branchId: null,
          userId: user.id,
        });
    }
    tx.audit({
      action: 'loyalty.program',
      entity: 'loyalty_program',
      entityId: id,
      before,
      after: { ...dto },
    });
    return loyaltyProgram(m);
  }
}
