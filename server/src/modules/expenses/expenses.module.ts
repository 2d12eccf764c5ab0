import { Module } from '@nestjs/common';
import { EXPENSE_CATEGORIES } from '@pos/contracts';
import { defineServerResource, noParentCycle, resourceModule } from '../../core/resource';
import { ExpenseCategoryEntity } from './expense-category.entity';

export const expenseCategories = defineServerResource({
  descriptor: EXPENSE_CATEGORIES,
  entity: ExpenseCategoryEntity,
  table: 'expense_categories',
  columns: `t.id, t.name, t.parent_id AS "parentId", p.name AS "parentName", t.active`,
  joins: 'LEFT JOIN expense_categories p ON p.id = t.parent_id',
  audit: { action: 'expense-category', entity: 'expense_category' },
  search: ['t.name', 'p.name'],
  sort: { name: 't.name', parentName: 'p.name', active: 't.active' },
  filters: { active: (value, bind) => `t.active = ${bind(value === 'true')}` },
  check: noParentCycle('expense_categories'),
});

@Module(resourceModule(expenseCategories))
export class ExpensesModule {}
