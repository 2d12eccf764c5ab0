import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  INSTALLMENT_PERIODS,
  formatPiasters,
  parseLocale,
  translateServer,
  type InstallmentPeriod,
} from '@pos/contracts';
import { Figure } from '../../../shared/ui/DetailKit';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../../../shared/lib/format';
import { AmountField } from '../../../shared/ui/AmountField';
import { DataTable, moneyColumn } from '../../../shared/ui/DataTable';
import { DateField } from '../../../shared/ui/DateField';
import type { FieldGuardStore } from '../../../shared/ui/fieldGuard';
import type { Preview, TermsForm } from '../lib/terms';

/** Count, period, first due date, monthly rate and fee of a plan. */
export function TermsFields({
  value,
  onChange,
  guard,
}: {
  value: TermsForm;
  onChange: (next: TermsForm) => void;
  /** The form's guard when the fields are not inside a FormDialog. */
  guard?: FieldGuardStore;
}) {
  const { t } = useTranslation('installments');
  const set = <K extends keyof TermsForm>(key: K, v: TermsForm[K]) =>
    onChange({ ...value, [key]: v });
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(auto-fill, minmax(190px, 1fr))' },
        alignItems: 'start',
      }}
    >
      <TextField
        size="small"
        label={t('fields.count')}
        value={value.count}
        onChange={(e) => set('count', e.target.value)}
        slotProps={{
          htmlInput: { inputMode: 'numeric', dir: 'ltr', 'data-testid': 'terms-count' },
        }}
      />
      <TextField
        select
        size="small"
        label={t('fields.period')}
        value={value.period}
        onChange={(e) => set('period', e.target.value as InstallmentPeriod)}
        slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'terms-period' } as never } }}
      >
        {INSTALLMENT_PERIODS.map((p) => (
          <MenuItem key={p} value={p}>
            {t(`periods.${p}`)}
          </MenuItem>
        ))}
      </TextField>
      <DateField
        label={t('fields.firstDueDate')}
        value={value.firstDueDate}
        onChange={(v) => set('firstDueDate', v)}
        testId="terms-first-due"
        minWidth={190}
      />
      <TextField
        size="small"
        label={t('fields.monthlyRate')}
        value={value.ratePercent}
        onChange={(e) => set('ratePercent', e.target.value)}
        slotProps={{
          htmlInput: { inputMode: 'decimal', dir: 'ltr', 'data-testid': 'terms-rate' },
        }}
        helperText={t('form.rateHint')}
      />
      <AmountField
        label={t('fields.fee')}
        value={value.fee}
        onValue={(v) => set('fee', v)}
        testId="terms-fee"
        guard={guard}
      />
    </Box>
  );
}

/** The schedule the terms make, as the customer will pay it, or why it cannot be made. */
export function SchedulePreview({
  preview,
  downPayment,
}: {
  preview: Preview;
  downPayment: number;
}) {
  const { t, i18n } = useTranslation('installments');
  if (preview.error)
    return (
      <Alert severity="warning" data-testid="schedule-error">
        {translateServer(parseLocale(i18n.language.slice(0, 2)), `errors.${preview.error}`)}
      </Alert>
    );
  const s = preview.schedule;
  const first = s.installments[0];
  const last = s.installments[s.installments.length - 1];
  return (
    <Box data-testid="schedule-preview">
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))',
          gap: 1,
          mb: 1,
        }}
      >
        {(
          [
            ['downPayment', downPayment],
            ['financed', s.financed],
            ['interest', s.interest],
            ['fee', s.fee],
            ['toPay', s.toPay, 'preview-to-pay'],
            ['grandTotal', s.toPay + downPayment, 'preview-grand-total'],
          ] as const
        ).map(([field, amount, testId]) => (
          <Figure
            key={field}
            label={t(`fields.${field}`)}
            value={formatPiasters(amount)}
            testId={testId}
            weight={testId ? 800 : 600}
          />
        ))}
      </Box>
      <Typography variant="body2" sx={{ mb: 0.5 }} data-testid="preview-line">
        {first.amount === last.amount
          ? t('form.previewEqual', {
              count: s.installments.length,
              amount: formatPiasters(first.amount),
            })
          : t('form.previewLast', {
              count: s.installments.length,
              amount: formatPiasters(first.amount),
              last: formatPiasters(last.amount),
            })}
      </Typography>
      {/* A scrolling region: reachable by keyboard to scroll it (WCAG 2.1.1). */}
      <Box
        tabIndex={0}
        role="region"
        aria-label={t('form.schedule')}
        sx={{ maxBlockSize: 220, overflow: 'auto', border: 1, borderColor: 'divider' }}
      >
        <DataTable
          stickyHeader
          ariaLabel={t('form.schedule')}
          rows={s.installments}
          rowKey={(i) => String(i.seq)}
          rowTestId="preview-row"
          hover={false}
          scroll={false}
          columns={[
            { key: 'seq', header: t('fields.seq'), render: (i) => i.seq },
            { key: 'dueDate', header: t('fields.dueDate'), render: (i) => formatDay(i.dueDate) },
            moneyColumn('amount', t('fields.amount'), (i: { amount: number }) => i.amount),
          ]}
        />
      </Box>
    </Box>
  );
}
