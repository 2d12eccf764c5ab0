import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { EReceiptKind, EReceiptStatus, EtaEnvironment, EtaErrorDto } from '@pos/contracts';

/** The taxpayer (one row, id 1). The ERP secret is encrypted with MASTER_KEY (SecretsService). */
@Entity('eta_company')
export class EtaCompanyEntity {
  @PrimaryColumn('integer') id: number;
  @Column('text') rin: string;
  @Column('text') name: string;
  @Column('text') activityCode: string;
  @Column('text') country: string;
  @Column('text') governate: string;
  @Column('text') regionCity: string;
  @Column('text') street: string;
  @Column('text') buildingNumber: string;
  @Column('text', { nullable: true }) postalCode: string | null;
  @Column('text', { default: 'preprod' }) environment: EtaEnvironment;
  @Column('text', { nullable: true }) erpClientId: string | null;
  @Column('text', { nullable: true }) erpClientSecret: string | null;
  @Column('integer', { default: 50 }) receiptBatchSize: number;
  @Column('timestamptz', { default: () => 'now()' }) updatedAt: Date;
}

/** The head of a POS serial's UUID chain; locked FOR UPDATE while a receipt is chained. */
@Entity('e_receipt_chains')
export class EReceiptChainEntity {
  @PrimaryColumn('text') posSerial: string;
  @Column('text', { default: '' }) lastUuid: string;
  @Column('integer', { default: 0 }) lastSeq: number;
  @Column('timestamptz', { default: () => 'now()' }) updatedAt: Date;
}

@Entity('e_receipts')
export class EReceiptEntity {
  @PrimaryColumn('uuid') id: string;
  @Column('varchar', { length: 1 }) kind: EReceiptKind;
  @Column('uuid') saleId: string;
  @Column('uuid', { nullable: true }) returnId: string | null;
  @Column('uuid') branchId: string;
  @Column('text') posSerial: string;
  @Column('integer') chainSeq: number;
  @Column('text') receiptNumber: string;
  @Column('text') uuid: string;
  @Column('text') previousUuid: string;
  @Column('text', { nullable: true }) referenceUuid: string | null;
  /** a correction: the UUID of the invalid receipt it re-issues */
  @Column('text', { nullable: true }) referenceOldUuid: string | null;
  @Column('text') dateTimeIssued: string;
  @Column('numeric', { precision: 20, scale: 5 }) totalAmount: string;
  /** the exact JSON text sent to ETA */
  @Column('text') json: string;
  @Column('text') status: EReceiptStatus;
  @Column('boolean', { default: false }) deadLetter: boolean;
  @Column('text', { nullable: true }) submissionId: string | null;
  @Column('jsonb', { default: () => "'[]'" }) errors: EtaErrorDto[];
  @Column('text', { nullable: true }) lastError: string | null;
  @Column('integer', { default: 0 }) attempts: number;
  @Column('timestamptz', { default: () => 'now()' }) nextAttemptAt: Date;
  @Column('timestamptz', { nullable: true }) submitStartedAt: Date | null;
  @Column('timestamptz', { nullable: true }) submittedAt: Date | null;
  @Column('timestamptz', { nullable: true }) validatedAt: Date | null;
  @Column('timestamptz', { default: () => 'now()' }) createdAt: Date;
  @Column('timestamptz', { default: () => 'now()' }) updatedAt: Date;
}

/**
 * E-invoices / credit / debit notes (v1.0, signed). The flow's columns (receiver, reference, signed
 * text, queue marks, cancel/reject requests: migration 1796030000000) are read and written in SQL by
 * the commands, the worker (jobs/eta-document.service.ts) and the reads.
 */
@Entity('e_documents')
export class EDocumentEntity {
  @PrimaryColumn('uuid') id: string;
  @Column('varchar', { length: 2 }) documentType: string;
  @Column('uuid', { nullable: true }) saleId: string | null;
  @Column('uuid') branchId: string;
  @Column('text') internalId: string;
  @Column('text', { nullable: true }) uuid: string | null;
  @Column('text', { nullable: true }) longId: string | null;
  @Column('text') json: string;
  @Column('text') status: string;
  @Column('text', { nullable: true }) submissionId: string | null;
  @Column('jsonb', { default: () => "'[]'" }) errors: EtaErrorDto[];
  @Column('integer', { default: 0 }) attempts: number;
  @Column('timestamptz', { default: () => 'now()' }) createdAt: Date;
  @Column('timestamptz', { default: () => 'now()' }) updatedAt: Date;
}
