import type {
  CloseShiftDto,
  CreateReturnDto,
  CreateSaleDto,
  DailyReportDto,
  EditSaleDto,
  OpenShiftDto,
  ReturnDto,
  SaleDto,
  ShiftDto,
} from '@pos/contracts';
import { http, request, type Query, type WriteOptions, pathId } from '../../../shared/api/http';

// The payment-method look-ups moved to shared/api/paymentMethods.ts (POS, customers and the
// printed documents use them too); re-exported for this feature's pages.
export { methodName, useMethodLabel, usePaymentMethods } from '../../../shared/api/paymentMethods';

// Calls of docs/api-sales.md (issue 5), one place for paths and query keys.
export type InvoiceHistoryEntry = {
  id: string;
  action: string;
  at: string;
  userName: string | null;
  /** the edit's reason (null for the other actions) */
  reason: string | null;
  before: unknown;
  after: unknown;
};

export const salesKeys = {
  all: ['sales'] as const,
  currentShift: ['sales', 'shift', 'current'] as const,
  shifts: (query: Query) => ['sales', 'shifts', query] as const,
  shift: (shiftId: string) => ['sales', 'shift', shiftId] as const,
  invoices: (query: Query) => ['sales', 'invoices', query] as const,
  invoice: (invoiceId: string) => ['sales', 'invoice', invoiceId] as const,
  history: (invoiceId: string) => ['sales', 'invoice', invoiceId, 'history'] as const,
  daily: (date: string) => ['sales', 'daily', date] as const,
};

export const salesApi = {
  currentShift: () => http.get<ShiftDto | null>('/Shift/current').then((s) => s ?? null),
  openShift: (body: OpenShiftDto, options?: WriteOptions) =>
    http.post<ShiftDto>('/Shift/open', body, options),
  closeShift: (shiftId: string, body: CloseShiftDto, options?: WriteOptions) =>
    http.post<ShiftDto>(`/Shift/${pathId(shiftId)}/close`, body, options),
  shifts: (query: Query) => http.list<ShiftDto>('/Shift', query),
  shift: (shiftId: string) => http.get<ShiftDto>(`/Shift/${pathId(shiftId)}`),

  createSale: (body: CreateSaleDto) => http.post<SaleDto>('/Sales', body),
  /** Invoices + X-Total-Count + X-Total-Amount (only with can_see_invoices_totals). */
  async invoices(
    query: Query,
  ): Promise<{ rows: SaleDto[]; total: number; totalAmount: number | null }> {
    const res = await request('/invoices', { query });
    const rows = ((await res.json().catch(() => [])) ?? []) as SaleDto[];
    const count = Number(res.headers.get('X-Total-Count') ?? rows.length);
    const amount = res.headers.get('X-Total-Amount');
    return {
      rows,
      total: Number.isFinite(count) ? count : rows.length,
      totalAmount:
        amount !== null && amount !== '' && Number.isFinite(Number(amount)) ? Number(amount) : null,
    };
  },
  invoiceByNumber: (number: string) => http.get<SaleDto>(`/invoices/by-number/${pathId(number)}`),
  invoice: (invoiceId: string) => http.get<SaleDto>(`/invoices/${pathId(invoiceId)}`),
  editInvoice: (invoiceId: string, body: EditSaleDto, options?: WriteOptions) =>
    http.patch<SaleDto>(`/invoices/${pathId(invoiceId)}`, body, options),
  history: (invoiceId: string) =>
    http.get<InvoiceHistoryEntry[]>(`/invoices/${pathId(invoiceId)}/history`),
  createReturn: (invoiceId: string, body: CreateReturnDto, options?: WriteOptions) =>
    http.post<ReturnDto>(`/invoices/${pathId(invoiceId)}/returns`, body, options),
  returnDoc: (returnId: string) => http.get<ReturnDto>(`/returns/${pathId(returnId)}`),

  daily: (date: string | undefined) => http.get<DailyReportDto>('/DailyReport', { date }),
};
