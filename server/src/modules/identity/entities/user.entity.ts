import { Column, Entity, Index } from 'typeorm';
import { BranchEntity } from '../../branches/entities/branch.entity';
import { RoleEntity } from './role.entity';
import { JoinedManyToOne, KeyedRowColumns } from '../../../core/database/columns';

@Entity('users')
export class UserEntity extends KeyedRowColumns {
  /** Stored lower-case; sign-in is case-insensitive. */
  @Index({ unique: true }) @Column('text') username: string;
  @Column('text') displayName: string;
  @Column('text', { nullable: true }) phone: string | null;
  @Column('text', { select: false }) passwordHash: string;
  @Column('uuid', { nullable: true }) roleId: string | null;
  @JoinedManyToOne(() => RoleEntity, 'role_id', { onDelete: 'RESTRICT', nullable: true })
  role?: RoleEntity | null;
  @Column('uuid', { nullable: true }) branchId: string | null;
  @JoinedManyToOne(() => BranchEntity, 'branch_id', { onDelete: 'RESTRICT', nullable: true })
  branch?: BranchEntity | null;
  @Column('text', { array: true, default: () => "'{}'" }) screens: string[];
  @Column('boolean', { default: false }) isAdmin: boolean;
  @Column('boolean', { default: true }) active: boolean;
  @Column('integer', { default: 0 }) maxDiscountPercent: number;
  /** A generated (temporary) password: every call but changing it is refused until it is changed. */
  @Column('boolean', { default: false }) mustChangePassword: boolean;
  /** TOTP secret (base32), encrypted with the master key (SecretsService). */
  @Column('text', { nullable: true, select: false }) totpSecret: string | null;
  /** The secret being set up, until a code from it is confirmed. */
  @Column('text', { nullable: true, select: false }) totpPendingSecret: string | null;
  @Column('timestamptz', { nullable: true }) totpEnabledAt: Date | null;
  /** SHA-256 of each unused one-time recovery code. */
  @Column('text', { array: true, default: () => "'{}'", select: false })
  totpRecoveryCodes: string[];
  /** The last accepted TOTP time step: a code is accepted once. */
  @Column('bigint', { nullable: true, select: false }) totpLastStep: string | null;
}
