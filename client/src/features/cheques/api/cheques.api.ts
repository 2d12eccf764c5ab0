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
import { buildQuery, http, type Query, type WriteOptions, pathId } from '../../../shared/api/http';
import { downloadFile } from '../../../shared/api/download';

export const chequeKeys = {
  all: ['cheques'] as const,
  list: (query: Query) => ['cheques', 'list', query] as const,
  one: (chequeId: string) => ['cheques', 'one', chequeId] as const,
  vaults: ['cheques', 'vaults'] as const,
  parties: (type: string, q: string) => ['cheques', 'parties', type, q] as const,
  transactions: (query: Query) => ['transactions', query] as const,
  transactionFilters: ['transactions', 'filters'] as const,
};

export const chequesApi = {
  list: (query: Query) => http.list<ChequeDto>('/Cheques', query),
  get: (chequeId: string) => http.get<ChequeDto>(`/Cheques/${pathId(chequeId)}`),
  create: (body: ChequeCreateDto, options?: WriteOptions) =>
    http.post<ChequeDto>('/Cheques', body, options),
  step: (chequeId: string, action: ChequeAction, body: ChequeActionDto, options?: WriteOptions) =>
    http.post<ChequeDto>(`/Cheques/${pathId(chequeId)}/${action}`, body, options),
  vaults: () => http.get<ChequeVaultDto[]>('/Cheques/vaults'),
  parties: (type: 'customer' | 'vendor', q: string) =>
    http.get<ChequePartyDto[]>('/Cheques/parties', { type, q }),
  transactionFilters: () => http.get<TransactionFilterOptionsDto>('/Transactions/filters'),
  transactions: (query: Query) => http.list<TransactionDto>('/Transactions', query),
  exportTransactions: (query: Query) =>
    downloadFile(`/Transactions${buildQuery({ ...query, format: 'xlsx' })}`, 'transactions.xlsx'),
};
