// Installments' public API: the dashboard's due-today card, and the plan dialog the POS and the
// invoice page open for a sale (loaded only when opened, to keep the POS light).
import { lazy } from 'react';

export { DueInstallmentsCard } from './components/DueInstallmentsCard';
export const InstallmentPlanDialog = lazy(() => import('./components/PlanDialog'));
export { useFinanceable } from './api/installments.api';
