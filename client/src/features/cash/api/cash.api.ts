import type {
  MoneyTransactionCreateDto,
  MoneyTransactionDto,
  VaultMovementDto,
} from '@pos/contracts';
import { http, type Query, type WriteOptions, pathId } from '../../../shared/api/http';

export type VaultTarget = {
  id: string;
  name: string;
  type: string;
  branchId: string;
  branchName: string;
};

export const cashKeys = {
  all: ['cash'] as const,
  movements: (vaultId: string, query: Query) => ['cash', 'movements', vaultId, query] as const,
  money: (query: Query) => ['cash', 'money', query] as const,
  targets: ['cash', 'targets'] as const,
};

export const cashApi = {
  movements: (vaultId: string, query: Query) =>
    http.list<VaultMovementDto>(`/Vault/${pathId(vaultId)}/movements`, query),
  targets: () => http.get<VaultTarget[]>('/Vault/targets'),
  money: (query: Query) => http.list<MoneyTransactionDto>('/MoneyTransactions', query),
  record: (dto: MoneyTransactionCreateDto, options?: WriteOptions) =>
    http.post<MoneyTransactionDto>('/MoneyTransactions', dto, options),
  confirm: (txId: string, options?: WriteOptions) =>
    http.post<MoneyTransactionDto>(`/MoneyTransactions/${pathId(txId)}/confirm`, {}, options),
  reject: (txId: string, reason: string, options?: WriteOptions) =>
    http.post<MoneyTransactionDto>(
      `/MoneyTransactions/${pathId(txId)}/reject`,
      { reason },
      options,
    ),
};
