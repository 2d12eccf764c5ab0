import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { formatPiasters, LoyaltyProgramDto } from '@pos/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useErrorToast } from '../../../shared/api/useErrorToast';
import { SaveButton } from '../../../shared/forms/SaveButton';
import { useDtoForm } from '../../../shared/forms/useDtoForm';
import { AmountField } from '../../../shared/ui/AmountField';
import { FieldGuard, useFieldGuard } from '../../../shared/ui/fieldGuard';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { useCrudMutation } from '../../../shared/ui/useCrudMutation';
import { loyaltyApi, loyaltyKeys } from '../api/loyalty.api';

/** The DTO's bounds (piasters): at most 1,000,000.00 spent per point, a point worth 1,000.00. */
const MAX_SPEND = 100_000_000;
const MAX_VALUE = 100_000;

type Values = { enabled: boolean; spendPerPoint: number | null; pointValue: number | null };

/**
 * /Loyalty (admin): the store-wide program, exactly its DTO — on/off, the amount spent per point
 * earned and what a point pays, both typed in pounds and sent as piasters. A new point value
 * revalues the points held (docs/decisions/0091).
 */
export default function LoyaltyProgramPage() {
  const { t } = useTranslation('loyalty');
  const guard = useFieldGuard();
  const program = useQuery({ queryKey: loyaltyKeys.program, queryFn: loyaltyApi.program });
  useErrorToast(program.error);
  const form = useDtoForm<Values, LoyaltyProgramDto>({
    dto: LoyaltyProgramDto,
    guard,
    defaultValues: { enabled: true, spendPerPoint: null, pointValue: null },
    values: program.data,
    resetOptions: { keepDirtyValues: true },
    toBody: (v) => ({
      enabled: v.enabled,
      spendPerPoint: v.spendPerPoint ?? Number.NaN,
      pointValue: v.pointValue ?? Number.NaN,
    }),
    label: (field) => t(`fields.${field}`),
  });
  const save = useCrudMutation({
    mutationFn: (body: LoyaltyProgramDto) => loyaltyApi.setProgram(body),
    success: t('saved'),
    invalidate: [loyaltyKeys.program, ['loyalty', 'customer']],
  });
  const v = form.watch();
  const rate =
    v.spendPerPoint && v.pointValue
      ? t('summary', {
          spend: formatPiasters(v.spendPerPoint),
          value: formatPiasters(v.pointValue),
          percent: ((v.pointValue / v.spendPerPoint) * 100).toFixed(2),
        })
      : '';
  return (
    <Box>
      <PageHeader title={t('title')} subtitle={t('intro')} />
      <Paper variant="outlined" sx={{ p: 2, maxInlineSize: 560 }}>
        {program.isLoading && <LinearProgress sx={{ mb: 2 }} />}
        <Box
          component="form"
          noValidate
          onSubmit={form.submit((body) => save.mutate(body))}
          sx={{ display: 'grid', gap: 1.5 }}
          data-testid="loyalty-form"
        >
          <FormControlLabel
            control={
              <Switch
                checked={v.enabled}
                onChange={(e) => form.setValue('enabled', e.target.checked, { shouldDirty: true })}
                slotProps={{ input: { 'data-testid': 'loyalty-enabled' } as object }}
              />
            }
            label={t('fields.enabled')}
          />
          {/* Closed until the program is read: a figure typed before it arrives would be replaced. */}
          <FieldGuard guard={guard}>
            <AmountField
              label={t('fields.spendPerPoint')}
              value={v.spendPerPoint}
              onValue={(n) => form.setValue('spendPerPoint', n, { shouldDirty: true })}
              required
              positive
              max={MAX_SPEND}
              error={Boolean(form.errorOf('spendPerPoint'))}
              helperText={form.errorOf('spendPerPoint') ?? t('hints.spendPerPoint')}
              testId="loyalty-spend"
              disabled={program.isLoading}
            />
            <AmountField
              label={t('fields.pointValue')}
              value={v.pointValue}
              onValue={(n) => form.setValue('pointValue', n, { shouldDirty: true })}
              required
              positive
              max={MAX_VALUE}
              error={Boolean(form.errorOf('pointValue'))}
              helperText={form.errorOf('pointValue') ?? t('hints.pointValue')}
              testId="loyalty-value"
              disabled={program.isLoading}
            />
          </FieldGuard>
          {rate && (
            <Typography variant="body2" color="text.secondary" data-testid="loyalty-summary">
              {rate}
            </Typography>
          )}
          <Box>
            <SaveButton disabled={save.isPending || program.isLoading} testId="loyalty-save">
              {t('save')}
            </SaveButton>
          </Box>
        </Box>
      </Paper>
    </Box>
  );
}
