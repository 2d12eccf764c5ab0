import {
  type CustomerCreateDto,
  type CustomerDebtDto,
  type CustomerDebtFiltersDto,
  type CustomerDebtTotalsDto,
  type CustomerDto,
  type CustomerLedgerEntryDto,
  type CustomerPaymentDto,
  type CustomerPaymentVaultDto,
  type DebtBucket,
} from '@pos/contracts';
import { downloadFile } from '../../../shared/api/download';
import { buildQuery, http, type Query, type WriteOptions, pathId } from '../../../shared/api/http';

// Customer calls of docs/api-sales.md (issue 5).
const CUSTOMERS_PATH = '/Customers';
export type CustomerSearchHit = Pick<CustomerDto, 'id' | 'name' | 'phone' | 'balance'> & {
  creditLimit?: number;
};

/** The debts list's filters (issue 16 item 1). */
export type DebtFilters = {
  q?: string;
  branchId?: string;
  bucket?: DebtBucket;
  overdue?: 'true';
};
export type DebtListQuery = DebtFilters & { page: number; pageSize: number };

// Under the kit's key of the resource (`resourceKeys.all(CUSTOMERS)`): a change anywhere refreshes
// the list (resource kit) too. Its path, not the descriptor: the descriptor names the DTO classes,
// which the till (its customer picker) must not load (the `validation` chunk, delivery.spec.ts).
const all = ['resource', CUSTOMERS_PATH] as const;
export const customerKeys = {
  all,
  search: (q: string) => [...all, 'search', q] as const,
  one: (customerId: string) => [...all, 'one', customerId] as const,
  ledger: (customerId: string) => [...all, 'ledger', customerId] as const,
  statement: (customerId: string) => [...all, 'statement', customerId] as const,
  debts: (query: DebtListQuery) => [...all, 'debts', query] as const,
  debtTotals: (filters: DebtFilters) => [...all, 'debts', 'totals', filters] as const,
  debtFilters: [...all, 'debts', 'filters'] as const,
  vaults: [...all, 'payment-vaults'] as const,
};

export const customersApi = {
  /** Any signed-in user (the POS picker): id, name, phone, balance. */
  search: (q: string) => http.get<CustomerSearchHit[]>('/Customers/search', { q }),
  get: (customerId: string) => http.get<CustomerDto>(`/Customers/${pathId(customerId)}`),
  create: (body: CustomerCreateDto) => http.post<CustomerDto>('/Customers', body),
  ledger: (customerId: string) =>
    http.get<CustomerLedgerEntryDto[]>(`/Customers/${pathId(customerId)}/ledger`),
  /** The statement's rows: the latest 500 entries, newest first. */
  statement: (customerId: string) =>
    http.get<CustomerLedgerEntryDto[]>(`/Customers/${pathId(customerId)}/ledger`, {
      pageSize: 500,
    }),
  pay: (customerId: string, body: CustomerPaymentDto, options?: WriteOptions) =>
    http.post<CustomerDto>(`/Customers/${pathId(customerId)}/payments`, body, options),
  /** The vaults a payment may go into (can_see_customers + can_see_totals). */
  vaults: () => http.get<CustomerPaymentVaultDto[]>('/Customers/payment-vaults'),
  debts: (query: DebtListQuery) => http.list<CustomerDebtDto>('/Customers/Debts', query as Query),
  debtTotals: (filters: DebtFilters) =>
    http.get<CustomerDebtTotalsDto>('/Customers/Debts/totals', filters as Query),
  debtFilters: () => http.get<CustomerDebtFiltersDto>('/Customers/Debts/filters'),
  exportDebts: (filters: DebtFilters) =>
    downloadFile(
      `/Customers/Debts${buildQuery({ ...filters, format: 'xlsx' } as Query)}`,
      'customer-debts.xlsx',
    ),
};
