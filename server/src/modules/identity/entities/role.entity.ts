import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { PermissionKey } from '@pos/contracts';
import { CreatedAt, UpdatedAt } from '../../../core/database/columns';

@Entity('roles')
export class RoleEntity {
  @PrimaryColumn('uuid') id: string;
  @Column('text', { unique: true }) name: string;
  @Column('text', { array: true, default: () => "'{}'" }) permissions: PermissionKey[];
  /** its users are delivery drivers (issue 18) */
  @Column('boolean', { default: false }) isDriver: boolean;
  @CreatedAt() createdAt: Date;
  @UpdatedAt() updatedAt: Date;
}
