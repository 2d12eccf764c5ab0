import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { moneyColumn } from '../../../core/database/transformers';
import { CreatedAt, JoinedManyToOne, KeyedRowColumns } from '../../../core/database/columns';

@Entity('customers')
export class CustomerEntity extends KeyedRowColumns {
  @Column('text') name: string;
  @Index() @Column('text', { nullable: true }) phone: string | null;
  @Column('text', { nullable: true }) phone2: string | null;
  @Column('text', { nullable: true }) address: string | null;
  @Column('text', { nullable: true }) nationalId: string | null;
  @Column('text', { nullable: true }) taxId: string | null;
  @Column('bigint', { transformer: moneyColumn, default: 0 }) creditLimit: number;
  /** What the customer owes, in piasters; changed only with a ledger row. */
  @Column('bigint', { transformer: moneyColumn, default: 0 }) balance: number;
  /** days to pay a sale on account; null: the store's default (store_settings) */
  @Column('integer', { nullable: true }) paymentTermsDays: number | null;
  @Column('text', { default: '' }) searchText: string;
}

@Entity('customer_ledger')
@Index(['customerId', 'at'])
export class CustomerLedgerEntity {
  @PrimaryColumn('uuid') id: string;
  @Column('uuid') customerId: string;
  @JoinedManyToOne(() => CustomerEntity, 'customer_id', { onDelete: 'RESTRICT' })
  customer?: CustomerEntity;
  @Column('text') type:
    'sale' | 'return' | 'payment' | 'edit' | 'cheque_bounced' | 'cheque_cancelled';
  @Column('bigint', { transformer: moneyColumn }) amount: number;
  @Column('bigint', { transformer: moneyColumn }) balanceAfter: number;
  @Column('text', { nullable: true }) referenceType: string | null;
  @Column('uuid', { nullable: true }) referenceId: string | null;
  @Column('uuid', { nullable: true }) methodId: string | null;
  @Column('uuid', { nullable: true }) shiftId: string | null;
  /** the vault a payment went into (null: the till's shift, or no money moved) */
  @Column('uuid', { nullable: true }) vaultId: string | null;
  @Column('uuid', { nullable: true }) userId: string | null;
  @Column('text', { nullable: true }) note: string | null;
  @CreatedAt() at: Date;
}
