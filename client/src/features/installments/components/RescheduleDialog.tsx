import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { InstallmentRescheduleDto, formatPiasters } from '@pos/contracts';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../../shared/forms/FormTextField';
import { useDtoForm } from '../../../shared/forms/useDtoForm';
import { businessDay } from '../../../shared/lib/format';
import { newId } from '../../../shared/lib/ids';
import { FormDialog } from '../../../shared/ui/FormDialog';
import { toast } from '../../../shared/ui/toast';
import { useCrudMutation } from '../../../shared/ui/useCrudMutation';
import { installmentKeys, installmentsApi } from '../api/installments.api';
import { bpToPercent, defaultTerms, previewSchedule, termsDto, type TermsForm } from '../lib/terms';
import type { PlanDialogProps } from './CollectDialog';
import { SchedulePreview, TermsFields } from './TermsFields';

/**
 * Reschedule: a new plan financing everything the plan still owes (late fees included), with its
 * own terms; the schedule is previewed live with the same math the server uses.
 */
export function RescheduleDialog({ plan, onClose, onDone }: PlanDialogProps) {
  const { t } = useTranslation('installments');
  const [requestId] = useState(newId);
  const form = useDtoForm<{ terms: TermsForm; note: string }, InstallmentRescheduleDto>({
    dto: InstallmentRescheduleDto,
    defaultValues: {
      terms: {
        ...defaultTerms(businessDay()),
        period: plan.period,
        ratePercent: bpToPercent(plan.monthlyRateBp),
      },
      note: '',
    },
    toBody: (v) => ({ id: requestId, ...termsDto(v.terms), note: v.note.trim() || undefined }),
    label: (f) => t(`fields.${f}`),
  });
  const remaining = plan.outstanding;
  const dto = termsDto(form.watch('terms'));
  // The remainder is all financed: no down payment (total = remaining, down 0).
  const preview = previewSchedule(remaining, 0, dto);

  const reschedule = useCrudMutation({
    mutationFn: (body: InstallmentRescheduleDto) => installmentsApi.reschedule(plan.id, body),
    success: (next) => t('reschedule.done', { number: next.number }),
    invalidate: [installmentKeys.all],
    onSuccess: onDone,
    onDone: onClose,
  });
  const submit = form.submit(
    (body) => {
      if (!preview.error) reschedule.mutate(body);
    },
    (errors) => toast.error(Object.values(errors).filter(Boolean).join(' — ')),
  );
  return (
    <FormDialog
      open
      onClose={onClose}
      onSubmit={submit}
      title={t('reschedule.title', { number: plan.number })}
      titleId="installment-reschedule-title"
      submitting={reschedule.isPending}
      submitLabel={t('reschedule.submit')}
      submitTestId="reschedule-submit"
      maxWidth="md"
      dividers
    >
      <Box sx={{ display: 'grid', gap: 2 }} data-testid="reschedule-dialog">
        <Typography>{t('reschedule.explain', { amount: formatPiasters(remaining) })}</Typography>
        <Controller
          name="terms"
          control={form.control}
          render={({ field }) => <TermsFields value={field.value} onChange={field.onChange} />}
        />
        <SchedulePreview preview={preview} downPayment={0} />
        <FormTextField
          form={form}
          name="note"
          label={t('fields.note')}
          slotProps={{ htmlInput: { maxLength: 300 } }}
        />
      </Box>
    </FormDialog>
  );
}
