import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatPiasters, type ChequeAction, type ChequeDto } from '@pos/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { placeLabel } from '../../../shared/lib/places';
import { FormDialog, NoteField } from '../../../shared/ui/FormDialog';
import { SelectField } from '../../../shared/ui/SelectField';
import { useCrudMutation } from '../../../shared/ui/useCrudMutation';
import { chequeKeys, chequesApi } from '../api/cheques.api';
import { useIdempotencyKey } from '../../../shared/lib/useIdempotencyKey';

/** One step of a cheque: deposit (choose the bank), clear (an issued one: choose the bank), bounce, cancel. */
export function ChequeStepDialog({
  cheque,
  action,
  onClose,
}: {
  cheque: ChequeDto;
  action: ChequeAction;
  onClose: () => void;
}) {
  const { t } = useTranslation('cheques');
  const needsVault = action === 'deposit' || (action === 'clear' && cheque.direction === 'issued');
  const vaults = useQuery({
    queryKey: chequeKeys.vaults,
    queryFn: chequesApi.vaults,
    enabled: needsVault,
  });
  const [vaultId, setVaultId] = useState('');
  const [note, setNote] = useState('');
  const [tried, setTried] = useState(false);
  const idem = useIdempotencyKey();
  const step = useCrudMutation({
    mutationFn: () =>
      chequesApi.step(
        cheque.id,
        action,
        {
          ...(needsVault ? { vaultId } : {}),
          note: note.trim() || undefined,
        },
        { idempotencyKey: idem.key },
      ),
    success: t(`steps.${action}.done`),
    invalidate: [chequeKeys.all],
    onDone: onClose,
  });
  const submit = () => {
    setTried(true);
    if (needsVault && !vaultId) return;
    step.mutate(undefined);
  };
  return (
    <FormDialog
      open
      onClose={onClose}
      onSubmit={submit}
      title={t(`steps.${action}.title`, { number: cheque.number })}
      titleId="cheque-step-title"
      submitting={step.isPending}
      submitLabel={t(`steps.${action}.submit`)}
      submitTestId="cheque-step-submit"
    >
      <Box sx={{ display: 'grid', gap: 1, pt: 1 }}>
        <Typography>
          {t(`steps.${action}.explain`, {
            party: cheque.partyName,
            amount: formatPiasters(cheque.amount),
          })}
        </Typography>
        {needsVault && (
          <SelectField
            name="vault"
            label={t('fields.bankVault')}
            value={vaultId}
            onChange={setVaultId}
            options={(vaults.data ?? [])
              .filter((v) => v.branchId === cheque.branchId)
              .map((v) => ({ value: v.id, label: placeLabel(v) }))}
            noneLabel={t('form.chooseVault')}
            error={tried && !vaultId ? t('form.required') : undefined}
            testId="cheque-vault"
          />
        )}
        <NoteField label={t('fields.note')} value={note} onChange={setNote} maxLength={300} />
      </Box>
    </FormDialog>
  );
}
