import { Column, Entity } from 'typeorm';
import type { PermissionKey } from '@pos/contracts';
import { CreatedRowColumns } from '../../../core/database/columns';

/** Integration keys: `pos_<prefix>_<secret>`; only the SHA-256 of the secret is kept. */
@Entity('api_keys')
export class ApiKeyEntity extends CreatedRowColumns {
  @Column('text') name: string;
  @Column('text', { unique: true }) prefix: string;
  @Column('text') hash: string;
  @Column('text', { array: true, default: () => "'{}'" }) permissions: PermissionKey[];
  @Column('uuid') branchId: string;
  @Column('uuid', { nullable: true }) createdBy: string | null;
  @Column('timestamptz', { nullable: true }) lastUsedAt: Date | null;
  @Column('timestamptz', { nullable: true }) revokedAt: Date | null;
}
