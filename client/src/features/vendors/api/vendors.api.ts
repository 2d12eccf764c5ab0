import type {
  VendorOpenInvoicesDto,
  VendorPaymentDto,
  VendorPaymentReceiptDto,
  VendorPaymentVaultDto,
  VendorStatementDto,
} from '@pos/contracts';
import { http, type WriteOptions, pathId } from '../../../shared/api/http';

// A vendor's account beyond the resource kit's list and form (server: VendorsController).
export type StatementPeriod = { from?: string; to?: string };

export const vendorKeys = {
  all: ['vendors'] as const,
  statement: (vendorId: string, period: StatementPeriod) =>
    ['vendors', 'statement', vendorId, period] as const,
  openInvoices: (vendorId: string) => ['vendors', 'open-invoices', vendorId] as const,
  receipt: (paymentId: string) => ['vendors', 'receipt', paymentId] as const,
  vaults: ['vendors', 'payment-vaults'] as const,
};

export const vendorsApi = {
  statement: (vendorId: string, period: StatementPeriod) =>
    http.get<VendorStatementDto>(`/Vendors/${pathId(vendorId)}/statement`, period),
  openInvoices: (vendorId: string) =>
    http.get<VendorOpenInvoicesDto>(`/Vendors/${pathId(vendorId)}/open-invoices`),
  receipt: (paymentId: string) =>
    http.get<VendorPaymentReceiptDto>(`/Vendors/payments/${pathId(paymentId)}`),
  vaults: () => http.get<VendorPaymentVaultDto[]>('/Vendors/payment-vaults'),
  pay: (vendorId: string, body: VendorPaymentDto, options?: WriteOptions) =>
    http.post<VendorPaymentReceiptDto>(`/Vendors/${pathId(vendorId)}/payments`, body, options),
};
