import { Module } from '@nestjs/common';
import { CreateCustomerHandler } from './commands/create-customer/create-customer.handler';
import { UpdateCustomerHandler } from './commands/update-customer/update-customer.handler';
import { ReceiveCustomerPaymentHandler } from './commands/receive-customer-payment/receive-customer-payment.handler';
import { CustomersController } from './customers.controller';
import { CustomersService } from './customers.service';

@Module({ controllers: [CustomersController], providers: [CustomersService, ReceiveCustomerPaymentHandler, CreateCustomerHandler, UpdateCustomerHandler], exports: [CustomersService] })
export class CustomersModule {}
