import type {
  AccountStatementDto,
  BalanceSheetDto,
  IncomeStatementDto,
  JournalEntryDto,
  LedgerAccountDto,
  PostJournalEntryDto,
  TrialBalanceDto,
} from '@pos/contracts';
import { useQuery } from '@tanstack/react-query';
import { buildQuery, http, type Query, type WriteOptions, pathId } from '../../../shared/api/http';
import { downloadFile } from '../../../shared/api/download';

// The books' calls (issue 13): one place for paths and query keys.
export type StatementQuery = {
  accountId: string;
  from?: string;
  to?: string;
  branchId?: string;
  partyType?: 'customer' | 'vendor';
  partyId?: string;
};
export type PeriodQuery = { from?: string; to?: string; branchId?: string };
export type BalanceSheetQuery = { at?: string; branchId?: string };

export const accountingKeys = {
  all: ['accounting'] as const,
  accounts: ['accounting', 'accounts'] as const,
  journal: (query: Query) => ['accounting', 'journal', query] as const,
  trialBalance: (query: PeriodQuery) => ['accounting', 'trial-balance', query] as const,
  statement: (query: StatementQuery) => ['accounting', 'statement', query] as const,
  incomeStatement: (query: PeriodQuery) => ['accounting', 'income-statement', query] as const,
  balanceSheet: (query: BalanceSheetQuery) => ['accounting', 'balance-sheet', query] as const,
};

/** The reports' paths under /api; `?format=xlsx` answers the same report as a workbook. */
export const REPORT_PATHS = {
  trialBalance: '/reports/TrialBalance',
  statement: '/reports/AccountStatement',
  incomeStatement: '/reports/IncomeStatement',
  balanceSheet: '/reports/BalanceSheet',
} as const;

/** Downloads a report's Excel workbook (made on the server in the interface language). */
export const downloadReport = (
  report: keyof typeof REPORT_PATHS,
  query: Record<string, string | undefined>,
) =>
  downloadFile(
    `${REPORT_PATHS[report]}${buildQuery({ ...query, format: 'xlsx' })}`,
    `${report}.xlsx`,
  );

export const accountingApi = {
  accounts: () => http.get<LedgerAccountDto[]>('/Accounts'),
  journal: (query: Query) => http.list<JournalEntryDto>('/JournalEntries', query),
  postEntry: (dto: PostJournalEntryDto, options?: WriteOptions) =>
    http.post<JournalEntryDto>('/JournalEntries', dto, options),
  reverseEntry: (entryId: string, reason: string, options?: WriteOptions) =>
    http.post<JournalEntryDto>(`/JournalEntries/${pathId(entryId)}/reverse`, { reason }, options),
  trialBalance: (query: PeriodQuery) => http.get<TrialBalanceDto>(REPORT_PATHS.trialBalance, query),
  statement: (query: StatementQuery) =>
    http.get<AccountStatementDto>(REPORT_PATHS.statement, query),
  incomeStatement: (query: PeriodQuery) =>
    http.get<IncomeStatementDto>(REPORT_PATHS.incomeStatement, query),
  balanceSheet: (query: BalanceSheetQuery) =>
    http.get<BalanceSheetDto>(REPORT_PATHS.balanceSheet, query),
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
