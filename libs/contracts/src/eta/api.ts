// The HTTP API of the einvoicing module. Not in dto/eta.dto.ts: a module under dto/ goes to the
// client's `validation` chunk (client/vite.config.ts), and the dashboard layout, which needs these
// paths but no DTO class, would then load and run it (class-validator, every DTO's decorators).

/** The HTTP API of the einvoicing module (all need can_see_einvoice + module Einvoice). */
export const ETA_API = {
  /** GET → EtaCompanyInfoResponseDto; PUT EtaCompanyInfoDto → EtaCompanyInfoResponseDto */
  companyInfo: '/api/E-invoices/CompanyInfo',
  /** PUT EtaBranchSettingsDto → EtaBranchSettingsResponseDto (per-branch e-receipts switch) */
  branchSettings: (branchId: string) => `/api/E-invoices/CompanyInfo/branches/${branchId}`,
  /** GET → EInvoiceQueueDto (depth, failures, oldest pending age) */
  queue: '/api/E-invoices/queue',
  /** GET ?EReceiptListQueryDto → EReceiptListItemDto[] with header X-Total-Count */
  receipts: '/api/E-receipts',
  /** GET → EReceiptDetailDto */
  receipt: (id: string) => `/api/E-receipts/${id}`,
  /**
   * POST (no body) → EReceiptDetailDto: re-queue a dead-lettered or rejected receipt (an invalid
   * one is refused with 409 ETA_RECEIPT_NOT_RETRYABLE: ETA holds it; it needs a correction receipt)
   */
  receiptRetry: (id: string) => `/api/E-receipts/${id}/retry`,
  /**
   * POST (no body) → EReceiptDetailDto of the NEW receipt: the correction of an invalid one (a new
   * receipt of the same sale/return from today's data, header.referenceOldUUID = the invalid
   * UUID); once per invalid receipt (409 ETA_RECEIPT_ALREADY_CORRECTED), only invalid ones (409
   * ETA_RECEIPT_NOT_RETRYABLE)
   */
  receiptReissue: (id: string) => `/api/E-receipts/${id}/reissue`,
  /**
   * GET → EReceiptPrintDto[] (the sale's receipt and its returns' receipts, oldest first; [] when
   * the branch had e-receipts off). Any signed-in user of the sale's branch: the POS prints the QR.
   */
  receiptsOfSale: (saleId: string) => `/api/E-receipts/sale/${saleId}`,
} as const;
