import { Column, Entity, PrimaryColumn } from 'typeorm';
import { moneyColumn } from '../../../core/database/transformers';
import { KeyedRowColumns } from '../../../core/database/columns';

export type VaultType = 'cash' | 'bank';

/** A cash box or a bank account. `balance` changes only with a movement (vault-ledger.ts). */
@Entity('vaults')
export class VaultEntity extends KeyedRowColumns {
  @Column('text') name: string;
  @Column('text') type: VaultType;
  @Column('uuid') branchId: string;
  @Column('text', { nullable: true }) accountNumber: string | null;
  @Column('text', { nullable: true }) bankName: string | null;
  /** the branch's main cash vault: shift closes deposit into it */
  @Column('boolean', { default: false }) isMain: boolean;
  @Column('boolean', { default: false }) allowNegative: boolean;
  @Column('boolean', { default: true }) active: boolean;
  @Column('bigint', { transformer: moneyColumn, default: 0 }) balance: number;
  /** the vault's own leaf account in the chart (under 1110 vaults or 1120 bank accounts) */
  @Column('uuid') accountId: string;
}

/** One movement of a vault (append-only; the database refuses an update or delete). */
@Entity('vault_movements')
export class VaultMovementEntity {
  @PrimaryColumn('uuid') id: string;
  @Column('uuid') vaultId: string;
  @Column('text') type: string;
  /** > 0 into the vault, < 0 out of it */
  @Column('bigint', { transformer: moneyColumn }) amount: number;
  @Column('bigint', { transformer: moneyColumn }) balanceAfter: number;
  @Column('text', { nullable: true }) sourceType: string | null;
  @Column('uuid', { nullable: true }) sourceId: string | null;
  @Column('text', { nullable: true }) sourceNumber: string | null;
  @Column('uuid', { nullable: true }) counterVaultId: string | null;
  @Column('uuid') branchId: string;
  @Column('uuid', { nullable: true }) userId: string | null;
  @Column('text', { nullable: true }) note: string | null;
  @Column('timestamptz', { default: () => 'now()' }) at: Date;
}
