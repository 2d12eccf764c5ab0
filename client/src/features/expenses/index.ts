// The expenses' public API: the dashboard's card of recurring expenses due.
export { DueExpensesCard, useDueExpenses } from './components/DueExpenses';
