import 'reflect-metadata';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsIn,
  IsNumberString,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  MaxLength,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { NameText } from './resource-dto';
import type { EReceiptStatus, EtaErrorDto } from './eta.dto';
import { E_RECEIPT_STATUSES } from './eta.dto';
import { ListQueryDto } from './list.dto';

// ETA e-invoices (issue 17 item 4): B2B invoices and credit/debit notes, v1.0, CAdES-BES signed.
// Built by libs/contracts/src/eta/invoice.ts; submitted by the BullMQ worker of the einvoicing
// module. Statuses are the receipts' (E_RECEIPT_STATUSES).

export const E_INVOICE_API = {
  /** GET ?EInvoiceListQueryDto → EInvoiceListItemDto[] (X-Total-Count); POST CreateEInvoiceDto → EInvoiceDetailDto */
  list: '/api/E-invoices/documents',
  /** GET → EInvoiceDetailDto */
  detail: (id: string) => `/api/E-invoices/documents/${id}`,
  /** POST EInvoiceStateDto → EInvoiceDetailDto: cancel (issuer) or reject, with a reason */
  state: (id: string) => `/api/E-invoices/documents/${id}/state`,
  /** POST (no body) → EInvoiceDetailDto: re-queue a dead-lettered or rejected-at-submission one */
  retry: (id: string) => `/api/E-invoices/documents/${id}/retry`,
  /** GET → EtaSignerResponseDto; PUT EtaSignerDto → EtaSignerResponseDto (admins) */
  signer: '/api/E-invoices/CompanyInfo/signer',
} as const;

export const E_INVOICE_TYPES = ['i', 'c', 'd'] as const;
export type EInvoiceType = (typeof E_INVOICE_TYPES)[number];
export const E_INVOICE_RECEIVER_TYPES = ['B', 'P', 'F'] as const;
export type EInvoiceReceiverType = (typeof E_INVOICE_RECEIVER_TYPES)[number];
/** issuer: cancelled; receiver: rejected (PUT documents/state/{uuid}/state) */
export const E_INVOICE_STATE_CHANGES = ['cancelled', 'rejected'] as const;
export type EInvoiceStateChange = (typeof E_INVOICE_STATE_CHANGES)[number];

const DECIMAL = /^\d{1,12}(\.\d{1,5})?$/;

export class EInvoiceAddressDto {
  @IsString() @Matches(/^[A-Z]{2}$/) country: string;
  @IsString() @Matches(/\S/) @MaxLength(100) governate: string;
  @IsString() @Matches(/\S/) @MaxLength(100) regionCity: string;
  @IsString() @Matches(/\S/) @MaxLength(200) street: string;
  @IsString() @Matches(/\S/) @MaxLength(100) buildingNumber: string;
  @IsOptional() @IsString() @MaxLength(30) postalCode?: string;
}

export class EInvoiceReceiverDto {
  @IsIn(E_INVOICE_RECEIVER_TYPES) type: EInvoiceReceiverType;
  /** B: RIN (9 digits); P: national ID (14 digits, required from 150,000 EGP); F: foreign ID */
  @IsOptional() @IsString() @MaxLength(30) id?: string;
  @NameText()
  @IsOptional()
  @IsString()
  @MaxLength(200)
  name?: string;
  @IsOptional() @ValidateNested() @Type(() => EInvoiceAddressDto) address?: EInvoiceAddressDto;
}

/** A line entered directly (EGP decimals as text, ≤ 5 dp). */
export class EInvoiceLineDto {
  @IsString() @Matches(/\S/) @MaxLength(500) description: string;
  @IsIn(['GS1', 'EGS']) itemType: 'GS1' | 'EGS';
  @IsString() @Matches(/\S/) @MaxLength(100) itemCode: string;
  @IsString() @Matches(/^[A-Z0-9]{1,10}$/) unitType: string;
  @IsString() @Matches(/\S/) @MaxLength(50) internalCode: string;
  @IsNumberString() @Matches(DECIMAL) quantity: string;
  /** unit value before taxes, EGP */
  @IsNumberString() @Matches(DECIMAL) unitValue: string;
  /** discount before taxes, percent */
  @IsOptional() @IsNumberString() @Matches(DECIMAL) discountRate?: string;
  /** VAT percent (0 = none), subtype V009 unless vatSubType */
  @IsNumberString() @Matches(DECIMAL) vatRate: string;
  @IsOptional() @IsString() @Matches(/^V0(0[1-9]|10)$/) vatSubType?: string;
}

