import { Module } from '@nestjs/common';
import { StatisticsController } from './controllers/statistics.controller';
import { PerformanceQueries } from './queries/performance.queries';
import { StatisticsQueries } from './queries/statistics.queries';

/**
 * The owner's statistics and staff performance pages. Their reports (stock, VAT, expenses,
 * balances) are the reports registry's (modules/reports/definitions/stock-reports.ts).
 */
@Module({
  controllers: [StatisticsController],
  providers: [StatisticsQueries, PerformanceQueries],
})
export class StatisticsModule {}
