import { CommandHandler } from '@nestjs/cqrs';
import {
  CommandRunner,
  TransactionalCommandHandler,
  type CommandTransaction,
} from '../../../../core/cqrs';
import { Errors } from '../../../../core/errors/app.exception';
import { CustomerGroupMemberEntity } from '../../entities/pricing.entities';
import { invalid } from '../../services/rule-shapes';
import { SetCustomerGroupCommand } from './set-customer-group.command';

/**
 * SetCustomerGroup: the customer must exist (read, not written: customers own their table) and
 * the group be active; the link row replaced. Membership is not part of the rules, so the version
 * stays (the till reads a customer's group with the customer).
 */
@CommandHandler(SetCustomerGroupCommand)
export class SetCustomerGroupHandler extends TransactionalCommandHandler<SetCustomerGroupCommand> {
  constructor(runner: CommandRunner) {
    super(runner);
  }

  protected async handle(
    { customerId, dto, user }: SetCustomerGroupCommand,
    tx: CommandTransaction,
  ): Promise<void> {
    const { m } = tx;
    const [customer] = await m.query(`SELECT id FROM customers WHERE id = $1 FOR KEY SHARE`, [
      customerId,
    ]);
    if (!customer) throw Errors.notFound();
    if (dto.groupId) {
      const [group] = await m.query(
        `SELECT id FROM customer_groups WHERE id = $1 AND active FOR KEY SHARE`,
        [dto.groupId],
      );
      if (!group)
        throw invalid([{ key: 'validation.pricing.invalid', params: { field: 'groupId' } }]);
    }
    const [before] = (await m.query(
      `SELECT group_id AS "groupId" FROM customer_group_members WHERE customer_id = $1 FOR UPDATE`,
      [customerId],
    )) as { groupId: string }[];
    await m.delete(CustomerGroupMemberEntity, { customerId });
    if (dto.groupId)
      await m.insert(CustomerGroupMemberEntity, { customerId, groupId: dto.groupId });
    tx.audit({
      action: 'customer-group-member.set',
      entity: 'customer',
      entityId: customerId,
      before: { groupId: before?.groupId ?? null },
      after: { groupId: dto.groupId ?? null, by: user.id },
    });
  }
}
