import { Column, Entity, PrimaryColumn } from 'typeorm';
import { moneyColumn } from '../../../core/database/transformers';
import { KeyedRowColumns } from '../../../core/database/columns';

@Entity('vendors')
export class VendorEntity extends KeyedRowColumns {
  @Column('text') name: string;
  @Column('text', { array: true, default: () => "'{}'" }) phones: string[];
  @Column('text', { nullable: true }) address: string | null;
  @Column('text', { nullable: true }) taxNumber: string | null;
  @Column('text', { nullable: true }) commercialRegister: string | null;
  @Column('text', { nullable: true }) notes: string | null;
  /** what the shop owed the vendor when it was entered (piasters; posted once, as a ledger row) */
  @Column('bigint', { transformer: moneyColumn, default: 0 }) openingBalance: number;
  @Column('integer', { default: 0 }) paymentTermsDays: number;
  /** what the shop owes the vendor now, in piasters (> 0); changed only with a ledger row */
  @Column('bigint', { transformer: moneyColumn, default: 0 }) balance: number;
  @Column('boolean', { default: true }) active: boolean;
  /** normalised Arabic/Latin text of the name, phones and tax number (libs/contracts arabic.ts) */
  @Column('text', { default: '' }) searchText: string;
}

export type VendorLedgerType =
  'opening' | 'purchase' | 'return' | 'payment' | 'cheque_bounced' | 'adjustment';

/** One change of a vendor's balance (append-only). amount > 0: the shop owes more. */
@Entity('vendor_ledger')
export class VendorLedgerEntity {
  @PrimaryColumn('uuid') id: string;
  @Column('uuid') vendorId: string;
  @Column('text') type: VendorLedgerType;
  @Column('bigint', { transformer: moneyColumn }) amount: number;
  @Column('bigint', { transformer: moneyColumn }) balanceAfter: number;
  @Column('text', { nullable: true }) referenceType: string | null;
  @Column('uuid', { nullable: true }) referenceId: string | null;
  @Column('text', { nullable: true }) referenceNumber: string | null;
  @Column('uuid', { nullable: true }) vaultId: string | null;
  @Column('uuid', { nullable: true }) branchId: string | null;
  @Column('uuid', { nullable: true }) userId: string | null;
  @Column('text', { nullable: true }) note: string | null;
  @Column('timestamptz', { default: () => 'now()' }) at: Date;
}

export type PurchaseInvoiceStatus = 'draft' | 'posted' | 'cancelled';

/**
 * A vendor's invoice received into one inventory. `total` is what the shop owes for it;
 * `paid` (payments allocated to it) + `returned` (purchase returns against it) ≤ `total`;
 * it is open while paid + returned < total.
 */
@Entity('purchase_invoices')
export class PurchaseInvoiceEntity extends KeyedRowColumns {
  @Column('text') number: string;
  @Column('text') status: PurchaseInvoiceStatus;
  @Column('uuid') vendorId: string;
  @Column('uuid') branchId: string;
  @Column('uuid') inventoryId: string;
  @Column('text', { nullable: true }) vendorInvoiceNumber: string | null;
  @Column('date') invoiceDate: string;
  @Column('date', { nullable: true }) dueDate: string | null;
  @Column('bigint', { transformer: moneyColumn, default: 0 }) subtotal: number;
  @Column('bigint', { transformer: moneyColumn, default: 0 }) discount: number;
  @Column('bigint', { transformer: moneyColumn, default: 0 }) vat: number;
  @Column('bigint', { transformer: moneyColumn, default: 0 }) total: number;
  @Column('bigint', { transformer: moneyColumn, default: 0 }) paid: number;
  @Column('bigint', { transformer: moneyColumn, default: 0 }) returned: number;
  @Column('text', { nullable: true }) note: string | null;
  @Column('uuid', { nullable: true }) createdBy: string | null;
  @Column('uuid', { nullable: true }) postedBy: string | null;
  @Column('timestamptz', { nullable: true }) postedAt: Date | null;
}
