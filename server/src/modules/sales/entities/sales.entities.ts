import { Column, Entity, Index, PrimaryColumn, Unique } from 'typeorm';
import type { PaymentMethodType, SaleLineTracked } from '@pos/contracts';
import { moneyColumn, quantityColumn } from '../../../core/database/transformers';
import { CreatedRowColumns, JoinedManyToOne } from '../../../core/database/columns';

@Entity('payment_methods')
export class PaymentMethodEntity extends CreatedRowColumns {
  @Column('text') nameAr: string;
  @Column('text', { nullable: true }) nameEn: string | null;
  @Column('text') type: PaymentMethodType;
  @Column('boolean', { default: true }) active: boolean;
  @Column('integer', { default: 0 }) sortOrder: number;
  /** the bank vault card/wallet receipts settle into */
  @Column('uuid', { nullable: true }) settlementVaultId: string | null;
}

@Entity('sales_invoices')
@Index(['branchId', 'createdAt'])
@Index(['shiftId'])
export class SaleInvoiceEntity extends CreatedRowColumns {
  /** Made by the client: the idempotency key. */
  @Column('text', { unique: true }) number: string;
  @Column('uuid') branchId: string;
  @Column('uuid') inventoryId: string;
  @Column('uuid', { nullable: true }) shiftId: string | null;
  @Column('integer', { default: 1 }) register: number;
  @Index() @Column('uuid') cashierId: string;
  @Index() @Column('uuid', { nullable: true }) customerId: string | null;
  @Column('text', { default: 'completed' }) status: 'completed' | 'partially_returned' | 'returned';
  @Column('bigint', { transformer: moneyColumn }) subtotal: number;
  @Column('bigint', { transformer: moneyColumn }) lineDiscountTotal: number;
  @Column('bigint', { transformer: moneyColumn }) invoiceDiscount: number;
  @Column('bigint', { transformer: moneyColumn }) vatTotal: number;
  @Column('bigint', { transformer: moneyColumn }) total: number;
  @Column('bigint', { transformer: moneyColumn }) costTotal: number;
  @Column('bigint', { transformer: moneyColumn }) paidTotal: number;
  @Column('bigint', { transformer: moneyColumn }) changeDue: number;
  @Column('bigint', { transformer: moneyColumn }) dueAmount: number;
  /** cash on delivery: dueAmount is owed on the COD receivable, not by the customer */
  @Column('boolean', { default: false }) cod: boolean;
  @Column('bigint', { transformer: moneyColumn, default: 0 }) returnedTotal: number;
  @Column('text', { nullable: true }) note: string | null;
  /** Fingerprint of the request body, so the same id with different content is refused. */
  @Column('text') requestHash: string;
  @Column('timestamptz', { nullable: true }) editedAt: Date | null;
  /** the till that rang it (issue 32), its number in that till's receipt series, when and whether offline */
  @Column('uuid', { nullable: true }) deviceId: string | null;
  @Column('integer', { nullable: true }) deviceReceiptNo: number | null;
  @Column('timestamptz', { nullable: true }) rungAt: Date | null;
  /** the pricing rules' version the sale was priced with (issue 33) */
  @Column('text', { nullable: true }) pricingVersion: string | null;
  @Column('boolean', { default: false }) offline: boolean;
}

@Entity('sale_lines')
export class SaleLineEntity {
  @PrimaryColumn('uuid') id: string;
  @Index() @Column('uuid') invoiceId: string;
  @JoinedManyToOne(() => SaleInvoiceEntity, 'invoice_id', { onDelete: 'CASCADE' })
  invoice?: SaleInvoiceEntity;
  @Column('integer') lineNo: number;
  @Index() @Column('uuid') variantId: string;
  @Column('numeric', { precision: 14, scale: 3, transformer: quantityColumn }) quantity: number;
  @Column('bigint', { transformer: moneyColumn }) listPrice: number;
  @Column('bigint', { transformer: moneyColumn }) unitPrice: number;
  @Column('bigint', { transformer: moneyColumn }) discount: number;
  @Column('bigint', { transformer: moneyColumn }) invoiceDiscountShare: number;
  @Column('integer') vatRate: number;
  @Column('bigint', { transformer: moneyColumn }) vatAmount: number;
  @Column('bigint', { transformer: moneyColumn }) lineTotal: number;
  @Column('bigint', { transformer: moneyColumn }) unitCost: number;
  @Column('numeric', { precision: 14, scale: 3, transformer: quantityColumn, default: 0 })
  returnedQuantity: number;
  /** what priced the line (issue 33): its price list and promotions; null: neither */
  @Column('jsonb', { nullable: true }) pricing: SaleLinePricing | null;
  /** a tracked product's units or lots sold (issue 34, docs/decisions/0107); null: untracked */
  @Column('jsonb', { nullable: true }) tracked: SaleLineTracked | null;
}

