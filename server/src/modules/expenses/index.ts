// Expenses: expense categories (reference data on the resource kit); expenses themselves come later.
export { ExpensesModule } from './expenses.module';
