import {
  EXPENSES_PATH,
  type DueRecurringExpenseDto,
  type ExpenseCreateDto,
  type ExpenseDto,
  type ExpenseOptionsDto,
  type ExpenseTotalsDto,
} from '@pos/contracts';
import { http, type WriteOptions, pathId } from '../../../shared/api/http';

export type ExpenseListQuery = {
  page: number;
  pageSize: number;
  q?: string;
  categoryId?: string;
  branchId?: string;
  status?: 'recorded' | 'void';
  from?: string;
  to?: string;
};

export const expenseKeys = {
  all: ['expenses'] as const,
  list: (query: ExpenseListQuery) => ['expenses', 'list', query] as const,
  totals: (query: Omit<ExpenseListQuery, 'page' | 'pageSize'>) =>
    ['expenses', 'totals', query] as const,
  due: ['expenses', 'due'] as const,
  options: ['expenses', 'options'] as const,
};

export const expensesApi = {
  list: (query: ExpenseListQuery) => http.list<ExpenseDto>(EXPENSES_PATH, query),
  totals: (query: Omit<ExpenseListQuery, 'page' | 'pageSize'>) =>
    http.get<ExpenseTotalsDto>(`${EXPENSES_PATH}/totals`, query),
  due: () => http.get<DueRecurringExpenseDto[]>(`${EXPENSES_PATH}/due`),
  options: () => http.get<ExpenseOptionsDto>(`${EXPENSES_PATH}/options`),
  /** Multipart: the expense as JSON in `data`, the receipt photo in `file`. */
  record: (dto: ExpenseCreateDto, file: File | null, options?: WriteOptions) => {
    const form = new FormData();
    form.append('data', JSON.stringify(dto));
    if (file) form.append('file', file);
    return http.post<ExpenseDto>(EXPENSES_PATH, form, options);
  },
  void: (expenseId: string, reason: string, options?: WriteOptions) =>
    http.post<ExpenseDto>(`${EXPENSES_PATH}/${pathId(expenseId)}/void`, { reason }, options),
  attachmentUrl: (expenseId: string) => `/api${EXPENSES_PATH}/${pathId(expenseId)}/attachment`,
};
