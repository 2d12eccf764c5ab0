import { Column, Entity } from 'typeorm';
import { moneyColumn } from '../../../core/database/transformers';
import { CreatedRowColumns, StoredFileColumns } from '../../../core/database/columns';

export type ExpenseStatus = 'recorded' | 'void';

/** One expense paid out of a vault. Never edited: a mistake is voided (reversed) and re-recorded. */
@Entity('expenses')
export class ExpenseEntity extends CreatedRowColumns {
  @Column('text', { unique: true }) number: string;
  @Column('text', { default: 'recorded' }) status: ExpenseStatus;
  @Column('date') expenseDate: string;
  @Column('uuid') branchId: string;
  @Column('uuid') categoryId: string;
  @Column('uuid') vaultId: string;
  /** net of VAT */
  @Column('bigint', { transformer: moneyColumn }) amount: number;
  @Column('bigint', { transformer: moneyColumn, default: 0 }) vat: number;
  /** amount + vat: what left the vault */
  @Column('bigint', { transformer: moneyColumn }) total: number;
  @Column('uuid', { nullable: true }) vendorId: string | null;
  @Column('text', { nullable: true }) payee: string | null;
  @Column('text', { nullable: true }) note: string | null;
  @Column('uuid', { nullable: true }) attachmentId: string | null;
  @Column('uuid', { nullable: true }) recurringId: string | null;
  @Column('uuid', { nullable: true }) createdBy: string | null;
  @Column('uuid', { nullable: true }) voidedBy: string | null;
  @Column('timestamptz', { nullable: true }) voidedAt: Date | null;
  @Column('text', { nullable: true }) voidReason: string | null;
}

/** A receipt photo; read back only through its expense (GET /Expenses/:id/attachment). */
@Entity('expense_attachments')
export class ExpenseAttachmentEntity extends StoredFileColumns {}

/** A monthly template (rent, salaries): due from its day of the month until recorded that month. */
@Entity('recurring_expenses')
export class RecurringExpenseEntity extends CreatedRowColumns {
  @Column('text') name: string;
  @Column('uuid') branchId: string;
  @Column('uuid') categoryId: string;
  @Column('uuid') vaultId: string;
  @Column('bigint', { transformer: moneyColumn }) amount: number;
  @Column('smallint') dayOfMonth: number;
  @Column('text', { nullable: true }) payee: string | null;
  @Column('uuid', { nullable: true }) vendorId: string | null;
  @Column('text', { nullable: true }) note: string | null;
  @Column('boolean', { default: true }) active: boolean;
}
