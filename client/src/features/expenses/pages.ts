import { lazy } from 'react';

export const pages = {
  ExpenseCategories: lazy(() => import('./components/ExpenseCategoriesPage')),
  Expenses: lazy(() => import('./components/ExpensesPage')),
};
