import type {
  CreateLedgerAccountDto,
  JournalEntryDto,
  LedgerAccountDto,
  PostJournalEntryDto,
  TrialBalanceDto,
  UpdateLedgerAccountDto,
} from '@pos/contracts';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/api/http';

// The books' calls (issue 13): one place for paths and query keys.
const id = (value: string) => encodeURIComponent(value);

export type JournalQuery = {
  page: number;
  pageSize: number;
  sourceType?: string;
  accountId?: string;
  branchId?: string;
  from?: string;
  to?: string;
};
export type TrialBalanceQuery = { from?: string; to?: string; branchId?: string };

export const accountingKeys = {
  all: ['accounting'] as const,
  accounts: ['accounting', 'accounts'] as const,
  journal: (query: JournalQuery) => ['accounting', 'journal', query] as const,
  trialBalance: (query: TrialBalanceQuery) => ['accounting', 'trial-balance', query] as const,
};

export const accountingApi = {
  accounts: () => http.get<LedgerAccountDto[]>('/Accounts'),
  createAccount: (dto: CreateLedgerAccountDto) => http.post<LedgerAccountDto>('/Accounts', dto),
  updateAccount: (accountId: string, dto: UpdateLedgerAccountDto) =>
    http.patch<LedgerAccountDto>(`/Accounts/${id(accountId)}`, dto),
  deleteAccount: (accountId: string) => http.delete<void>(`/Accounts/${id(accountId)}`),
  journal: (query: JournalQuery) => http.list<JournalEntryDto>('/JournalEntries', query),
  postEntry: (dto: PostJournalEntryDto) => http.post<JournalEntryDto>('/JournalEntries', dto),
  reverseEntry: (entryId: string, reason: string) =>
    http.post<JournalEntryDto>(`/JournalEntries/${id(entryId)}/reverse`, { reason }),
  trialBalance: (query: TrialBalanceQuery) =>
    http.get<TrialBalanceDto>('/reports/TrialBalance', query),
};

export function useAccounts() {
  return useQuery({
    queryKey: accountingKeys.accounts,
    queryFn: accountingApi.accounts,
    staleTime: 60_000,
  });
}

/** An account's name in the interface language (the Arabic name when there is no English one). */
export const accountName = (a: { nameAr: string; nameEn: string | null }, language: string) =>
  language.startsWith('en') && a.nameEn ? a.nameEn : a.nameAr;
