import { Module } from '@nestjs/common';
import { StatisticsController } from './controllers/statistics.controller';
import { PerformanceQueries } from './queries/performance.queries';
import { StatisticsQueries } from './queries/statistics.queries';

@Module({
  controllers: [StatisticsController],
  providers: [StatisticsQueries, PerformanceQueries],
})
export class StatisticsModule {}
