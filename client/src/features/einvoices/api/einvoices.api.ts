import type {
  CreateEInvoiceDto,
  EInvoiceDetailDto,
  EInvoiceListItemDto,
  EInvoiceStateDto,
  SaleDto,
} from '@pos/contracts';
import { http, type Query, pathId } from '../../../shared/api/http';

// E_INVOICE_API's paths without /api (the http client adds it); not imported at run time, which
// would bring the DTO module into these pages
const DOCS = '/E-invoices/documents';

export const einvoiceKeys = {
  all: ['einvoices'] as const,
  list: (query: Query) => ['einvoices', 'list', query] as const,
  one: (docId: string) => ['einvoices', 'one', docId] as const,
  originals: ['einvoices', 'originals'] as const,
};

export const einvoicesApi = {
  list: (query: Query) => http.list<EInvoiceListItemDto>(DOCS, query),
  get: (docId: string) => http.get<EInvoiceDetailDto>(`${DOCS}/${pathId(docId)}`),
  create: (body: CreateEInvoiceDto) => http.post<EInvoiceDetailDto>(DOCS, body),
  state: (docId: string, body: EInvoiceStateDto) =>
    http.post<EInvoiceDetailDto>(`${DOCS}/${pathId(docId)}/state`, body),
  retry: (docId: string) => http.post<EInvoiceDetailDto>(`${DOCS}/${pathId(docId)}/retry`),
  /** valid invoices a credit / debit note can reference */
  originals: () =>
    http.list<EInvoiceListItemDto>(DOCS, {
      status: 'valid',
      documentType: 'i',
      pageSize: 200,
    }),
  saleByNumber: (number: string) => http.get<SaleDto>(`/invoices/by-number/${pathId(number)}`),
};