/** sale_lines.pricing: the price list and the promotions that priced a line (the receipt's). */
export type SaleLinePricing = {
  priceListId: string | null;
  priceListName: string | null;
  promotions: { promotionId: string; name: string; amount: number }[];
};

@Entity('sale_payments')
// The daily report takes the day's payments by time (without it: a scan of every payment), per
// branch (the branch is on the payment so the report does not go through the branch's invoices).
@Index(['createdAt'])
@Index(['branchId', 'createdAt'])
export class SalePaymentEntity extends CreatedRowColumns {
  @Index() @Column('uuid') invoiceId: string;
  @Column('uuid') branchId: string;
  @Column('uuid') methodId: string;
  @Column('bigint', { transformer: moneyColumn }) amount: number;
  @Column('text', { default: 'payment' }) kind: 'payment' | 'refund';
  @Column('uuid', { nullable: true }) returnId: string | null;
  @Index() @Column('uuid', { nullable: true }) shiftId: string | null;
}

@Entity('sale_returns')
export class SaleReturnEntity extends CreatedRowColumns {
  @Column('text', { unique: true }) number: string;
  @Index() @Column('uuid') invoiceId: string;
  @Column('uuid') branchId: string;
  @Index() @Column('uuid', { nullable: true }) shiftId: string | null;
  @Column('uuid') cashierId: string;
  @Column('bigint', { transformer: moneyColumn }) total: number;
  @Column('bigint', { transformer: moneyColumn }) costTotal: number;
  @Column('bigint', { transformer: moneyColumn, default: 0 }) creditReduction: number;
  @Column('text', { nullable: true }) reason: string | null;
  @Column('text') requestHash: string;
}

@Entity('sale_return_lines')
export class SaleReturnLineEntity {
  @PrimaryColumn('uuid') id: string;
  @Index() @Column('uuid') returnId: string;
  @Column('uuid') saleLineId: string;
  @Column('numeric', { precision: 14, scale: 3, transformer: quantityColumn }) quantity: number;
  @Column('bigint', { transformer: moneyColumn }) amount: number;
  @Column('bigint', { transformer: moneyColumn }) vatAmount: number;
}

/** A till of a branch (issue 32): one browser profile, its id made on the device. */
@Entity('pos_devices')
@Unique('pos_devices_branch_number', ['branchId', 'number'])
export class PosDeviceEntity extends CreatedRowColumns {
  @Column('uuid') branchId: string;
  @Column('text') name: string;
  /** its short number in the branch (1, 2, …) */
  @Column('integer') number: number;
  /** printed before the device's own receipt numbers: `<prefix>-<n>` */
  @Column('text', { unique: true }) receiptPrefix: string;
  /** the largest receipt number of its sales the server has taken */
  @Column('integer', { default: 0 }) lastReceiptNo: number;
  /** its ETA POS serial (a later part of issue 32) */
  @Column('text', { nullable: true }) etaPosSerial: string | null;
  @Column('uuid', { nullable: true }) registeredBy: string | null;
  @Column('timestamptz', { default: () => 'now()' }) lastSeenAt: Date;
  /** its receipt printer (issue 35, docs/decisions/0113) */
  @Column('text', { default: 'browser' }) printerKind: string;
  @Column('text', { nullable: true }) printerAddress: string | null;
  @Column('integer', { default: 80 }) paperWidth: number;
  @Column('integer', { nullable: true }) codePage: number | null;
  @Column('boolean', { default: false }) drawer: boolean;
  @Column('text', { nullable: true }) printBridgeUrl: string | null;
  /** its label printer (issue 35 item 4, docs/decisions/0114) */
  @Column('text', { nullable: true }) labelLanguage: string | null;
  @Column('text', { nullable: true }) labelPrinterAddress: string | null;
  @Column('text', { default: '40x25' }) labelSize: string;
}

/** What an offline sale let through that a person should look at (issue 32 item 5). */
@Entity('sale_flags')
export class SaleFlagEntity extends CreatedRowColumns {
  @Index() @Column('uuid') saleId: string;
  @Column('uuid') branchId: string;
  @Column('text') kind: string;
  @Column('jsonb', { default: {} }) detail: Record<string, unknown>;
  @Column('timestamptz', { nullable: true }) resolvedAt: Date | null;
  @Column('uuid', { nullable: true }) resolvedBy: string | null;
}

/** The sales context's tables, registered by its module. */
export const SALES_ENTITIES = [
  PaymentMethodEntity,
  SaleInvoiceEntity,
  SaleLineEntity,
  SalePaymentEntity,
  SaleReturnEntity,
  SaleReturnLineEntity,
  PosDeviceEntity,
  SaleFlagEntity,
];
