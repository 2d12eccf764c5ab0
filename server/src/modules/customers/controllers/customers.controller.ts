import { Controller, Get, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  CustomerCreateDto,
  CustomerPaymentDto,
  CustomerUpdateDto,
  ListQueryDto,
} from '@pos/contracts';
import { Authenticated, RequirePermissions } from '../../../core/auth/decorators';
import { DocumentController, DocumentRoutes } from '../../../core/http/document-routes';
import { CreateCustomerCommand } from '../commands/create-customer/create-customer.command';
import { UpdateCustomerCommand } from '../commands/update-customer/update-customer.command';
import { ReceiveCustomerPaymentCommand } from '../commands/receive-customer-payment/receive-customer-payment.command';
import { CustomersService } from '../queries/customers.queries';

/** Customers: can_see_customers, but the POS's picker and quick add (any signed-in cashier). */
@ApiTags('customers')
@Controller('Customers')
@DocumentRoutes({
  access: RequirePermissions(['can_see_customers']),
  list: ListQueryDto,
  get: true,
  update: { command: UpdateCustomerCommand, body: CustomerUpdateDto },
  pages: { ledger: { path: 'ledger', query: ListQueryDto } },
  steps: {
    payment: {
      command: ReceiveCustomerPaymentCommand,
      body: CustomerPaymentDto,
      path: ':id/payments',
      idempotent: true,
      created: true,
    },
  },
  commands: {
    /** Quick add at the POS; an integration's key (an online shop) adds with can_see_customers. */
    create: {
      route: Post(),
      command: CreateCustomerCommand,
      body: CustomerCreateDto,
      access: Authenticated({ apiKey: ['can_see_customers'] }),
      answer: (queries: CustomersService, id: string) => queries.get(id),
    },
  },
})
export class CustomersController extends DocumentController(CustomersService) {
  /** The POS customer picker: name, phone and balance, for any signed-in cashier. */
  @Authenticated({ apiKey: ['can_see_customers'] })
  @Get('search')
  async search(@Query() query: ListQueryDto) {
    const { rows } = await this.queries.list({
      ...query,
      pageSize: Math.min(query.pageSize ?? 20, 50),
    });
    return rows.map((c) => ({
      id: c.id,
      name: c.name,
      phone: c.phone,
      balance: c.balance,
      creditLimit: c.creditLimit,
    }));
  }
}
