import type { DashboardDto } from '@pos/contracts';
import { http } from '../../../shared/api/http';

export const dashboardKeys = {
  all: ['dashboard'] as const,
};

export const dashboardApi = {
  get: () => http.get<DashboardDto>('/Dashboard'),
};
