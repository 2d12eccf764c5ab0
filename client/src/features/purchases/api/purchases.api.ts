import type {
  PurchaseInvoiceCreateDto,
  PurchaseInvoiceDto,
  PurchaseInvoiceInputDto,
  PurchaseInvoicePostDto,
  PurchaseOptionsDto,
  PurchaseReturnCreateDto,
  PurchaseReturnDto,
  VendorLookupDto,
} from '@pos/contracts';
import { http, type WriteOptions, pathId } from '../../../shared/api/http';

export const purchaseKeys = {
  all: ['purchases'] as const,
  options: ['purchases', 'options'] as const,
  vendors: (q: string) => ['purchases', 'vendors', q] as const,
  recent: ['purchases', 'recent'] as const,
  one: (invoiceId: string) => ['purchases', 'one', invoiceId] as const,
};

export const purchasesApi = {
  options: () => http.get<PurchaseOptionsDto>('/PurchaseInvoices/options'),
  vendors: (q: string) => http.get<VendorLookupDto[]>('/PurchaseInvoices/vendors', { q }),
  recent: (page: number, pageSize: number) =>
    http.list<PurchaseInvoiceDto>('/PurchaseInvoices', { page, pageSize }),
  get: (invoiceId: string) =>
    http.get<PurchaseInvoiceDto>(`/PurchaseInvoices/${pathId(invoiceId)}`),
  create: (dto: PurchaseInvoiceCreateDto, options?: WriteOptions) =>
    http.post<PurchaseInvoiceDto>('/PurchaseInvoices', dto, options),
  update: (invoiceId: string, dto: PurchaseInvoiceInputDto, options?: WriteOptions) =>
    http.patch<PurchaseInvoiceDto>(`/PurchaseInvoices/${pathId(invoiceId)}`, dto, options),
  post: (invoiceId: string, dto: PurchaseInvoicePostDto, options?: WriteOptions) =>
    http.post<PurchaseInvoiceDto>(`/PurchaseInvoices/${pathId(invoiceId)}/post`, dto, options),
  returnGoods: (invoiceId: string, dto: PurchaseReturnCreateDto, options?: WriteOptions) =>
    http.post<PurchaseReturnDto>(`/PurchaseInvoices/${pathId(invoiceId)}/returns`, dto, options),
};
