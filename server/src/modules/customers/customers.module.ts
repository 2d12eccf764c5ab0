import { Module } from '@nestjs/common';
import { ReceiveCustomerPaymentHandler } from './commands/receive-customer-payment/receive-customer-payment.handler';
import { CustomersController } from './customers.controller';
import { CustomersService } from './customers.service';

@Module({ controllers: [CustomersController], providers: [CustomersService, ReceiveCustomerPaymentHandler], exports: [CustomersService] })
export class CustomersModule {}
