import { Column, Entity } from 'typeorm';
import type { ChequeDirection, ChequeStatus } from '@pos/contracts';
import { moneyColumn } from '../../../core/database/transformers';
import { KeyedRowColumns, StatusEventColumns } from '../../../core/database/columns';

/** A cheque received from a customer or issued to a vendor; its status changes only by a command. */
@Entity('cheques')
export class ChequeEntity extends KeyedRowColumns {
  @Column('text') direction: ChequeDirection;
  @Column('text') status: ChequeStatus;
  @Column('text') number: string;
  @Column('text') bank: string;
  @Column('date') dueDate: string;
  @Column('bigint', { transformer: moneyColumn }) amount: number;
  @Column('uuid', { nullable: true }) customerId: string | null;
  @Column('uuid', { nullable: true }) vendorId: string | null;
  @Column('uuid') branchId: string;
  /** the bank vault it was deposited into (received) or paid from (issued, once cleared) */
  @Column('uuid', { nullable: true }) vaultId: string | null;
  @Column('text', { nullable: true }) note: string | null;
  @Column('uuid', { nullable: true }) createdBy: string | null;
}

/** One step of a cheque's history (append-only). */
@Entity('cheque_events')
export class ChequeEventEntity extends StatusEventColumns<ChequeStatus> {
  @Column('uuid') chequeId: string;
  @Column('uuid', { nullable: true }) vaultId: string | null;
  @Column('timestamptz', { default: () => 'now()' }) at: Date;
}