export class CreateEInvoiceDto {
  @IsIn(E_INVOICE_TYPES) documentType: EInvoiceType;
  /** from a completed sale (its lines and branch), or lines entered directly */
  @ValidateIf((o: CreateEInvoiceDto) => !o.lines) @IsUUID() saleId?: string;
  @ValidateIf((o: CreateEInvoiceDto) => !o.saleId)
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(200)
  @ValidateNested({ each: true })
  @Type(() => EInvoiceLineDto)
  lines?: EInvoiceLineDto[];
  /** direct entry: the issuing branch (default: the user's branch) */
  @IsOptional() @IsUUID() branchId?: string;
  @ValidateNested() @Type(() => EInvoiceReceiverDto) receiver: EInvoiceReceiverDto;
  /** credit / debit notes: the original e-invoice (ours, valid) */
  @ValidateIf((o: CreateEInvoiceDto) => o.documentType !== 'i') @IsUUID() referenceId?: string;
  @IsOptional() @IsString() @MaxLength(100) purchaseOrderReference?: string;
}

export class EInvoiceStateDto {
  @IsIn(E_INVOICE_STATE_CHANGES) status: EInvoiceStateChange;
  @IsString() @Matches(/\S/) @MaxLength(500) reason: string;
}

export class EInvoiceListQueryDto extends ListQueryDto {
  @IsOptional() @IsIn(E_RECEIPT_STATUSES) status?: EReceiptStatus;
  @IsOptional() @IsIn(E_INVOICE_TYPES) documentType?: EInvoiceType;
  @IsOptional() @IsUUID() branchId?: string;
}

export type EInvoiceListItemDto = {
  id: string;
  documentType: EInvoiceType;
  internalId: string;
  branchId: string;
  branchName: string;
  saleId: string | null;
  receiverType: EInvoiceReceiverType;
  receiverId: string | null;
  receiverName: string | null;
  /** ETA's UUID, once the submission was accepted */
  uuid: string | null;
  status: EReceiptStatus;
  deadLetter: boolean;
  /** a cancel/reject sent to ETA and not answered yet */
  stateRequest: EInvoiceStateChange | null;
  /** ETA decimal text (EGP) */
  totalAmount: string;
  dateTimeIssued: string;
  createdAt: string;
  updatedAt: string;
};

export type EInvoiceDetailDto = EInvoiceListItemDto & {
  /** the exact JSON text sent (signed), or the unsigned document while it waits */
  json: string;
  signed: boolean;
  longId: string | null;
  submissionId: string | null;
  /** the share link of a valid document ({portal}/documents/{uuid}/share/{longId}) */
  shareUrl: string | null;
  referenceId: string | null;
  referenceUuid: string | null;
  referenceInternalId: string | null;
  errors: EtaErrorDto[];
  lastError: string | null;
  attempts: number;
  stateReason: string | null;
  /** ETA's answer when it refused the cancel / reject */
  stateError: string | null;
  submittedAt: string | null;
  validatedAt: string | null;
};

/**
 * The signer of e-invoices: the company's e-seal as a PKCS#12 file (uploaded from the company
 * info page, or a path on the server), or a local signing agent holding the USB token.
 */
export const ETA_SIGNER_KINDS = ['p12', 'agent'] as const;
export type EtaSignerKind = (typeof ETA_SIGNER_KINDS)[number];

/** A PKCS#12 file is a few KB; Base64 of at most 64 KB. */
export const ETA_P12_MAX_BASE64 = 87_400;

export class EtaSignerDto {
  @IsIn(ETA_SIGNER_KINDS) kind: EtaSignerKind;
  /** p12: the file itself, Base64 (write-only, stored encrypted); omitted = keep the stored one */
  @IsOptional()
  @IsString()
  @Matches(/^[A-Za-z0-9+/]+={0,2}$/)
  @MaxLength(ETA_P12_MAX_BASE64)
  p12Base64?: string;
  /** p12: the file's path on the server (instead of an upload) */
  @IsOptional()
  @IsString()
  @Matches(/\S/)
  @MaxLength(500)
  p12Path?: string;
  /** write-only (encrypted with MASTER_KEY); omitted = keep */
  @IsOptional() @IsString() @MaxLength(200) p12Password?: string;
  @ValidateIf((o: EtaSignerDto) => o.kind === 'agent')
  @IsString()
  @Matches(/^https?:\/\/\S+$/)
  @MaxLength(500)
  agentUrl?: string;
  /** write-only (encrypted); omitted = keep, '' = clear */
  @IsOptional() @IsString() @MaxLength(200) agentSecret?: string;
}

export type EtaSignerResponseDto = {
  kind: EtaSignerKind | null;
  p12Path: string | null;
  /** an uploaded PKCS#12 file is stored (never returned) */
  hasP12File: boolean;
  hasP12Password: boolean;
  /** the seal's certificate: subject and expiry (ISO), when a PKCS#12 is set */
  certificateSubject: string | null;
  certificateNotAfter: string | null;
  agentUrl: string | null;
  hasAgentSecret: boolean;
};
