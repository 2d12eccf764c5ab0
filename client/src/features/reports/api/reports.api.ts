import type { ReportExportJobDto, ReportResultDto } from '@pos/contracts';
import { buildQuery, http } from '../../../shared/api/http';
import { downloadFile } from '../../../shared/api/download';

// The report family's calls (/api/Reports/{key}, issue 19): one place for paths and query keys.
export type ReportQuery = {
  from?: string;
  to?: string;
  branchId?: string;
  cashierId?: string;
  categoryId?: string;
  methodId?: string;
  groupBy?: 'day' | 'week' | 'month';
  variantId?: string;
  days?: number;
  party?: 'customer' | 'vendor';
  sort?: string;
  offset?: number;
  limit?: number;
};

const path = (key: string) => `/Reports/${encodeURIComponent(key)}`;

export const reportKeys = {
  all: ['reports'] as const,
  report: (key: string, query: ReportQuery) => ['reports', key, query] as const,
  job: (id: string) => ['reports', 'export', id] as const,
};

export const reportsApi = {
  get: (key: string, query: ReportQuery) => http.get<ReportResultDto>(path(key), query),
  /** The streamed workbook, straight to a download (short reports). */
  download: (key: string, query: ReportQuery) =>
    downloadFile(
      `${path(key)}${buildQuery({ ...query, offset: undefined, limit: undefined, format: 'xlsx' })}`,
      `${key}.xlsx`,
    ),
  /** A long export as a background job: poll `exportState`, then `downloadExport`. */
  startExport: (key: string, query: ReportQuery) =>
    http.post<{ id: string }>(
      `${path(key)}/exports${buildQuery({ ...query, offset: undefined, limit: undefined })}`,
    ),
  exportState: (id: string) =>
    http.get<ReportExportJobDto>(`/Reports/exports/${encodeURIComponent(id)}`),
  downloadExport: (id: string, key: string) =>
    downloadFile(`/Reports/exports/${encodeURIComponent(id)}/file`, `${key}.xlsx`),
};
