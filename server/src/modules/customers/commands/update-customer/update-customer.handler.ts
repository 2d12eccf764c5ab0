import { CommandHandler } from '@nestjs/cqrs';
import {
  CommandRunner,
  TransactionalCommandHandler,
  type CommandTransaction,
} from '../../../../core/cqrs';
import { Errors } from '../../../../core/errors/app.exception';
import { assertMayGrantCredit, customerSearchText } from '../../customer-rules';
import { CustomerEntity } from '../../entities/customer.entities';
import { UpdateCustomerCommand } from './update-customer.command';

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
    const before = await m.findOne(CustomerEntity, {
      where: { id },
      lock: { mode: 'pessimistic_write' },
    });
    if (!before) throw Errors.notFound();
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
