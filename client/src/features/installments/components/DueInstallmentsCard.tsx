import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatPiasters, hasPermission, routePath } from '@pos/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLiveEvent, useLiveResync } from '../../../shared/realtime';
import { enabledModulesState, sessionUserState } from '../../../shared/state';
import { Panel } from '../../../shared/ui/DetailKit';
import { installmentKeys, installmentsApi } from '../api/installments.api';

/**
 * The dashboard's tile: installments due today and overdue (count and amount, late fees
 * included), live on `installment.due` — a collection at any register updates it. Shown with
 * can_see_installments and the INSTALLMENTS module.
 */
export function DueInstallmentsCard() {
  const { t } = useTranslation('installments');
  const user = useAtomValue(sessionUserState);
  const modules = useAtomValue(enabledModulesState);
  const allowed = hasPermission(user, ['can_see_installments'], ['INSTALLMENTS'], modules);
  const summary = useQuery({
    queryKey: installmentKeys.summary,
    queryFn: installmentsApi.summary,
    enabled: allowed,
  });
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: installmentKeys.summary });
  useLiveEvent('installment.due', refresh);
  useLiveResync(refresh);
  if (!allowed || !summary.data) return null;
  const s = summary.data;
  return (
    <Panel title={t('dashboard.title')} sx={{ p: 2 }} testId="dashboard-installments-due">
      <Stack direction="row" sx={{ gap: 4, my: 1, flexWrap: 'wrap' }}>
        {(
          [
            ['today', 'dashboard-due-today', s.dueTodayCount, s.dueTodayAmount],
            ['overdue', 'dashboard-overdue', s.overdueCount, s.overdueAmount],
          ] as const
        ).map(([label, testId, count, amount]) => (
          <div key={label}>
            <Typography variant="body2" color="text.secondary">
              {t(`dashboard.${label}`)}
            </Typography>
            <Typography
              sx={{ fontSize: 22, fontWeight: 800 }}
              color={label === 'overdue' && count ? 'error' : undefined}
              data-testid={`${testId}-count`}
            >
              {count}
            </Typography>
            <Typography data-testid={`${testId}-amount`}>{formatPiasters(amount)}</Typography>
          </div>
        ))}
      </Stack>
      <Button component={Link} to={routePath('Installments-dueToday')} size="small">
        {t('dashboard.open')}
      </Button>
    </Panel>
  );
}
