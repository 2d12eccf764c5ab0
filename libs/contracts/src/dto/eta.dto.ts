import 'reflect-metadata';
import {
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import { NameText } from './resource-dto';
import { ListQueryDto } from './list.dto';

// Egyptian Tax Authority e-receipts / e-invoices (issue 17). FACTS: /work/shared/eta/FACTS.md.

/** preprod is the default; sim = the local simulator at ETA_SIM_URL (tests and the demo). */
export const ETA_ENVIRONMENTS = ['preprod', 'prod', 'sim'] as const;
export type EtaEnvironment = (typeof ETA_ENVIRONMENTS)[number];

/**
 * The life of an e-receipt (and an e-document): draft (built, not yet chained), queued (chained,
 * UUID fixed, waiting for the worker), submitted (ETA accepted the submission, validation pending),
 * valid / invalid (ETA's verdict), rejected (rejected synchronously by ETA at submission),
 * cancelled. A receipt whose retries ran out stays queued with `deadLetter: true` until an admin
 * retries it (POST ETA_API.receiptRetry).
 */
export const E_RECEIPT_STATUSES = [
  'draft',
  'queued',
  'submitted',
  'valid',
  'invalid',
  'rejected',
  'cancelled',
  // a till's receipt the server did not submit: its chain or its UUID did not check out (issue 32
  // item 6, docs/offline.md); the reason is its lastError (E_RECEIPT_HOLD_REASONS)
  'chain_broken',
] as const;
export type EReceiptStatus = (typeof E_RECEIPT_STATUSES)[number];
/** The statuses the worker still has to act on. */
export const E_RECEIPT_PENDING_STATUSES: EReceiptStatus[] = ['draft', 'queued', 'submitted'];
/** Final: nothing more happens without an admin. */
export const E_RECEIPT_FINAL_STATUSES: EReceiptStatus[] = [
  'valid',
  'invalid',
  'rejected',
  'cancelled',
];

/** s = sale receipt, r = return receipt (header.referenceUUID = the sale's receipt UUID). */
export const E_RECEIPT_KINDS = ['s', 'r'] as const;
export type EReceiptKind = (typeof E_RECEIPT_KINDS)[number];

/** Taxpayer registration number: exactly 9 digits. */
export const ETA_RIN_PATTERN = /^\d{9}$/;

/** Company info (the taxpayer). Secrets are write-only: omitted = keep, '' = clear. */
export class EtaCompanyInfoDto {
  @IsString() @Matches(ETA_RIN_PATTERN) rin: string;
  @NameText()
  @IsString()
  @Matches(/\S/)
  @MaxLength(200)
  name: string;
  /** ETA activity code (e.g. 4711) */
  @IsString() @Matches(/^\d{4}$/) activityCode: string;
  /** ISO country code of the issuer address, normally EG */
  @IsString() @Matches(/^[A-Z]{2}$/) country: string;
  @IsString() @Matches(/\S/) @MaxLength(100) governate: string;
  @IsString() @Matches(/\S/) @MaxLength(100) regionCity: string;
  @IsString() @Matches(/\S/) @MaxLength(200) street: string;
  @IsString() @Matches(/\S/) @MaxLength(100) buildingNumber: string;
  @IsOptional() @IsString() @MaxLength(30) postalCode?: string;
  @IsIn(ETA_ENVIRONMENTS) environment: EtaEnvironment;
  /** ERP client id (e-invoices) */
  @IsOptional() @IsString() @MaxLength(200) erpClientId?: string;
  /** write-only, encrypted with MASTER_KEY; never returned */
  @IsOptional() @IsString() @MaxLength(200) erpClientSecret?: string;
  /** receipts per submission (1..500, default 50) */
  @IsOptional() @IsInt() @Min(1) @Max(500) receiptBatchSize?: number;
}

export type EtaCompanyInfoResponseDto = Omit<EtaCompanyInfoDto, 'erpClientSecret'> & {
  /** false until company info is saved once */
  configured: boolean;
  /** the secret is never returned; only whether one is stored ("set") */
  hasErpClientSecret: boolean;
  receiptBatchSize: number;
  branches: EtaBranchSettingsResponseDto[];
  updatedAt: string | null;
};

/** The e-receipts switch of a branch (its POS serial and credentials live on the branch). */
export class EtaBranchSettingsDto {
  @IsBoolean() eReceiptsEnabled: boolean;
}

export type EtaBranchSettingsResponseDto = {
  branchId: string;
  branchName: string;
  eReceiptsEnabled: boolean;
  /** the branch's ETA branch code (taxBranchNumber), '0' for the head office */
  branchCode: string | null;
  posSerial: string | null;
  hasReceiptClientId: boolean;
  hasReceiptClientSecret: boolean;
};

export class EReceiptListQueryDto extends ListQueryDto {
  @IsOptional() @IsIn(E_RECEIPT_STATUSES) status?: EReceiptStatus;
  @IsOptional() @IsUUID() branchId?: string;
  /** only receipts whose retries ran out (the dead-letter list) */
  @IsOptional() @IsIn(['true', 'false']) deadLetter?: string;
}

/** One of ETA's validation messages (as ETA sent it, plus the target property). */
export type EtaErrorDto = {
  code: string;
  message: string;
  target?: string;
  propertyPath?: string;
};

export type EReceiptListItemDto = {
  id: string;
  kind: EReceiptKind;
  /** the sale (kind s) or the sale being returned (kind r) */
  saleId: string;
  /** the return's id (kind r) */
  returnId: string | null;
  receiptNumber: string;
  branchId: string;
  branchName: string;
  posSerial: string;
  uuid: string;
  previousUuid: string;
  status: EReceiptStatus;
  deadLetter: boolean;
  attempts: number;
  /** ETA decimal text, e.g. "114.00000" (EGP, not piasters) */
  totalAmount: string;
  /** header.dateTimeIssued (UTC) */
  dateTimeIssued: string;
  submissionId: string | null;
  createdAt: string;
  updatedAt: string;
};

export type EReceiptDetailDto = EReceiptListItemDto & {
  /** the exact JSON text sent (or to be sent) to ETA */
  json: string;
  /** the text of the QR printed on the receipt (FACTS §4.6) */
  qr: string;
  /** the sale receipt's UUID (kind r) */
  referenceUuid: string | null;
  /** a correction: the invalid receipt's UUID it re-issues */
  referenceOldUuid: string | null;
  /** an invalid receipt already corrected: the correction's id */
  correctedById: string | null;
  errors: EtaErrorDto[];
  /** the last transport error (network/429/5xx) while retrying */
  lastError: string | null;
  nextAttemptAt: string | null;
  submittedAt: string | null;
  validatedAt: string | null;
};

/** What the printed 80 mm receipt needs: the UUID and the QR text (FACTS §4.6). */
export type EReceiptPrintDto = {
  id: string;
  kind: EReceiptKind;
  returnId: string | null;
  uuid: string;
  qr: string;
  status: EReceiptStatus;
  dateTimeIssued: string;
  totalAmount: string;
  /** the issuer's tax registration number (RIN) and ETA branch code, as sent to ETA */
  issuerRin: string;
  branchCode: string;
};

export type EInvoiceQueueDto = {
  /** receipts (and documents) not final yet: draft, queued, submitted */
  depth: number;
  byStatus: Record<EReceiptStatus, number>;
  /** dead-lettered (retries ran out) */
  deadLetter: number;
  /** invalid + rejected */
  failures: number;
  /** seconds since the oldest pending receipt was created; null when none */
  oldestPendingAgeSeconds: number | null;
};
