import {
  Body,
  Controller,
  Get,
  HttpCode,
  HttpStatus,
  Param,
  Post,
  Query,
  Res,
  UploadedFile,
  UseInterceptors,
} from '@nestjs/common';
import { Idempotent } from '../../../core/http/idempotency';
import { CommandBus } from '@nestjs/cqrs';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { IsString, MaxLength } from 'class-validator';
import {
  EXPENSE_ATTACHMENT_MAX_BYTES,
  ExpenseCreateDto,
  ExpenseListQueryDto,
  ExpenseVoidDto,
} from '@pos/contracts';
import type { AuthUser } from '../../../core/auth/auth.types';
import {
  CurrentUser,
  Meta,
  RequirePermissions,
  type RequestMeta,
} from '../../../core/auth/decorators';
import { AppException } from '../../../core/errors/app.exception';
import { createValidationPipe } from '../../../core/errors/validation.pipe';
import { sendList } from '../../../core/http/list';
import { UuidPipe } from '../../../core/http/uuid.pipe';
import { RecordExpenseCommand } from '../commands/record-expense/record-expense.command';
import { VoidExpenseCommand } from '../commands/void-expense/void-expense.command';
import { ExpensesQueries } from '../queries/expenses.queries';
import type { UploadedReceipt } from '../services/receipt-image';

/** The multipart form of a new expense: `data` (the ExpenseCreateDto as JSON) and `file`. */
class ExpenseFormDto {
  @IsString() @MaxLength(4000) data: string;
}

const validation = createValidationPipe();

/**
 * /api/Expenses: every route needs can_see_expenses (spec §2's permission of /Expenses); the totals
 * can_see_expenses_details too. Branch scope: reads the user's read scope, changes the write scope.
 */
@ApiTags('expenses')
@Controller('Expenses')
export class ExpensesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: ExpensesQueries,
  ) {}

  @RequirePermissions(['can_see_expenses'])
  @Get()
  async list(
    @Query() query: ExpenseListQueryDto,
    @CurrentUser() user: AuthUser,
    @Res({ passthrough: true }) res: Response,
  ) {
    const { rows, total } = await this.queries.list(query, user);
    return sendList(res, rows, total);
  }

  @RequirePermissions(['can_see_expenses', 'can_see_expenses_details'])
  @Get('totals')
  totals(@Query() query: ExpenseListQueryDto, @CurrentUser() user: AuthUser) {
    return this.queries.totals(query, user);
  }

  @RequirePermissions(['can_see_expenses'])
  @Get('due')
  due(@CurrentUser() user: AuthUser) {
    return this.queries.due(user);
  }

  @RequirePermissions(['can_see_expenses'])
  @Get('options')
  options(@CurrentUser() user: AuthUser) {
    return this.queries.options(user);
  }

  @RequirePermissions(['can_see_expenses'])
  @Get(':id')
  get(@Param('id', UuidPipe) id: string, @CurrentUser() user: AuthUser) {
    return this.queries.get(id, user);
  }

  /** The receipt photo, only to those who may see the expense. */
  @RequirePermissions(['can_see_expenses'])
  @Get(':id/attachment')
  async attachment(
    @Param('id', UuidPipe) id: string,
    @CurrentUser() user: AuthUser,
    @Res() res: Response,
  ) {
    const file = await this.queries.attachment(id, user);
    res.setHeader('Content-Type', file.contentType);
    res.setHeader('Cache-Control', 'private, no-store');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Content-Security-Policy', "default-src 'none'");
    res.end(file.data);
  }

  @RequirePermissions(['can_see_expenses'])
  @Idempotent()
  @Post()
  @UseInterceptors(
    FileInterceptor('file', { limits: { fileSize: EXPENSE_ATTACHMENT_MAX_BYTES, files: 1 } }),
  )
  async record(
    @Body() form: ExpenseFormDto,
    @UploadedFile() file: UploadedReceipt | undefined,
    @CurrentUser() user: AuthUser,
    @Meta() meta: RequestMeta,
  ) {
    let data: unknown;
    try {
      data = JSON.parse(form.data);
    } catch {
      throw new AppException('MALFORMED_JSON', HttpStatus.BAD_REQUEST);
    }
    const dto = (await validation.transform(data, {
      type: 'body',
      metatype: ExpenseCreateDto,
    })) as ExpenseCreateDto;
    const { id } = await this.commands.execute<RecordExpenseCommand, { id: string }>(
      new RecordExpenseCommand(dto, file, user, meta),
    );
    return this.queries.get(id, user);
  }

  @RequirePermissions(['can_see_expenses'])
  @Idempotent()
  @Post(':id/void')
  @HttpCode(HttpStatus.OK)
  async void(
    @Param('id', UuidPipe) id: string,
    @Body() dto: ExpenseVoidDto,
    @CurrentUser() user: AuthUser,
    @Meta() meta: RequestMeta,
  ) {
    await this.commands.execute(new VoidExpenseCommand(id, dto, user, meta));
    return this.queries.get(id, user);
  }
}
