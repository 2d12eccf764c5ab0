import { Body, Controller, Get, HttpStatus, Post, Query, Res, UploadedFile } from '@nestjs/common';
import { Idempotent } from '../../../core/http/idempotency';
import { FileUpload } from '../../../core/http/file-upload';
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
import {
  DocumentController,
  DocumentRoutes,
  IdParam,
  sendFile,
} from '../../../core/http/document-routes';
import { RecordExpenseCommand } from '../commands/record-expense/record-expense.command';
import { VoidExpenseCommand } from '../commands/void-expense/void-expense.command';
import { ExpensesQueries } from '../queries/expenses.queries';
import type { UploadedReceipt } from '../services/receipt-image';

/** The multipart form of a new expense: `data` (the ExpenseCreateDto as JSON) and `file`. */
class ExpenseFormDto {
  @IsString() @MaxLength(4000) data: string;
}

const validation = createValidationPipe();

const Access = () => RequirePermissions(['can_see_expenses']);

/**
 * /api/Expenses: every route needs can_see_expenses (spec §2's permission of /Expenses); the totals
 * can_see_expenses_details too. Branch scope: reads the user's read scope, changes the write scope.
 */
@ApiTags('expenses')
@Controller('Expenses')
@DocumentRoutes({
  access: Access(),
  list: ExpenseListQueryDto,
  get: true,
  steps: { void: { command: VoidExpenseCommand, body: ExpenseVoidDto, idempotent: true } },
})
export class ExpensesController extends DocumentController(ExpensesQueries) {
  @RequirePermissions(['can_see_expenses', 'can_see_expenses_details'])
  @Get('totals')
  totals(@Query() query: ExpenseListQueryDto, @CurrentUser() user: AuthUser) {
    return this.queries.totals(query, user);
  }

  @Access()
  @Get('due')
  due(@CurrentUser() user: AuthUser) {
    return this.queries.due(user);
  }

  @Access()
  @Get('options')
  options(@CurrentUser() user: AuthUser) {
    return this.queries.options(user);
  }

  /** The receipt photo, only to those who may see the expense. */
  @Access()
  @Get(':id/attachment')
  async attachment(@IdParam() id: string, @CurrentUser() user: AuthUser, @Res() res: Response) {
    const file = await this.queries.attachment(id, user);
    sendFile(res, file);
  }

  @Access()
  @Idempotent()
  @Post()
  @FileUpload(EXPENSE_ATTACHMENT_MAX_BYTES)
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
}
