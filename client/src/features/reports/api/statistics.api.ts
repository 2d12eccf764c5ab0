import type { PerformanceDto, StatisticsCompare, StatisticsDto } from '@pos/contracts';
import { http } from '../../../shared/api/http';

export type PerformanceQuery = { from?: string; to?: string; branchId?: string };
export type StatisticsQuery = PerformanceQuery & { compare?: StatisticsCompare };

export const statisticsKeys = {
  statistics: (query: StatisticsQuery) => ['statistics', query] as const,
  performance: (query: PerformanceQuery) => ['performance', query] as const,
};

export const statisticsApi = {
  statistics: (query: StatisticsQuery) => http.get<StatisticsDto>('/Statistics', query),
  performance: (query: PerformanceQuery) => http.get<PerformanceDto>('/Performance', query),
};
