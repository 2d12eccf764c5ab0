import type {
  ChequeActionDto,
  ChequeAction,
  ChequeCreateDto,
  ChequeDto,
  ChequePartyDto,
  ChequeVaultDto,
  TransactionDto,
  TransactionFilterOptionsDto,
} from '@pos/contracts';
import { buildQuery, http, type Query, type WriteOptions } from '../../../shared/api/http';
import { downloadFile } from '../../../shared/api/download';

const id = (value: string) => encodeURIComponent(value);

export type ChequeListQuery = {
  page: number;
  pageSize: number;
  q?: string;
  direction?: string;
  status?: string;
  dueSoon?: string;
};
export type TransactionListQuery = {
  page: number;
  pageSize: number;
  from?: string;
  to?: string;
  branchId?: string;
  vaultId?: string;
  type?: string;
  userId?: string;
};

export const chequeKeys = {
  all: ['cheques'] as const,
  list: (query: ChequeListQuery) => ['cheques', 'list', query] as const,
  one: (chequeId: string) => ['cheques', 'one', chequeId] as const,
  vaults: ['cheques', 'vaults'] as const,
  parties: (type: string, q: string) => ['cheques', 'parties', type, q] as const,
  transactions: (query: TransactionListQuery) => ['transactions', query] as const,
  transactionFilters: ['transactions', 'filters'] as const,
};

export const chequesApi = {
  list: (query: ChequeListQuery) => http.list<ChequeDto>('/Cheques', query as Query),
  get: (chequeId: string) => http.get<ChequeDto>(`/Cheques/${id(chequeId)}`),
  create: (body: ChequeCreateDto, options?: WriteOptions) =>
    http.post<ChequeDto>('/Cheques', body, options),
  step: (chequeId: string, action: ChequeAction, body: ChequeActionDto, options?: WriteOptions) =>
    http.post<ChequeDto>(`/Cheques/${id(chequeId)}/${action}`, body, options),
  vaults: () => http.get<ChequeVaultDto[]>('/Cheques/vaults'),
  parties: (type: 'customer' | 'vendor', q: string) =>
    http.get<ChequePartyDto[]>('/Cheques/parties', { type, q }),
  transactionFilters: () => http.get<TransactionFilterOptionsDto>('/Transactions/filters'),
  transactions: (query: TransactionListQuery) =>
    http.list<TransactionDto>('/Transactions', query as Query),
  exportTransactions: (query: Omit<TransactionListQuery, 'page' | 'pageSize'>) =>
    downloadFile(
      `/Transactions${buildQuery({ ...query, format: 'xlsx' } as Query)}`,
      'transactions.xlsx',
    ),
};
