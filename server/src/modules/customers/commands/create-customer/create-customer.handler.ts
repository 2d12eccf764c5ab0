import { CommandHandler } from '@nestjs/cqrs';
import { uuidv7 } from '../../../../core/database/ids';
import {
  CommandRunner,
  TransactionalCommandHandler,
  type CommandTransaction,
} from '../../../../core/cqrs';
import { assertMayGrantCredit, customerSearchText } from '../../customer-rules';
import { CustomerEntity } from '../../entities/customer.entities';
import { CreateCustomerCommand } from './create-customer.command';

/** CreateCustomer: a zero balance; a credit limit only from a holder of can_grant_credit. Returns the id. */
@CommandHandler(CreateCustomerCommand)
export class CreateCustomerHandler extends TransactionalCommandHandler<
  CreateCustomerCommand,
  string
> {
  constructor(runner: CommandRunner) {
    super(runner);
  }

  protected async handle(
    { dto, user }: CreateCustomerCommand,
    tx: CommandTransaction,
  ): Promise<string> {
    assertMayGrantCredit(user, dto.creditLimit);
    assertMayGrantCredit(user, dto.paymentTermsDays, null);
    const id = uuidv7();
    await tx.m.insert(CustomerEntity, {
      id,
      name: dto.name.trim(),
      phone: dto.phone ?? null,
      phone2: dto.phone2 ?? null,
      address: dto.address ?? null,
      nationalId: dto.nationalId ?? null,
      taxId: dto.taxId ?? null,
      creditLimit: dto.creditLimit ?? 0,
      paymentTermsDays: dto.paymentTermsDays ?? null,
      balance: 0,
      searchText: customerSearchText(dto),
    });
    tx.audit({ action: 'customer.create', entity: 'customer', entityId: id, after: dto });
    return id;
  }
}
