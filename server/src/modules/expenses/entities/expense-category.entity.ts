import { Column, Entity } from 'typeorm';
import { CreatedRowColumns } from '../../../core/database/columns';

@Entity('expense_categories')
export class ExpenseCategoryEntity extends CreatedRowColumns {
  @Column('text', { unique: true }) name: string;
  @Column('uuid', { nullable: true }) parentId: string | null;
  @Column('boolean', { default: true }) active: boolean;
  /** the category's own leaf account under 52 operating expenses: its expenses are debited there */
  @Column('uuid', { nullable: true }) accountId: string | null;
}
