import type {
  ShiftDto,
  DueInstallmentDto,
  InstallmentCollectDto,
  InstallmentAwaitingDto,
  InstallmentFinanceableDto,
  InstallmentPaymentDto,
  InstallmentPlanCreateDto,
  InstallmentPlanDetailDto,
  InstallmentPlanRowDto,
  InstallmentRescheduleDto,
  InstallmentSettleDto,
  InstallmentSettlementQuoteDto,
  InstallmentSummaryDto,
  InstallmentVaultDto,
} from '@pos/contracts';
import { useQuery } from '@tanstack/react-query';
import { http, type Query, type WriteOptions, pathId } from '../../../shared/api/http';

export const installmentKeys = {
  all: ['installments'] as const,
  list: (query: Query) => ['installments', 'list', query] as const,
  one: (planId: string) => ['installments', 'one', planId] as const,
  due: (branchId: string) => ['installments', 'due', branchId] as const,
  summary: ['installments', 'summary'] as const,
  vaults: ['installments', 'vaults'] as const,
  myShift: ['installments', 'my-shift'] as const,
  quote: (planId: string) => ['installments', 'quote', planId] as const,
  financeable: (saleId: string) => ['installments', 'financeable', saleId] as const,
  awaiting: ['installments', 'awaiting'] as const,
};

export const installmentsApi = {
  list: (query: Query) => http.list<InstallmentPlanRowDto>('/Installments', query),
  get: (planId: string) => http.get<InstallmentPlanDetailDto>(`/Installments/${pathId(planId)}`),
  due: (branchId?: string) => http.get<DueInstallmentDto[]>('/Installments/dueToday', { branchId }),
  summary: () => http.get<InstallmentSummaryDto>('/Installments/summary'),
  vaults: () => http.get<InstallmentVaultDto[]>('/Installments/vaults'),
  /** The signed-in user's open shift (null without one): the till a collection may go into. */
  myShift: () => http.get<ShiftDto | null>('/Shift/current').then((s) => s ?? null),
  financeable: (saleId: string) =>
    http.get<InstallmentFinanceableDto>('/Installments/financeable', { saleId }),
  /** Sales sold on «تقسيط» whose plan was postponed (issue 30 item 7). */
  awaiting: () => http.get<InstallmentAwaitingDto[]>('/Installments/awaiting'),
  create: (body: InstallmentPlanCreateDto, options?: WriteOptions) =>
    http.post<InstallmentPlanDetailDto>('/Installments', body, options),
  collect: (planId: string, body: InstallmentCollectDto, options?: WriteOptions) =>
    http.post<InstallmentPaymentDto>(`/Installments/${pathId(planId)}/collect`, body, options),
  quote: (planId: string, date?: string) =>
    http.get<InstallmentSettlementQuoteDto>(`/Installments/${pathId(planId)}/settlement`, { date }),
  settle: (planId: string, body: InstallmentSettleDto, options?: WriteOptions) =>
    http.post<InstallmentPlanDetailDto>(`/Installments/${pathId(planId)}/settle`, body, options),
  reschedule: (planId: string, body: InstallmentRescheduleDto) =>
    http.post<InstallmentPlanDetailDto>(`/Installments/${pathId(planId)}/reschedule`, body),
};

/** What a sale leaves to finance (the invoice page's "installment plan" action). */
export function useFinanceable(saleId: string, enabled: boolean) {
  return useQuery({
    queryKey: installmentKeys.financeable(saleId),
    queryFn: () => installmentsApi.financeable(saleId),
    enabled,
  });
}
