import type {
  TransferActionDto,
  TransferCountsDto,
  TransferCreateDto,
  TransferReceiveDto,
  TransferResponseDto,
  TransferState,
  TransferUpdateDto,
} from '@pos/contracts';
import { http, type WriteOptions, pathId } from '../../../shared/api/http';

export type TransferListQuery = {
  page: number;
  pageSize: number;
  state?: TransferState;
  direction?: 'incoming' | 'outgoing';
  q?: string;
};

export const transferKeys = {
  all: ['transfers'] as const,
  list: (query: TransferListQuery) => ['transfers', 'list', query] as const,
  counts: ['transfers', 'counts'] as const,
  one: (transferId: string) => ['transfers', 'one', transferId] as const,
};

export type StepAction = 'request' | 'approve' | 'reject' | 'ship' | 'cancel';

export const transfersApi = {
  list: (query: TransferListQuery) => http.list<TransferResponseDto>('/TransferRequests', query),
  counts: () => http.get<TransferCountsDto>('/TransferRequests/counts'),
  get: (transferId: string) =>
    http.get<TransferResponseDto>(`/TransferRequests/${pathId(transferId)}`),
  create: (dto: TransferCreateDto) => http.post<TransferResponseDto>('/TransferRequests', dto),
  update: (transferId: string, dto: TransferUpdateDto) =>
    http.patch<TransferResponseDto>(`/TransferRequests/${pathId(transferId)}`, dto),
  step: (
    transferId: string,
    action: StepAction,
    dto: TransferActionDto = {},
    options?: WriteOptions,
  ) =>
    http.post<TransferResponseDto>(
      `/TransferRequests/${pathId(transferId)}/${action}`,
      dto,
      options,
    ),
  receive: (transferId: string, dto: TransferReceiveDto, options?: WriteOptions) =>
    http.post<TransferResponseDto>(`/TransferRequests/${pathId(transferId)}/receive`, dto, options),
};
