import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { EXPENSE_CATEGORIES } from '@pos/contracts';
import { defineServerResource, noParentCycle, resourceController } from '../../core/resource';
import { RecordExpenseHandler } from './commands/record-expense/record-expense.handler';
import { VoidExpenseHandler } from './commands/void-expense/void-expense.handler';
import { ExpensesController } from './controllers/expenses.controller';
import { ExpenseCategoryEntity } from './entities/expense-category.entity';
import {
  ExpenseAttachmentEntity,
  ExpenseEntity,
  RecurringExpenseEntity,
} from './entities/expense.entities';
import { ExpensePostingsHandler } from './events/on-expense-events.post-journal.handler';
import {
  EXPENSE_REMINDERS_QUEUE,
  ExpenseReminders,
  ExpenseRemindersProcessor,
} from './jobs/expense-reminders';
import { ExpensesQueries } from './queries/expenses.queries';
import { recurringExpenses } from './recurring-expenses.resource';
import {
  createCategoryAccount,
  deleteCategoryAccount,
  renameCategoryAccount,
} from './services/category-account';

/**
 * /ExpenseCategories: each category has its own leaf account under 52 operating expenses, opened
 * with it, renamed with it, and removed with it while it has no postings.
 */
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
  inUse: `EXISTS (SELECT 1 FROM expenses WHERE category_id = $1)
    OR EXISTS (SELECT 1 FROM recurring_expenses WHERE category_id = $1)`,
  effects: {
    created: async ({ tx, id }, values) => {
      const accountId = await createCategoryAccount(tx.m, values.name!);
      await tx.m.query(`UPDATE expense_categories SET account_id = $2 WHERE id = $1`, [
        id,
        accountId,
      ]);
    },
    updated: async ({ tx }, patch, before) => {
      if (patch.name && patch.name !== before.name && before.accountId)
        await renameCategoryAccount(tx.m, before.accountId, patch.name);
    },
    deleting: ({ tx }, before) => deleteCategoryAccount(tx.m, before.id),
  },
});

@Module({
  imports: [
    TypeOrmModule.forFeature([
      ExpenseCategoryEntity,
      ExpenseEntity,
      ExpenseAttachmentEntity,
      RecurringExpenseEntity,
    ]),
    BullModule.registerQueue({ name: EXPENSE_REMINDERS_QUEUE }),
  ],
  controllers: [
    ExpensesController,
    resourceController(expenseCategories),
    resourceController(recurringExpenses),
  ],
  providers: [
    ExpensesQueries,
    RecordExpenseHandler,
    VoidExpenseHandler,
    ExpensePostingsHandler,
    ExpenseReminders,
    ExpenseRemindersProcessor,
  ],
})
export class ExpensesModule {}
