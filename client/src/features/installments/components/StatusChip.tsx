import Chip from '@mui/material/Chip';
import type { InstallmentPlanStatus, InstallmentStatus } from '@pos/contracts';
import { useTranslation } from 'react-i18next';

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
  return (
    <Chip
      size="small"
      color={PLAN_COLOR[status]}
      label={t(`planStatuses.${status}`)}
      data-testid="plan-status"
      data-status={status}
    />
  );
}

export function InstallmentStatusChip({ status }: { status: InstallmentStatus }) {
  const { t } = useTranslation('installments');
  return (
    <Chip
      size="small"
      variant="outlined"
      color={INSTALLMENT_COLOR[status]}
      label={t(`statuses.${status}`)}
      data-testid="installment-status"
      data-status={status}
    />
  );
}
