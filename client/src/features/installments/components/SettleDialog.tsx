import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import {
  formatPiasters,
  InstallmentSettleDto,
  type InstallmentPlanDetailDto,
} from '@pos/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { placeLabel } from '../../../shared/lib/places';
import { useErrorToast } from '../../../shared/api/useErrorToast';
import { formatDay } from '../../../shared/lib/format';
import { PaymentFormDialog } from '../../../shared/ui/PaymentFormDialog';
import { useCrudMutation } from '../../../shared/ui/useCrudMutation';
import { installmentKeys, installmentsApi } from '../api/installments.api';
import { useCollectVaults, useVaultChoice } from './CollectDialog';

/** Early settlement: the server's quote for today (discount on the unearned interest), then pay it. */
export function SettleDialog({
  plan,
  onClose,
  onSettled,
}: {
  plan: InstallmentPlanDetailDto;
  onClose: () => void;
  onSettled: (plan: InstallmentPlanDetailDto) => void;
}) {
  const { t } = useTranslation('installments');
  const quote = useQuery({
    queryKey: installmentKeys.quote(plan.id),
    queryFn: () => installmentsApi.quote(plan.id),
    staleTime: 0,
  });
  useErrorToast(quote.error);
  const vaults = useCollectVaults(plan.branchId);
  const place = useVaultChoice(
    vaults.options.length === 1 ? vaults.options[0].id : '',
    vaults.options.map((v) => ({ value: v.id, label: placeLabel(v) })),
    'settle-vault',
  );
  const settle = useCrudMutation({
    mutationFn: ({ body, key }: { body: InstallmentSettleDto; key: string }) =>
      installmentsApi.settle(plan.id, body, { idempotencyKey: key }),
    success: t('settle.done'),
    invalidate: [installmentKeys.all],
    onSuccess: onSettled,
    onDone: onClose,
  });
  const q = quote.data;
  return (
    <PaymentFormDialog<InstallmentSettleDto>
      title={t('settle.title', { number: plan.number })}
      titleId="installment-settle-title"
      submitLabel={t('settle.submit')}
      submitTestId="settle-submit"
      testId="settle-dialog"
      onClose={onClose}
      submitting={settle.isPending}
      dto={InstallmentSettleDto}
      toBody={(v, id) => ({ id, vaultId: v.place, note: v.note.trim() || undefined })}
      onSubmit={(body, key) => q && settle.mutate({ body, key })}
      header={
        <>
          {quote.isLoading && <LinearProgress />}
          {q && (
            <Box sx={{ display: 'grid', gridTemplateColumns: '1fr auto', rowGap: 0.5 }}>
              <Typography>{t('settle.date')}</Typography>
              <Typography>{formatDay(q.date)}</Typography>
              <Typography>{t('settle.left')}</Typography>
              <Typography>{formatPiasters(q.outstanding)}</Typography>
              <Typography>{t('fields.lateFees')}</Typography>
              <Typography>{formatPiasters(q.lateFees)}</Typography>
              <Typography>{t('fields.discount')}</Typography>
              <Typography color="success.main" data-testid="settle-discount">
                {formatPiasters(q.discount)}
              </Typography>
              <Typography sx={{ fontWeight: 800 }}>{t('settle.toPay')}</Typography>
              <Typography sx={{ fontWeight: 800 }} data-testid="settle-to-pay">
                {formatPiasters(q.toPay)}
              </Typography>
            </Box>
          )}
          {q && q.discount === 0 && <Alert severity="info">{t('settle.noDiscount')}</Alert>}
        </>
      }
      place={place}
      note={{ label: t('fields.note'), maxLength: 300 }}
    />
  );
}
