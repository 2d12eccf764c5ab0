import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  PerformanceQueryDto,
  StatisticsQueryDto,
  type PerformanceDto,
  type StatisticsDto,
} from '@pos/contracts';
import type { AuthUser } from '../../../core/auth/auth.types';
import { CurrentUser, RequirePermissions } from '../../../core/auth/decorators';
import { PerformanceQueries } from '../queries/performance.queries';
import { StatisticsQueries } from '../queries/statistics.queries';

@ApiTags('statistics')
@Controller()
export class StatisticsController {
  constructor(
    private readonly statisticsQueries: StatisticsQueries,
    private readonly performanceQueries: PerformanceQueries,
  ) {}

  /** The owner's statistics page: trend against an earlier period, tops, basket, branches. */
  @RequirePermissions(['can_see_statistics'])
  @Get('Statistics')
  statistics(
    @Query() query: StatisticsQueryDto,
    @CurrentUser() user: AuthUser,
  ): Promise<StatisticsDto> {
    return this.statisticsQueries.statistics(query, user);
  }

  /** Staff performance per employee and branch, ranked. */
  @RequirePermissions(['can_see_performance'])
  @Get('Performance')
  performance(
    @Query() query: PerformanceQueryDto,
    @CurrentUser() user: AuthUser,
  ): Promise<PerformanceDto> {
    return this.performanceQueries.performance(query, user);
  }
}
