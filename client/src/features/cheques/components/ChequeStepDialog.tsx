import Typography from '@mui/material/Typography';
import { ChequeActionDto, formatPiasters, type ChequeAction, type ChequeDto } from '@pos/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { placeLabel } from '../../../shared/lib/places';
import { PaymentFormDialog } from '../../../shared/ui/PaymentFormDialog';
import { useCrudMutation } from '../../../shared/ui/useCrudMutation';
import { chequeKeys, chequesApi } from '../api/cheques.api';

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
  const step = useCrudMutation({
    mutationFn: ({ body, key }: { body: ChequeActionDto; key: string }) =>
      chequesApi.step(cheque.id, action, body, { idempotencyKey: key }),
    success: t(`steps.${action}.done`),
    invalidate: [chequeKeys.all],
    onDone: onClose,
  });
  return (
    <PaymentFormDialog<ChequeActionDto>
      title={t(`steps.${action}.title`, { number: cheque.number })}
      titleId="cheque-step-title"
      submitLabel={t(`steps.${action}.submit`)}
      submitTestId="cheque-step-submit"
      maxWidth="sm"
      onClose={onClose}
      submitting={step.isPending}
      dto={ChequeActionDto}
      toBody={(v) => ({
        ...(needsVault ? { vaultId: v.place } : {}),
        note: v.note.trim() || undefined,
      })}
      onSubmit={(body, key) => step.mutate({ body, key })}
      header={
        <Typography>
          {t(`steps.${action}.explain`, {
            party: cheque.partyName,
            amount: formatPiasters(cheque.amount),
          })}
        </Typography>
      }
      place={
        needsVault
          ? {
              label: t('fields.bankVault'),
              preset: '',
              options: (vaults.data ?? [])
                .filter((v) => v.branchId === cheque.branchId)
                .map((v) => ({ value: v.id, label: placeLabel(v) })),
              noneLabel: t('form.chooseVault'),
              required: t('form.required'),
              testId: 'cheque-vault',
            }
          : undefined
      }
      note={{ label: t('fields.note'), maxLength: 300 }}
    />
  );
}
