import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatPiasters } from '@pos/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorToast } from '../../../shared/api/useErrorToast';
import { formatDate } from '../../../shared/lib/format';
import { installmentKeys, installmentsApi } from '../api/installments.api';
import PlanDialog from './PlanDialog';

/**
 * Sales sold on «تقسيط» whose plan was postponed at the till (issue 30 item 7): listed above the
 * plans until a plan is made, each with the action that makes it.
 */
export function AwaitingPlans() {
  const { t } = useTranslation('installments');
  const queryClient = useQueryClient();
  const awaiting = useQuery({
    queryKey: installmentKeys.awaiting,
    queryFn: installmentsApi.awaiting,
  });
  useErrorToast(awaiting.error);
  const [saleId, setSaleId] = useState<string | null>(null);
  const rows = awaiting.data ?? [];
  if (!rows.length && !saleId) return null;
  return (
    <>
      {rows.length > 0 && (
        <Alert severity="warning" sx={{ mb: 1.5 }} data-testid="awaiting-plans">
          <AlertTitle>{t('list.awaitingTitle')}</AlertTitle>
          <Typography variant="body2" sx={{ mb: 1 }}>
            {t('list.awaitingHint')}
          </Typography>
          <Stack sx={{ gap: 0.5 }}>
            {rows.map((r) => (
              <Stack
                key={r.saleId}
                direction="row"
                sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}
                data-testid="awaiting-plan-row"
              >
                <Typography variant="body2">
                  {t('list.awaitingLine', {
                    sale: r.saleNumber,
                    customer: r.customerName,
                    amount: formatPiasters(r.financed),
                    date: formatDate(r.soldAt),
                  })}
                </Typography>
                <Button
                  size="small"
                  variant="outlined"
                  onClick={() => setSaleId(r.saleId)}
                  data-testid="awaiting-plan-create"
                >
                  {t('list.createPlan')}
                </Button>
              </Stack>
            ))}
          </Stack>
        </Alert>
      )}
      {saleId && (
        <PlanDialog
          saleId={saleId}
          onClose={() => {
            setSaleId(null);
            void queryClient.invalidateQueries({ queryKey: installmentKeys.all });
          }}
        />
      )}
    </>
  );
}
