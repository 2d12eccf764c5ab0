import type {
  DeliveryCreateDto,
  DeliveryOrderDto,
  DeliverySettleDto,
  DeliveryStepDto,
  DriverBalanceDto,
  DriverDto,
} from '@pos/contracts';
import { http, type Query, type WriteOptions, pathId } from '../../../shared/api/http';

export type DeliveryListQuery = {
  page: number;
  pageSize: number;
  q?: string;
  status?: string;
  mine?: string;
};

export const deliveryKeys = {
  all: ['delivery'] as const,
  list: (query: DeliveryListQuery) => ['delivery', 'list', query] as const,
  one: (orderId: string) => ['delivery', 'one', orderId] as const,
  drivers: ['delivery', 'drivers'] as const,
  balances: ['delivery', 'balances'] as const,
};

export const deliveryApi = {
  list: (query: DeliveryListQuery) => http.list<DeliveryOrderDto>('/Delivery', query as Query),
  get: (orderId: string) => http.get<DeliveryOrderDto>(`/Delivery/${pathId(orderId)}`),
  create: (body: DeliveryCreateDto) => http.post<DeliveryOrderDto>('/Delivery', body),
  step: (orderId: string, body: DeliveryStepDto, options?: WriteOptions) =>
    http.post<DeliveryOrderDto>(`/Delivery/${pathId(orderId)}/step`, body, options),
  drivers: () => http.get<DriverDto[]>('/Delivery/drivers'),
  balances: () => http.get<DriverBalanceDto[]>('/Delivery/balances'),
  settle: (body: DeliverySettleDto, options?: WriteOptions) =>
    http.post<{ id: string; amount: number; orders: number }>(
      '/Delivery/settlements',
      body,
      options,
    ),
};

/** The customer's address on Google Maps. */
export const mapLink = (address: string) =>
  `https://maps.google.com/?q=${encodeURIComponent(address)}`;
