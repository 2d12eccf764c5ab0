import {
  ETA_API,
  type EInvoiceQueueDto,
  type EReceiptDetailDto,
  type EReceiptListItemDto,
  type EReceiptPrintDto,
  type EtaBranchSettingsDto,
  type EtaBranchSettingsResponseDto,
  type EtaCompanyInfoDto,
  type EtaCompanyInfoResponseDto,
  type EtaSignerDto,
  type EtaSignerResponseDto,
} from '@pos/contracts';
import { http, type Query } from '../../../shared/api/http';

// ETA_API paths start with /api; the http client adds it.
const path = (apiPath: string) => apiPath.replace(/^\/api/, '');

export const etaKeys = {
  all: ['eta'] as const,
  companyInfo: ['eta', 'company-info'] as const,
  signer: ['eta', 'signer'] as const,
  receipts: ['eta', 'receipts'] as const,
  list: (query: Query) => ['eta', 'receipts', 'list', query] as const,
  one: (id: string) => ['eta', 'receipts', 'one', id] as const,
  queue: ['eta', 'queue'] as const,
};

export const etaApi = {
  companyInfo: () => http.get<EtaCompanyInfoResponseDto>(path(ETA_API.companyInfo)),
  saveCompanyInfo: (body: EtaCompanyInfoDto) =>
    http.put<EtaCompanyInfoResponseDto>(path(ETA_API.companyInfo), body),
  setBranch: (branchId: string, body: EtaBranchSettingsDto) =>
    http.put<EtaBranchSettingsResponseDto>(path(ETA_API.branchSettings(branchId)), body),
  queue: () => http.get<EInvoiceQueueDto>(path(ETA_API.queue)),
  /** the e-invoice signer (E_INVOICE_API.signer, written here to keep the DTO module out) */
  signer: () => http.get<EtaSignerResponseDto>('/E-invoices/CompanyInfo/signer'),
  saveSigner: (body: EtaSignerDto) =>
    http.put<EtaSignerResponseDto>('/E-invoices/CompanyInfo/signer', body),
  list: (query: Query) => http.list<EReceiptListItemDto>(path(ETA_API.receipts), query),
  get: (id: string) => http.get<EReceiptDetailDto>(path(ETA_API.receipt(encodeURIComponent(id)))),
  retry: (id: string) => http.post<EReceiptDetailDto>(path(ETA_API.receiptRetry(id))),
  reissue: (id: string) => http.post<EReceiptDetailDto>(path(ETA_API.receiptReissue(id))),
  ofSale: (saleId: string) =>
    http.get<EReceiptPrintDto[]>(path(ETA_API.receiptsOfSale(encodeURIComponent(saleId)))),
};
