import type {
  PurchaseOrderActionDto,
  PurchaseOrderCreateDto,
  PurchaseOrderResponseDto,
  PurchaseOrderStatus,
  PurchaseOrderUpdateDto,
  ReorderCreateDto,
  ReorderSuggestionDto,
  VendorOptionDto,
} from '@pos/contracts';
import { http, pathId } from '../../../shared/api/http';

export type PurchaseOrderListQuery = {
  page: number;
  pageSize: number;
  status?: PurchaseOrderStatus;
  q?: string;
};

export const purchaseOrderKeys = {
  all: ['purchase-orders'] as const,
  list: (query: PurchaseOrderListQuery) => ['purchase-orders', 'list', query] as const,
  one: (orderId: string) => ['purchase-orders', 'one', orderId] as const,
  suggestion: (inventoryId: string) => ['purchase-orders', 'reorder', inventoryId] as const,
  vendors: (q: string) => ['purchase-orders', 'vendors', q] as const,
};

export const purchaseOrdersApi = {
  list: (query: PurchaseOrderListQuery) =>
    http.list<PurchaseOrderResponseDto>('/PurchaseOrders', query),
  get: (orderId: string) =>
    http.get<PurchaseOrderResponseDto>(`/PurchaseOrders/${pathId(orderId)}`),
  create: (dto: PurchaseOrderCreateDto) =>
    http.post<PurchaseOrderResponseDto>('/PurchaseOrders', dto),
  update: (orderId: string, dto: PurchaseOrderUpdateDto) =>
    http.patch<PurchaseOrderResponseDto>(`/PurchaseOrders/${pathId(orderId)}`, dto),
  step: (orderId: string, action: 'close' | 'cancel', dto: PurchaseOrderActionDto = {}) =>
    http.post<PurchaseOrderResponseDto>(`/PurchaseOrders/${pathId(orderId)}/${action}`, dto),
  suggestion: (inventoryId?: string) =>
    http.get<ReorderSuggestionDto>('/PurchaseOrders/reorder-suggestion', { inventoryId }),
  reorder: (dto: ReorderCreateDto) =>
    http.post<PurchaseOrderResponseDto[]>('/PurchaseOrders/reorder', dto),
  vendors: (q: string) => http.get<VendorOptionDto[]>('/PurchaseOrders/vendor-options', { q }),
};
