// The expenses' public API: the dashboard's card of recurring expenses due.
export { DueExpensesCard } from './components/DueExpenses';
