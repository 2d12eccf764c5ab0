import {
  E_INVOICE_API,
  type CreateEInvoiceDto,
  type EInvoiceDetailDto,
  type EInvoiceListItemDto,
  type EInvoiceStateDto,
  type SaleDto,
} from '@pos/contracts';
import { http, type Query } from '../../../shared/api/http';

const id = (value: string) => encodeURIComponent(value);
// the contract's paths carry the /api prefix the http client adds itself
const path = (p: string) => p.replace(/^\/api/, '');

export type EInvoiceListQuery = {
  page: number;
  pageSize: number;
  q?: string;
  status?: string;
  documentType?: string;
};

export const einvoiceKeys = {
  all: ['einvoices'] as const,
  list: (query: EInvoiceListQuery) => ['einvoices', 'list', query] as const,
  one: (docId: string) => ['einvoices', 'one', docId] as const,
  originals: ['einvoices', 'originals'] as const,
};

export const einvoicesApi = {
  list: (query: EInvoiceListQuery) =>
    http.list<EInvoiceListItemDto>(path(E_INVOICE_API.list), query as Query),
  get: (docId: string) => http.get<EInvoiceDetailDto>(path(E_INVOICE_API.detail(id(docId)))),
  create: (body: CreateEInvoiceDto) => http.post<EInvoiceDetailDto>(path(E_INVOICE_API.list), body),
  state: (docId: string, body: EInvoiceStateDto) =>
    http.post<EInvoiceDetailDto>(path(E_INVOICE_API.state(id(docId))), body),
  retry: (docId: string) => http.post<EInvoiceDetailDto>(path(E_INVOICE_API.retry(id(docId)))),
  /** valid invoices a credit / debit note can reference */
  originals: () =>
    http.list<EInvoiceListItemDto>(path(E_INVOICE_API.list), {
      status: 'valid',
      documentType: 'i',
      pageSize: 200,
    }),
  saleByNumber: (number: string) => http.get<SaleDto>(`/invoices/by-number/${id(number)}`),
};
