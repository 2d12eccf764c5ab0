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
} from '@nestjs/common';
import { Idempotent } from '../../../core/http/idempotency';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import {
  ChequeActionDto,
  ChequeCreateDto,
  ChequeListQueryDto,
  ChequePartyQueryDto,
  type ChequeDto,
} from '@pos/contracts';
import type { AuthUser } from '../../../core/auth/auth.types';
import {
  CurrentUser,
  Meta,
  RequirePermissions,
  type RequestMeta,
} from '../../../core/auth/decorators';
import { sendList } from '../../../core/http/list';
import { UuidPipe } from '../../../core/http/uuid.pipe';
import { BounceChequeCommand } from '../commands/bounce-cheque/bounce-cheque.command';
import { CancelChequeCommand } from '../commands/cancel-cheque/cancel-cheque.command';
import type { ChequeStepCommand } from '../commands/cheque-step';
import { ClearChequeCommand } from '../commands/clear-cheque/clear-cheque.command';
import { DepositChequeCommand } from '../commands/deposit-cheque/deposit-cheque.command';
import { RecordChequeCommand } from '../commands/record-cheque/record-cheque.command';
import { ChequesQueries } from '../queries/cheques.queries';

type StepClass = new (
  id: string,
  dto: ChequeActionDto,
  user: AuthUser,
  meta: RequestMeta,
) => ChequeStepCommand;

/**
 * /Checks' API. Cheques are money on its way into or out of the bank accounts, so every read and
 * every step needs can_see_vault_totals (the route lists no permission; docs/decisions/); the
 * branch scope is core/auth/branch-scope.ts (reads: own branch unless can_see_branches; steps:
 * own branch unless admin).
 */
@ApiTags('cheques')
@Controller('Cheques')
export class ChequesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: ChequesQueries,
  ) {}

  @RequirePermissions(['can_see_vault_totals'])
  @Get()
  async list(
    @Query() query: ChequeListQueryDto,
    @CurrentUser() user: AuthUser,
    @Res({ passthrough: true }) res: Response,
  ) {
    const { rows, total } = await this.queries.list(query, user);
    return sendList(res, rows, total);
  }

  @RequirePermissions(['can_see_vault_totals'])
  @Get('vaults')
  vaults(@CurrentUser() user: AuthUser) {
    return this.queries.bankVaults(user);
  }

  @RequirePermissions(['can_see_vault_totals'])
  @Get('parties')
  parties(@Query() query: ChequePartyQueryDto, @CurrentUser() user: AuthUser) {
    return this.queries.parties(query, user);
  }

  @RequirePermissions(['can_see_vault_totals'])
  @Get(':id')
  get(@Param('id', UuidPipe) id: string, @CurrentUser() user: AuthUser): Promise<ChequeDto> {
    return this.queries.get(id, user);
  }

  @RequirePermissions(['can_see_vault_totals'])
  @Idempotent()
  @Post()
  async create(
    @Body() dto: ChequeCreateDto,
    @CurrentUser() user: AuthUser,
    @Meta() meta: RequestMeta,
  ): Promise<ChequeDto> {
    const { id } = await this.commands.execute<RecordChequeCommand, { id: string }>(
      new RecordChequeCommand(dto, user, meta),
    );
    return this.queries.get(id, user);
  }

  private async step(
    Step: StepClass,
    id: string,
    dto: ChequeActionDto,
    user: AuthUser,
    meta: RequestMeta,
  ): Promise<ChequeDto> {
    await this.commands.execute(new Step(id, dto, user, meta));
    return this.queries.get(id, user);
  }

  @RequirePermissions(['can_see_vault_totals'])
  @Idempotent()
  @Post(':id/deposit')
  @HttpCode(HttpStatus.OK)
  deposit(
    @Param('id', UuidPipe) id: string,
    @Body() dto: ChequeActionDto,
    @CurrentUser() user: AuthUser,
    @Meta() meta: RequestMeta,
  ) {
    return this.step(DepositChequeCommand, id, dto, user, meta);
  }

  @RequirePermissions(['can_see_vault_totals'])
  @Idempotent()
  @Post(':id/clear')
  @HttpCode(HttpStatus.OK)
  clear(
    @Param('id', UuidPipe) id: string,
    @Body() dto: ChequeActionDto,
    @CurrentUser() user: AuthUser,
    @Meta() meta: RequestMeta,
  ) {
    return this.step(ClearChequeCommand, id, dto, user, meta);
  }

  @RequirePermissions(['can_see_vault_totals'])
  @Idempotent()
  @Post(':id/bounce')
  @HttpCode(HttpStatus.OK)
  bounce(
    @Param('id', UuidPipe) id: string,
    @Body() dto: ChequeActionDto,
    @CurrentUser() user: AuthUser,
    @Meta() meta: RequestMeta,
  ) {
    return this.step(BounceChequeCommand, id, dto, user, meta);
  }

  @RequirePermissions(['can_see_vault_totals'])
  @Idempotent()
  @Post(':id/cancel')
  @HttpCode(HttpStatus.OK)
  cancel(
    @Param('id', UuidPipe) id: string,
    @Body() dto: ChequeActionDto,
    @CurrentUser() user: AuthUser,
    @Meta() meta: RequestMeta,
  ) {
    return this.step(CancelChequeCommand, id, dto, user, meta);
  }
}
