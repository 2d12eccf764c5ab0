import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { moneyColumn } from '../../../core/database/transformers';

@Entity('shifts')
@Index('IDX_shifts_open_cashier', ['cashierId'], { unique: true, where: `status = 'open'` })
@Index('IDX_shifts_open_register', ['branchId', 'register'], {
  unique: true,
  where: `status = 'open'`,
})
export class ShiftEntity {
  @PrimaryColumn('uuid') id: string;
  @Index() @Column('uuid') branchId: string;
  @Column('integer', { default: 1 }) register: number;
  @Column('uuid') cashierId: string;
  @Column('text', { default: 'open' }) status: 'open' | 'closed';
  @Column('timestamptz', { default: () => 'now()' }) openedAt: Date;
  @Column('timestamptz', { nullable: true }) closedAt: Date | null;
  @Column('bigint', { transformer: moneyColumn, default: 0 }) openingCash: number;
  @Column('bigint', { transformer: moneyColumn, nullable: true }) countedCash: number | null;
  @Column('bigint', { transformer: moneyColumn, nullable: true }) expectedCash: number | null;
  @Column('bigint', { transformer: moneyColumn, nullable: true }) difference: number | null;
  @Column('jsonb', { nullable: true }) denominations: Record<string, number> | null;
  @Column('jsonb', { nullable: true }) closingTotals: Record<string, unknown> | null;
  @Column('text', { nullable: true }) note: string | null;
}
