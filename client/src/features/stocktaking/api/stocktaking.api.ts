import type {
  StockTakingCountDto,
  StockTakingCountResultDto,
  StockTakingCountRowDto,
  StockTakingLineDto,
  StockTakingLineFilter,
  StockTakingPostDto,
  StockTakingResponseDto,
  StockTakingStartDto,
} from '@pos/contracts';
import { http, type WriteOptions } from '../../../shared/api/http';

const id = (value: string) => encodeURIComponent(value);

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
};

export type StockTakingStep = 'submit' | 'reopen' | 'cancel';

export const stockTakingApi = {
  list: (inventoryId: string, page: number, pageSize = 10) =>
    http.list<StockTakingResponseDto>('/StockTakings', { inventoryId, page, pageSize }),
  get: (stId: string) => http.get<StockTakingResponseDto>(`/StockTakings/${id(stId)}`),
  lines: (stId: string, query: LinesQuery) =>
    http.list<StockTakingLineDto>(`/StockTakings/${id(stId)}/lines`, query),
  counts: (stId: string, mine: boolean) =>
    http.get<StockTakingCountRowDto[]>(`/StockTakings/${id(stId)}/counts`, { mine }),
  start: (dto: StockTakingStartDto) => http.post<StockTakingResponseDto>('/StockTakings', dto),
  count: (stId: string, dto: StockTakingCountDto) =>
    http.post<StockTakingCountResultDto>(`/StockTakings/${id(stId)}/counts`, dto),
  step: (stId: string, action: StockTakingStep) =>
    http.post<StockTakingResponseDto>(`/StockTakings/${id(stId)}/${action}`, {}),
  post: (stId: string, dto: StockTakingPostDto, options?: WriteOptions) =>
    http.post<StockTakingResponseDto>(`/StockTakings/${id(stId)}/post`, dto, options),
};
