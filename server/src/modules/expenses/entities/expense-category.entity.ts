import { Column, Entity, PrimaryColumn } from 'typeorm';
import { CreatedAt } from '../../../core/database/columns';

@Entity('expense_categories')
export class ExpenseCategoryEntity {
  @PrimaryColumn('uuid') id: string;
  @Column('text', { unique: true }) name: string;
  @Column('uuid', { nullable: true }) parentId: string | null;
  @Column('boolean', { default: true }) active: boolean;
  /** the category's own leaf account under 52 operating expenses: its expenses are debited there */
  @Column('uuid', { nullable: true }) accountId: string | null;
  @CreatedAt() createdAt: Date;
}
