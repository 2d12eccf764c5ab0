import { Module, type OnModuleInit } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { ReportRegistry } from '../reports';
import { StatisticsController } from './controllers/statistics.controller';
import { PerformanceQueries } from './queries/performance.queries';
import { StatisticsQueries } from './queries/statistics.queries';
import { STATS_REPORT_DEFINITIONS } from './reports/stats-reports';

@Module({
  controllers: [StatisticsController],
  providers: [StatisticsQueries, PerformanceQueries],
})
export class StatisticsModule implements OnModuleInit {
  constructor(private readonly moduleRef: ModuleRef) {}

  /**
   * The stock, tax, expense and balance reports join /api/Reports/{key}. The registry is looked up
   * rather than imported: importing ReportsModule here would register its `/Reports/:key` routes
   * before the books' `/reports/…` ones (it must stay last, see app.module.ts).
   */
  onModuleInit(): void {
    this.moduleRef.get(ReportRegistry, { strict: false }).register(...STATS_REPORT_DEFINITIONS);
  }
}
