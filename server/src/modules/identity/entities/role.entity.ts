import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import type { PermissionKey } from '@pos/contracts';

@Entity('roles')
export class RoleEntity {
  @PrimaryColumn('uuid') id: string;
  @Column('text', { unique: true }) name: string;
  @Column('text', { array: true, default: () => "'{}'" }) permissions: PermissionKey[];
  /** its users are delivery drivers (issue 18) */
  @Column('boolean', { default: false }) isDriver: boolean;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ type: 'timestamptz' }) updatedAt: Date;
}
