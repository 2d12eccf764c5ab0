import { Column, Entity } from 'typeorm';
import type { PermissionKey } from '@pos/contracts';
import { KeyedRowColumns } from '../../../core/database/columns';

@Entity('roles')
export class RoleEntity extends KeyedRowColumns {
  @Column('text', { unique: true }) name: string;
  @Column('text', { array: true, default: () => "'{}'" }) permissions: PermissionKey[];
  /** its users are delivery drivers (issue 18) */
  @Column('boolean', { default: false }) isDriver: boolean;
}
