import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CreateCustomerHandler } from './commands/create-customer/create-customer.handler';
import { UpdateCustomerHandler } from './commands/update-customer/update-customer.handler';
import { ReceiveCustomerPaymentHandler } from './commands/receive-customer-payment/receive-customer-payment.handler';
import { CustomerDebtsController } from './controllers/customer-debts.controller';
import { CustomersController } from './controllers/customers.controller';
import { CustomerPostJournalHandler } from './events/on-customer-events.post-journal.handler';
import { CustomerDebtsQueries } from './queries/customer-debts.queries';
import { CustomersService } from './queries/customers.queries';
import { CustomerEntity, CustomerLedgerEntity } from './entities/customer.entities';

@Module({
  imports: [TypeOrmModule.forFeature([CustomerEntity, CustomerLedgerEntity])],
  controllers: [CustomerDebtsController, CustomersController],
  providers: [
    CustomersService,
    CustomerDebtsQueries,
    ReceiveCustomerPaymentHandler,
    CreateCustomerHandler,
    UpdateCustomerHandler,
    CustomerPostJournalHandler,
  ],
  exports: [CustomersService],
})
export class CustomersModule {}
