import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import {
  DEFAULT_INSTALLMENT_SETTINGS,
  StoreSettingsUpdateDto,
  type InstallmentSettings,
  type LateFeeRule,
} from '@pos/contracts';
import { useTranslation } from 'react-i18next';
import { SaveButton } from '../../../shared/forms/SaveButton';
import { FormTextField } from '../../../shared/forms/FormTextField';
import { useDtoForm } from '../../../shared/forms/useDtoForm';
import { SettingSection, useStoreSettings } from './StoreSettingsForms';
import { parsePounds, piastersToInput, toAsciiDigits } from '../../../shared/lib/money';

type Values = { kind: LateFeeRule['kind']; value: string; graceDays: string; discount: string };

const KINDS: LateFeeRule['kind'][] = ['none', 'fixed', 'percent'];

/** '2.5' % → 250 basis points; NaN when not a number with at most two decimals. */
function percentToBp(text: string): number {
  const value = toAsciiDigits(text.trim()).replace('٫', '.');
  if (!/^\d{1,5}(\.\d{1,2})?$/.test(value)) return Number.NaN;
  const [whole, fraction = ''] = value.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

const bpText = (bp: number) => (bp / 100).toString();

/**
 * The store's installment rules (issue 16): the late fee on overdue installments (none, a fixed
 * amount or a percent of the installment per month/week started, after grace days) and the
 * early-settlement discount (a percent of the interest not yet due that is waived).
 */
export function InstallmentSettingsForm({ canWrite }: { canWrite: boolean }) {
  const { t } = useTranslation('settings');
  const { settings, save } = useStoreSettings('installments.saved');
  const current: InstallmentSettings = settings.installments ?? DEFAULT_INSTALLMENT_SETTINGS;
  const form = useDtoForm<Values, { installments: InstallmentSettings }>({
    dto: StoreSettingsUpdateDto,
    defaultValues: {
      kind: current.lateFee.kind,
      value:
        current.lateFee.kind === 'fixed'
          ? piastersToInput(current.lateFee.value)
          : bpText(current.lateFee.value),
      graceDays: String(current.lateFee.graceDays),
      discount: bpText(current.earlySettlementDiscountBp),
    },
    toBody: ({ kind, value, graceDays, discount }) => {
      const feeValue =
        kind === 'none'
          ? 0
          : kind === 'fixed'
            ? (parsePounds(value) ?? Number.NaN)
            : percentToBp(value);
      const grace = /^\d+$/.test(toAsciiDigits(graceDays.trim()))
        ? Number(toAsciiDigits(graceDays.trim()))
        : Number.NaN;
      return {
        installments: {
          lateFee: { kind, value: feeValue, graceDays: kind === 'none' ? 0 : grace },
          earlySettlementDiscountBp: percentToBp(discount),
        },
      };
    },
    label: (field) => t(`installments.fields.${field.split('.').pop()}`),
  });
  const kind = form.watch('kind');
  const submit = form.submit((body) => save.mutate(body));
  return (
    <SettingSection
      title={t('installments.title')}
      help={t('installments.help')}
      data-testid="installment-settings"
    >
      <Box
        sx={{
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(auto-fill, minmax(180px, 1fr))' },
          alignItems: 'start',
        }}
      >
        <FormTextField
          form={form}
          name="kind"
          select
          label={t('installments.fields.kind')}
          disabled={!canWrite}
          selectTestId="late-fee-kind"
        >
          {KINDS.map((k) => (
            <MenuItem key={k} value={k}>
              {t(`installments.kinds.${k}`)}
            </MenuItem>
          ))}
        </FormTextField>
        {(
          [
            // name, the body's field, the label, the help, the test id, the keyboard
            [
              'value',
              'lateFee.value',
              kind === 'fixed' ? 'fixed' : 'percent',
              'perPeriod',
              'late-fee-value',
              'decimal',
            ],
            ['graceDays', 'lateFee.graceDays', 'graceDays', null, 'late-fee-grace', 'numeric'],
            [
              'discount',
              'earlySettlementDiscountBp',
              'earlySettlementDiscountBp',
              'discountHelp',
              'early-discount',
              'decimal',
            ],
          ] as const
        )
          .filter(([name]) => kind !== 'none' || name === 'discount')
          .map(([name, field, label, help, testId, inputMode]) => (
            <FormTextField
              key={name}
              form={form}
              name={name}
              errorName={`installments.${field}`}
              label={t(`installments.fields.${label}`)}
              disabled={!canWrite}
              helperText={help ? t(`installments.${help}`) : ' '}
              ltr
              testId={testId}
              inputMode={inputMode}
            />
          ))}
      </Box>
      <SaveButton
        sx={{ justifySelf: 'start' }}
        disabled={!canWrite || save.isPending}
        onClick={() => void submit()}
        testId="installment-settings-save"
      >
        {t('installments.save')}
      </SaveButton>
    </SettingSection>
  );
}
