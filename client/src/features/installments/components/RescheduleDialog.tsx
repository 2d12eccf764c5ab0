import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  InstallmentRescheduleDto,
  formatPiasters,
  type InstallmentPlanDetailDto,
} from '@pos/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasErrors, validateDto } from '../../../shared/forms/validateDto';
import { businessDay } from '../../../shared/lib/format';
import { newId } from '../../../shared/lib/ids';
import { FormDialog } from '../../../shared/ui/FormDialog';
import { toast } from '../../../shared/ui/toast';
import { useCrudMutation } from '../../../shared/ui/useCrudMutation';
import { installmentKeys, installmentsApi } from '../api/installments.api';
import { bpToPercent, defaultTerms, previewSchedule, termsDto, type TermsForm } from '../lib/terms';
import { SchedulePreview, TermsFields } from './TermsFields';

/**
 * Reschedule: a new plan financing everything the plan still owes (late fees included), with its
 * own terms; the schedule is previewed live with the same math the server uses.
 */
export function RescheduleDialog({
  plan,
  onClose,
  onDone,
}: {
  plan: InstallmentPlanDetailDto;
  onClose: () => void;
  onDone: (next: InstallmentPlanDetailDto) => void;
}) {
  const { t, i18n } = useTranslation('installments');
  const [requestId] = useState(newId);
  const [terms, setTerms] = useState<TermsForm>(() => ({
    ...defaultTerms(businessDay()),
    period: plan.period,
    ratePercent: bpToPercent(plan.monthlyRateBp),
  }));
  const [note, setNote] = useState('');
  const remaining = plan.outstanding;
  const dto = termsDto(terms);
  // The remainder is all financed: no down payment (total = remaining, down 0).
  const preview = useMemo(
    () => previewSchedule(remaining, 0, dto),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [remaining, dto.count, dto.period, dto.firstDueDate, dto.monthlyRateBp, dto.fee],
  );
  const reschedule = useCrudMutation({
    mutationFn: (body: InstallmentRescheduleDto) => installmentsApi.reschedule(plan.id, body),
    success: (next) => t('reschedule.done', { number: next.number }),
    invalidate: [installmentKeys.all],
    onSuccess: onDone,
    onDone: onClose,
  });
  const submit = async () => {
    const body = { id: requestId, ...dto, note: note.trim() || undefined };
    const errors = await validateDto(InstallmentRescheduleDto, body, i18n.language, (f) =>
      t(`fields.${f}`),
    );
    if (hasErrors(errors)) {
      toast.error(Object.values(errors).filter(Boolean).join(' — '));
      return;
    }
    if (preview.error) return;
    reschedule.mutate(body as InstallmentRescheduleDto);
  };
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
        <TermsFields value={terms} onChange={setTerms} />
        <SchedulePreview preview={preview} downPayment={0} />
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
