import type { InstallmentPlanStatus, InstallmentStatus } from '@pos/contracts';
import { useTranslation } from 'react-i18next';
import { StatusBadge } from '../../../shared/ui/PagedTable';

type Color = 'default' | 'primary' | 'success' | 'error' | 'warning' | 'info';

const PLAN_COLOR: Record<InstallmentPlanStatus, Color> = {
  active: 'primary',
  late: 'error',
  settled: 'success',
  rescheduled: 'default',
};

const INSTALLMENT_COLOR: Record<InstallmentStatus, Color> = {
  pending: 'default',
  partial: 'info',
  paid: 'success',
  overdue: 'error',
  rescheduled: 'default',
};

export function PlanStatusChip({ status }: { status: InstallmentPlanStatus }) {
  const { t } = useTranslation('installments');
  const label = t(`planStatuses.${status}`);
  return (
    <StatusBadge color={PLAN_COLOR[status]} label={label} testId="plan-status" status={status} />
  );
}

export function InstallmentStatusChip({ status }: { status: InstallmentStatus }) {
  const { t } = useTranslation('installments');
  return (
    <StatusBadge
      variant="outlined"
      color={INSTALLMENT_COLOR[status]}
      label={t(`statuses.${status}`)}
      testId="installment-status"
      status={status}
    />
  );
}
