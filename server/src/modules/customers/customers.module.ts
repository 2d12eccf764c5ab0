import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ReceiveCustomerPaymentHandler } from './commands/receive-customer-payment/receive-customer-payment.handler';
import { CustomersController } from './customers.controller';
import { CustomersService } from './customers.service';
import { CustomerEntity, CustomerLedgerEntity } from './entities/customer.entities';

@Module({
  imports: [TypeOrmModule.forFeature([CustomerEntity, CustomerLedgerEntity])],
  controllers: [CustomersController],
  providers: [CustomersService, ReceiveCustomerPaymentHandler],
  exports: [CustomersService],
})
export class CustomersModule {}
