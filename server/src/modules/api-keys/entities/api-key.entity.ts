import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { PermissionKey } from '@pos/contracts';
import { CreatedAt } from '../../../core/database/columns';

/** Integration keys: `pos_<prefix>_<secret>`; only the SHA-256 of the secret is kept. */
@Entity('api_keys')
export class ApiKeyEntity {
  @PrimaryColumn('uuid') id: string;
  @Column('text') name: string;
  @Column('text', { unique: true }) prefix: string;
  @Column('text') hash: string;
  @Column('text', { array: true, default: () => "'{}'" }) permissions: PermissionKey[];
  @Column('uuid') branchId: string;
  @Column('uuid', { nullable: true }) createdBy: string | null;
  @CreatedAt() createdAt: Date;
  @Column('timestamptz', { nullable: true }) lastUsedAt: Date | null;
  @Column('timestamptz', { nullable: true }) revokedAt: Date | null;
}
