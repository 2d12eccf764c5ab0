// Expenses: expense categories (reference data on the resource kit, each with its own account
// under 52), expenses paid out of vaults (record, void), monthly templates and their reminder.
export { ExpensesModule } from './expenses.module';
export { ExpenseCategoryEntity } from './entities/expense-category.entity';
export {
  ExpenseAttachmentEntity,
  ExpenseEntity,
  RecurringExpenseEntity,
} from './entities/expense.entities';
// The checked image upload (repair ticket photos reuse it).
export { receiptType, type UploadedReceipt } from './services/receipt-image';
export { RecordExpenseCommand } from './commands/record-expense/record-expense.command';
export { RecordExpenseHandler } from './commands/record-expense/record-expense.handler';
export { ExpensePostingsHandler } from './events/on-expense-events.post-journal.handler';
export { createCategoryAccount } from './services/category-account';
