import type {
  CustomerCreateDto,
  CustomerDto,
  CustomerLedgerEntryDto,
  CustomerPaymentDto,
  CustomerUpdateDto,
} from '@pos/contracts';
import { http } from '../../../shared/api/http';

// Customer calls of docs/api-sales.md (issue 5).
const id = (value: string) => encodeURIComponent(value);

export type CustomerListQuery = { page: number; pageSize: number; q?: string };
export type CustomerSearchHit = Pick<CustomerDto, 'id' | 'name' | 'phone' | 'balance'> & {
  creditLimit?: number;
};

export const customerKeys = {
  all: ['customers'] as const,
  list: (query: CustomerListQuery) => ['customers', 'list', query] as const,
  search: (q: string) => ['customers', 'search', q] as const,
  one: (customerId: string) => ['customers', 'one', customerId] as const,
  ledger: (customerId: string) => ['customers', 'ledger', customerId] as const,
};

export const customersApi = {
  list: (query: CustomerListQuery) => http.list<CustomerDto>('/Customers', query),
  /** Any signed-in user (the POS picker): id, name, phone, balance. */
  search: (q: string) => http.get<CustomerSearchHit[]>('/Customers/search', { q }),
  get: (customerId: string) => http.get<CustomerDto>(`/Customers/${id(customerId)}`),
  create: (body: CustomerCreateDto) => http.post<CustomerDto>('/Customers', body),
  update: (customerId: string, body: CustomerUpdateDto) =>
    http.patch<CustomerDto>(`/Customers/${id(customerId)}`, body),
  ledger: (customerId: string) =>
    http.get<CustomerLedgerEntryDto[]>(`/Customers/${id(customerId)}/ledger`),
  pay: (customerId: string, body: CustomerPaymentDto) =>
    http.post<unknown>(`/Customers/${id(customerId)}/payments`, body),
};
