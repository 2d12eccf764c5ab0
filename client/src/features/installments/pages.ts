// Installments (تقسيط): the plans (/Installments), what is due today and overdue
// (/Installments/dueToday, live) and one plan with its schedule, payments and contract.
import { lazy } from 'react';

export const pages = {
  Installments: lazy(() => import('./components/InstallmentsPage')),
  'Installments-dueToday': lazy(() => import('./components/DueTodayPage')),
  'Installments-id': lazy(() => import('./components/InstallmentPlanPage')),
};
