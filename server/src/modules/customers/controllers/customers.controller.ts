import { Body, Controller, Get, Param, Patch, Post, Query, Res } from '@nestjs/common';
import { Idempotent } from '../../../core/http/idempotency';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import {
  CustomerCreateDto,
  CustomerPaymentDto,
  CustomerUpdateDto,
  ListQueryDto,
} from '@pos/contracts';
import type { AuthUser } from '../../../core/auth/auth.types';
import {
  Authenticated,
  CurrentUser,
  Meta,
  RequirePermissions,
  type RequestMeta,
} from '../../../core/auth/decorators';
import { sendList } from '../../../core/http/list';
import { UuidPipe } from '../../../core/http/uuid.pipe';
import { CreateCustomerCommand } from '../commands/create-customer/create-customer.command';
import { UpdateCustomerCommand } from '../commands/update-customer/update-customer.command';
import { ReceiveCustomerPaymentCommand } from '../commands/receive-customer-payment/receive-customer-payment.command';
import { CustomersService } from '../queries/customers.queries';

@ApiTags('customers')
@Controller('Customers')
export class CustomersController {
  constructor(
    private readonly customers: CustomersService,
    private readonly commands: CommandBus,
  ) {}

  @RequirePermissions(['can_see_customers'])
  @Get()
  async list(@Query() query: ListQueryDto, @Res({ passthrough: true }) res: Response) {
    const { rows, total } = await this.customers.list(query);
    return sendList(res, rows, total);
  }

  /** The POS customer picker: name, phone and balance, for any signed-in cashier. */
  @Authenticated({ apiKey: ['can_see_customers'] })
  @Get('search')
  async search(@Query() query: ListQueryDto) {
    const { rows } = await this.customers.list({
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

  /** Quick add at the POS; an integration's key (an online shop) adds with can_see_customers. */
  @Authenticated({ apiKey: ['can_see_customers'] })
  @Post()
  async create(
    @Body() dto: CustomerCreateDto,
    @CurrentUser() user: AuthUser,
    @Meta() meta: RequestMeta,
  ) {
    const id: string = await this.commands.execute(new CreateCustomerCommand(dto, user, meta));
    return this.customers.get(id);
  }

  @RequirePermissions(['can_see_customers'])
  @Get(':id')
  get(@Param('id', UuidPipe) id: string) {
    return this.customers.get(id);
  }

  @RequirePermissions(['can_see_customers'])
  @Patch(':id')
  async update(
    @Param('id', UuidPipe) id: string,
    @Body() dto: CustomerUpdateDto,
    @CurrentUser() user: AuthUser,
    @Meta() meta: RequestMeta,
  ) {
    await this.commands.execute(new UpdateCustomerCommand(id, dto, user, meta));
    return this.customers.get(id);
  }

  @RequirePermissions(['can_see_customers'])
  @Get(':id/ledger')
  async ledger(
    @Param('id', UuidPipe) id: string,
    @Query() query: ListQueryDto,
    @Res({ passthrough: true }) res: Response,
  ) {
    const { rows, total } = await this.customers.ledger(id, query);
    return sendList(res, rows, total);
  }

  @RequirePermissions(['can_see_customers'])
  @Idempotent()
  @Post(':id/payments')
  async payment(
    @Param('id', UuidPipe) id: string,
    @Body() dto: CustomerPaymentDto,
    @CurrentUser() user: AuthUser,
    @Meta() meta: RequestMeta,
  ) {
    await this.commands.execute(new ReceiveCustomerPaymentCommand(id, dto, user, meta));
    return this.customers.get(id);
  }
}
