import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatPiasters, type InstallmentPlanDetailDto } from '@pos/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { placeLabel } from '../../../shared/lib/places';
import { useErrorToast } from '../../../shared/api/useErrorToast';
import { formatDay } from '../../../shared/lib/format';
import { newId } from '../../../shared/lib/ids';
import { FormDialog } from '../../../shared/ui/FormDialog';
import { SelectField } from '../../../shared/ui/SelectField';
import { useCrudMutation } from '../../../shared/ui/useCrudMutation';
import { installmentKeys, installmentsApi } from '../api/installments.api';
import { useCollectVaults } from './CollectDialog';
import { useIdempotencyKey } from '../../../shared/lib/useIdempotencyKey';

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
  const [requestId] = useState(newId);
  const [vaultId, setVaultId] = useState('');
  const [note, setNote] = useState('');
  const [tried, setTried] = useState(false);
  const chosenVault = vaultId || (vaults.options.length === 1 ? vaults.options[0].id : '');
  const idem = useIdempotencyKey();
  const settle = useCrudMutation({
    mutationFn: () =>
      installmentsApi.settle(
        plan.id,
        {
          id: requestId,
          vaultId: chosenVault,
          note: note.trim() || undefined,
        },
        { idempotencyKey: idem.key },
      ),
    success: t('settle.done'),
    invalidate: [installmentKeys.all],
    onSuccess: onSettled,
    onDone: onClose,
  });
  const q = quote.data;
  return (
    <FormDialog
      open
      onClose={onClose}
      onSubmit={() => {
        setTried(true);
        if (!chosenVault || !q) return;
        settle.mutate(undefined);
      }}
      title={t('settle.title', { number: plan.number })}
      titleId="installment-settle-title"
      submitting={settle.isPending}
      submitLabel={t('settle.submit')}
      submitTestId="settle-submit"
      maxWidth="xs"
    >
      <Box sx={{ display: 'grid', gap: 1.5, pt: 1 }} data-testid="settle-dialog">
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
        <SelectField
          name="vault"
          label={t('fields.vault')}
          value={chosenVault}
          onChange={setVaultId}
          options={vaults.options.map((v) => ({ value: v.id, label: placeLabel(v) }))}
          noneLabel={t('form.chooseVault')}
          error={tried && !chosenVault ? t('form.required') : undefined}
          testId="settle-vault"
        />
        <TextField
          size="small"
          label={t('fields.note')}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 300 } }}
        />
      </Box>
    </FormDialog>
  );
}
