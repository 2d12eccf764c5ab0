import { CommandHandler } from '@nestjs/cqrs';
import {
  CommandRunner,
  TransactionalCommandHandler,
  type CommandTransaction,
} from '../../../../core/cqrs';
import { assertMayGrantCredit, customerSearchText } from '../../customer-rules';
import { CustomerEntity } from '../../entities/customer.entities';
import { UpdateCustomerCommand } from './update-customer.command';
import { lockRow } from '../../../../core/database/updates';

/** UpdateCustomer: the row locked; a changed credit limit needs can_grant_credit. */
@CommandHandler(UpdateCustomerCommand)
export class UpdateCustomerHandler extends TransactionalCommandHandler<UpdateCustomerCommand> {
  constructor(runner: CommandRunner) {
    super(runner);
  }

  protected async handle(
    { customerId: id, dto, user }: UpdateCustomerCommand,
    tx: CommandTransaction,
  ): Promise<void> {
    const { m } = tx;
    const before = await lockRow(m, CustomerEntity, id);
    assertMayGrantCredit(user, dto.creditLimit, Number(before.creditLimit));
    assertMayGrantCredit(user, dto.paymentTermsDays, before.paymentTermsDays);
    const patch: Partial<CustomerEntity> = { ...dto };
    if (dto.name !== undefined) patch.name = dto.name.trim();
    const next = { ...before, ...patch };
    patch.searchText = customerSearchText(next);
    await m.update(CustomerEntity, { id }, patch);
    tx.audit({ action: 'customer.update', entity: 'customer', entityId: id, before, after: next });
  }
}
