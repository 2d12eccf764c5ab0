import type {
  StockTakingCountDto,
  StockTakingCountResultDto,
  StockTakingCountRowDto,
  StockTakingLineDto,
  StockTakingLineFilter,
  StockTakingPostDto,
  StockTakingResponseDto,
  StockTakingStartDto,
  StockTakingTrackedDto,
} from '@pos/contracts';
import { http, type WriteOptions, pathId } from '../../../shared/api/http';

export type LinesQuery = {
  page: number;
  pageSize: number;
  filter: StockTakingLineFilter;
  q?: string;
};

export const stockTakingKeys = {
  all: ['stocktaking'] as const,
  list: (inventoryId: string, page: number) => ['stocktaking', 'list', inventoryId, page] as const,
  one: (stId: string) => ['stocktaking', 'one', stId] as const,
  lines: (stId: string, query: LinesQuery) => ['stocktaking', 'lines', stId, query] as const,
  counts: (stId: string) => ['stocktaking', 'counts', stId] as const,
  tracked: (stId: string) => ['stocktaking', 'tracked', stId] as const,
};

export type StockTakingStep = 'submit' | 'reopen' | 'cancel';

export const stockTakingApi = {
  list: (inventoryId: string, page: number, pageSize = 10) =>
    http.list<StockTakingResponseDto>('/StockTakings', { inventoryId, page, pageSize }),
  get: (stId: string) => http.get<StockTakingResponseDto>(`/StockTakings/${pathId(stId)}`),
  lines: (stId: string, query: LinesQuery) =>
    http.list<StockTakingLineDto>(`/StockTakings/${pathId(stId)}/lines`, query),
  counts: (stId: string, mine: boolean) =>
    http.get<StockTakingCountRowDto[]>(`/StockTakings/${pathId(stId)}/counts`, { mine }),
  /** the tracked products' variance: missing and unexpected units, lots (0117) */
  tracked: (stId: string) =>
    http.get<StockTakingTrackedDto>(`/StockTakings/${pathId(stId)}/tracked`),
  start: (dto: StockTakingStartDto) => http.post<StockTakingResponseDto>('/StockTakings', dto),
  count: (stId: string, dto: StockTakingCountDto) =>
    http.post<StockTakingCountResultDto>(`/StockTakings/${pathId(stId)}/counts`, dto),
  step: (stId: string, action: StockTakingStep) =>
    http.post<StockTakingResponseDto>(`/StockTakings/${pathId(stId)}/${action}`, {}),
  post: (stId: string, dto: StockTakingPostDto, options?: WriteOptions) =>
    http.post<StockTakingResponseDto>(`/StockTakings/${pathId(stId)}/post`, dto, options),
};
