import { Controller, Get, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { DashboardQueryDto, type DashboardDto } from '@pos/contracts';
import type { AuthUser } from '../../../core/auth/auth.types';
import { Authenticated, CurrentUser } from '../../../core/auth/decorators';
import { GetDashboardQuery } from '../queries/get-dashboard/get-dashboard.query';

@ApiTags('dashboard')
@Controller('Dashboard')
export class DashboardController {
  constructor(private readonly queries: QueryBus) {}

  /** The live home page's figures (each part only with its permission). */
  @Authenticated()
  @Get()
  get(@Query() query: DashboardQueryDto, @CurrentUser() user: AuthUser): Promise<DashboardDto> {
    return this.queries.execute(new GetDashboardQuery(user, query.branchId));
  }
}
