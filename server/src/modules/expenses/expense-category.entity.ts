import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

@Entity('expense_categories')
export class ExpenseCategoryEntity {
  @PrimaryColumn('uuid') id: string;
  @Column('text', { unique: true }) name: string;
  @Column('uuid', { nullable: true }) parentId: string | null;
  @Column('boolean', { default: true }) active: boolean;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
}
