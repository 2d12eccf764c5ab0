import { Body, Controller, Get, HttpCode, HttpStatus, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  InstallmentCollectDto,
  InstallmentDueQueryDto,
  InstallmentFinanceableQueryDto,
  InstallmentListQueryDto,
  InstallmentOverdueRunDto,
  InstallmentPlanCreateDto,
  InstallmentRescheduleDto,
  InstallmentSettleDto,
  InstallmentSettlementQueryDto,
} from '@pos/contracts';
import type { AuthUser } from '../../../core/auth/auth.types';
import {
  AdminOnly,
  CurrentUser,
  Meta,
  RequirePermissions,
  type RequestMeta,
} from '../../../core/auth/decorators';
import { AppException } from '../../../core/errors/app.exception';
import {
  createdOrSeen,
  DocumentController,
  DocumentRoutes,
  IdParam,
} from '../../../core/http/document-routes';
import { CollectInstallmentCommand } from '../commands/collect-installment/collect-installment.command';
import type { CollectInstallmentResult } from '../commands/collect-installment/collect-installment.handler';
import { CreateInstallmentPlanCommand } from '../commands/create-installment-plan/create-installment-plan.command';
import type { CreateInstallmentPlanResult } from '../commands/create-installment-plan/create-installment-plan.handler';
import { MarkOverdueInstallmentsCommand } from '../commands/mark-overdue-installments/mark-overdue-installments.command';
import type { MarkOverdueResult } from '../commands/mark-overdue-installments/mark-overdue-installments.handler';
import { RescheduleInstallmentPlanCommand } from '../commands/reschedule-installment-plan/reschedule-installment-plan.command';
import { SettleInstallmentPlanCommand } from '../commands/settle-installment-plan/settle-installment-plan.command';
import { InstallmentsQueries } from '../queries/installments.queries';

const Access = () => RequirePermissions(['can_see_installments'], ['INSTALLMENTS']);

/**
 * /Installments' API (issue 16; paths: INSTALLMENTS_API in @pos/contracts). Every call needs
 * can_see_installments and the INSTALLMENTS module; reads keep to the user's branch read scope,
 * changes to their write scope (core/auth/branch-scope.ts).
 */
@ApiTags('installments')
@Controller('Installments')
@DocumentRoutes({
  access: Access(),
  list: InstallmentListQueryDto,
  get: true,
  steps: {
    settle: { command: SettleInstallmentPlanCommand, body: InstallmentSettleDto, idempotent: true },
  },
  commands: {
    /** 201 for a new plan; 200 with the same plan when the id was seen before. */
    create: {
      route: Post(),
      command: CreateInstallmentPlanCommand,
      body: InstallmentPlanCreateDto,
      access: Access(),
      idempotent: true,
      status: createdOrSeen,
      answer: (q: InstallmentsQueries, { id }: CreateInstallmentPlanResult, user: AuthUser) =>
        q.get(id, user),
    },
    /** Answers the new plan. */
    reschedule: {
      route: Post(':id/reschedule'),
      command: RescheduleInstallmentPlanCommand,
      id: true,
      body: InstallmentRescheduleDto,
      access: Access(),
      status: HttpStatus.OK,
      answer: (
        q: InstallmentsQueries,
        _: unknown,
        user: AuthUser,
        __: string,
        dto: InstallmentRescheduleDto,
      ) => q.get(dto.id, user),
    },
    collect: {
      route: Post(':id/collect'),
      command: CollectInstallmentCommand,
      id: true,
      body: InstallmentCollectDto,
      idempotent: true,
      status: HttpStatus.OK,
      answer: (q: InstallmentsQueries, r: CollectInstallmentResult, user: AuthUser, id: string) =>
        q.payment(id, r.paymentId, user),
    },
  },
})
export class InstallmentsController extends DocumentController(InstallmentsQueries) {
  @Access()
  @Get('dueToday')
  dueToday(@Query() query: InstallmentDueQueryDto, @CurrentUser() user: AuthUser) {
    return this.queries.dueToday(user, query.branchId);
  }

  @Access()
  @Get('summary')
  summary(@Query() query: InstallmentDueQueryDto, @CurrentUser() user: AuthUser) {
    return this.queries.summary(user, query.branchId);
  }

  @Access()
  @Get('awaiting')
  awaiting(@Query() query: InstallmentDueQueryDto, @CurrentUser() user: AuthUser) {
    return this.queries.awaiting(user, query.branchId);
  }

  @Access()
  @Get('financeable')
  financeable(@Query() query: InstallmentFinanceableQueryDto, @CurrentUser() user: AuthUser) {
    return this.queries.financeable(query.saleId, user);
  }

  @Access()
  @Get('vaults')
  vaults(@Query() query: InstallmentDueQueryDto, @CurrentUser() user: AuthUser) {
    return this.queries.vaults(user, query.branchId);
  }

  /** The morning scan, now (administrators), as of today or an earlier day. */
  @AdminOnly()
  @Post('overdue/run')
  @HttpCode(HttpStatus.OK)
  async runOverdue(
    @Body() dto: InstallmentOverdueRunDto,
    @Meta() meta: RequestMeta,
  ): Promise<MarkOverdueResult> {
    if (dto.asOf && dto.asOf > (await this.queries.today()))
      throw new AppException('INSTALLMENT_DATE', HttpStatus.BAD_REQUEST);
    return this.commands.execute(new MarkOverdueInstallmentsCommand(dto.asOf ?? null, meta));
  }

  @Access()
  @Get(':id/settlement')
  settlement(
    @IdParam() id: string,
    @Query() query: InstallmentSettlementQueryDto,
    @CurrentUser() user: AuthUser,
  ) {
    return this.queries.settlement(id, user, query.date);
  }
}
