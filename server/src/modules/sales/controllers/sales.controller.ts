import { Body, Controller, Get, HttpStatus, Param, Post, Query, Req, Res } from '@nestjs/common';
import { Idempotent } from '../../../core/http/idempotency';
import { CommandBus } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { DataSource } from 'typeorm';
import {
  CreateReturnDto,
  CreateSaleBatchDto,
  CreateSaleDto,
  DailyReportQueryDto,
  EditSaleDto,
  SaleListQueryDto,
} from '@pos/contracts';
import {
  createdOrSeen,
  DocumentController,
  DocumentRoutes,
  IdParam,
} from '../../../core/http/document-routes';
import type { AuthUser } from '../../../core/auth/auth.types';
import {
  AcceptsDeviceGrant,
  Authenticated,
  CurrentUser,
  Meta,
  RequirePermissions,
  type RequestMeta,
} from '../../../core/auth/decorators';
import { CommandRunner } from '../../../core/cqrs';
import { AppException, Errors } from '../../../core/errors/app.exception';
import { sendList } from '../../../core/http/list';
import {
  CreateSaleCommand,
  type CreateSaleResult,
} from '../commands/create-sale/create-sale.command';
import { EditSaleCommand } from '../commands/edit-sale/edit-sale.command';
import { ReturnSaleCommand } from '../commands/return-sale/return-sale.command';
import type { ReturnSaleResult } from '../commands/return-sale/return-sale.handler';
import { readSale, shapeSale } from '../services/sales-reader';
import { createSales } from '../services/sale-batch';
import { SalesQueries } from '../queries/sales.queries';

/** A sale or a return read: any signed-in user (the query keeps a cashier to their own). */
const ReadAccess = () => Authenticated({ apiKey: ['can_see_invoices'] });

/** A cashier's till grant (issue 32 item 7) books only sales rung on that till. */
function onGrantedTill(dto: CreateSaleDto, user: AuthUser): void {
  if (user.deviceGrant && dto.device?.deviceId !== user.deviceGrant.deviceId)
    throw new AppException('DEVICE_GRANT_OTHER_DEVICE', HttpStatus.FORBIDDEN);
}

@ApiTags('sales')
@Controller('Sales')
export class SalesController {
  constructor(
    private readonly commands: CommandBus,
    @InjectDataSource() private readonly ds: DataSource,
    private readonly runner: CommandRunner,
  ) {}

  /** CreateSale: 201 with the invoice, or 200 with the same invoice when the id was seen before. */
  @Authenticated()
  @AcceptsDeviceGrant()
  @Idempotent('body')
  @Post()
  async create(
    @Body() dto: CreateSaleDto,
    @CurrentUser() user: AuthUser,
    @Meta() meta: RequestMeta,
    @Res({ passthrough: true }) res: Response,
  ) {
    onGrantedTill(dto, user);
    const result: CreateSaleResult = await this.commands.execute(
      new CreateSaleCommand(dto, user, meta),
    );
    res.status(result.created ? HttpStatus.CREATED : HttpStatus.OK);
    return this.answer(result, user);
  }

  /**
   * A till's queued sales, in order, each in its own transaction as `POST /api/Sales` would make
   * it (docs/decisions/0075): 201 when one of them was made now, 200 when all were made before.
   */
  @Authenticated()
  @AcceptsDeviceGrant()
  @Idempotent('body')
  @Post('batch')
  async createBatch(
    @Body() batch: CreateSaleBatchDto,
    @CurrentUser() user: AuthUser,
    @Meta() meta: RequestMeta,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    // One transaction for the batch, each sale in a savepoint of it (docs/decisions/0084).
    const { results, created } = await this.runner.batch(() =>
      createSales(batch.sales, req, async (dto) => {
        // (refused for that sale alone, as the single route would refuse it)
        onGrantedTill(dto, user);
        const result = await this.commands.execute<CreateSaleCommand, CreateSaleResult>(
          new CreateSaleCommand(dto, user, meta),
        );
        return { created: result.created, sale: await this.answer(result, user) };
      }),
    );
    res.status(created ? HttpStatus.CREATED : HttpStatus.OK);
    return { results };
  }

  /** A new sale is answered from what the command wrote (no read-back); a repeated one is read. */
  private answer(result: CreateSaleResult, user: AuthUser) {
    if (result.sale)
      return result.eReceipt
        ? { ...shapeSale(result.sale, user), eReceipt: result.eReceipt }
        : shapeSale(result.sale, user);
    // (the runner's manager: inside a batch, its transaction — docs/decisions/0084)
    return readSale(this.runner.manager, result.invoiceId, user);
  }
}

@ApiTags('sales')
@Controller('invoices')
@DocumentRoutes({
  /** Any cashier may read (and reprint) their own invoices; others need can_see_invoices. */
  access: ReadAccess(),
  get: true,
  update: {
    command: EditSaleCommand,
    body: EditSaleDto,
    access: RequirePermissions(['can_edit_invoice']),
    idempotent: true,
  },
  commands: {
    /** ReturnSale: 201 with the return, or 200 with the same return when its id was seen before. */
    return: {
      route: Post(':id/returns'),
      id: true,
      command: ReturnSaleCommand,
      body: CreateReturnDto,
      access: RequirePermissions(['can_return_products']),
      idempotent: true,
      status: createdOrSeen,
      // the return as a reprint reads it (its store credit included, issue 33 item 5)
      answer: (q: SalesQueries, result: ReturnSaleResult, user: AuthUser) =>
        q.getReturn(result.returnId, user),
    },
  },
})
export class InvoicesController extends DocumentController(SalesQueries) {
  @RequirePermissions(['can_see_invoices'])
  @Get()
  async list(
    @Query() query: SaleListQueryDto,
    @CurrentUser() user: AuthUser,
    @Res({ passthrough: true }) res: Response,
  ) {
    const { rows, total, amount } = await this.queries.list(query, user);
    if (user.permissions.includes('can_see_invoices_totals')) {
      // The exact sum as PostgreSQL's numeric text (never a float, whatever its size).
      res.setHeader('X-Total-Amount', amount);
      res.setHeader('Access-Control-Expose-Headers', 'X-Total-Count, X-Total-Amount');
    }
    return sendList(res, rows, total);
  }

  /** Scanning a receipt's barcode (returns at the POS). */
  @ReadAccess()
  @Get('by-number/:number')
  byNumber(@Param('number') number: string, @CurrentUser() user: AuthUser) {
    if (!/^[A-Za-z0-9-]{1,40}$/.test(number)) throw Errors.notFound();
    return this.queries.byNumber(number, user);
  }

  /** The edit history: whoever may read the invoice (costs inside follow can_see_buy_price). */
  @ReadAccess()
  @Get(':id/history')
  history(@IdParam() id: string, @CurrentUser() user: AuthUser) {
    return this.queries.history(id, user);
  }
}

@ApiTags('sales')
@Controller('returns')
@DocumentRoutes({ access: ReadAccess(), get: true, reads: { get: 'getReturn' } })
export class ReturnsController {
  constructor(readonly queries: SalesQueries) {}
}

@ApiTags('sales')
@Controller('DailyReport')
export class DailyReportController {
  constructor(private readonly queries: SalesQueries) {}

  @Authenticated()
  @Get()
  report(@Query() query: DailyReportQueryDto, @CurrentUser() user: AuthUser) {
    return this.queries.dailyReport(query, user);
  }
}
