import Save from '@mui/icons-material/Save';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  DEFAULT_INSTALLMENT_SETTINGS,
  StoreSettingsUpdateDto,
  type InstallmentSettings,
  type LateFeeRule,
  type StoreSettingsDto,
} from '@pos/contracts';
import { useMutation } from '@tanstack/react-query';
import { useAtom } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { handleError } from '../../../shared/api/handleError';
import { http } from '../../../shared/api/http';
import { hasErrors, validateDto, type FieldErrors } from '../../../shared/forms/validateDto';
import { parsePounds, piastersToInput, toAsciiDigits } from '../../../shared/lib/money';
import { storeSettingsState } from '../../../shared/state';
import { toast } from '../../../shared/ui/toast';

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
  const { t, i18n } = useTranslation('settings');
  const [settings, setSettings] = useAtom(storeSettingsState);
  const current: InstallmentSettings = settings.installments ?? DEFAULT_INSTALLMENT_SETTINGS;
  const [kind, setKind] = useState<LateFeeRule['kind']>(current.lateFee.kind);
  const [value, setValue] = useState(
    current.lateFee.kind === 'fixed'
      ? piastersToInput(current.lateFee.value)
      : bpText(current.lateFee.value),
  );
  const [graceDays, setGraceDays] = useState(String(current.lateFee.graceDays));
  const [discount, setDiscount] = useState(bpText(current.earlySettlementDiscountBp));
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useMutation({
    mutationFn: (installments: InstallmentSettings) =>
      http.patch<StoreSettingsDto>('/StoreSettings', { installments }),
    onSuccess: (saved) => {
      setSettings(saved);
      toast.success(t('installments.saved'));
    },
    onError: (err) => handleError(err, { toast: true }),
  });
  const submit = async () => {
    const feeValue =
      kind === 'none'
        ? 0
        : kind === 'fixed'
          ? (parsePounds(value) ?? Number.NaN)
          : percentToBp(value);
    const grace = /^\d+$/.test(toAsciiDigits(graceDays.trim()))
      ? Number(toAsciiDigits(graceDays.trim()))
      : Number.NaN;
    const body: InstallmentSettings = {
      lateFee: { kind, value: feeValue, graceDays: kind === 'none' ? 0 : grace },
      earlySettlementDiscountBp: percentToBp(discount),
    };
    const found = await validateDto(
      StoreSettingsUpdateDto,
      { installments: body },
      i18n.language,
      (field) => t(`installments.fields.${field.split('.').pop()}`),
    );
    setErrors(found);
    if (hasErrors(found)) return;
    save.mutate(body);
  };
  const error = (field: string) => errors[`installments.${field}`];
  return (
    <Box sx={{ mb: 3, display: 'grid', gap: 1 }} data-testid="installment-settings">
      <Typography variant="subtitle2">{t('installments.title')}</Typography>
      <Typography variant="body2" color="text.secondary">
        {t('installments.help')}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(auto-fill, minmax(180px, 1fr))' },
          alignItems: 'start',
        }}
      >
        <TextField
          select
          size="small"
          label={t('installments.fields.kind')}
          value={kind}
          disabled={!canWrite}
          onChange={(e) => setKind(e.target.value as LateFeeRule['kind'])}
          slotProps={{
            select: { SelectDisplayProps: { 'data-testid': 'late-fee-kind' } as never },
          }}
        >
          {KINDS.map((k) => (
            <MenuItem key={k} value={k}>
              {t(`installments.kinds.${k}`)}
            </MenuItem>
          ))}
        </TextField>
        {kind !== 'none' && (
          <TextField
            size="small"
            label={t(
              kind === 'fixed' ? 'installments.fields.fixed' : 'installments.fields.percent',
            )}
            value={value}
            disabled={!canWrite}
            onChange={(e) => setValue(e.target.value)}
            error={Boolean(error('lateFee.value'))}
            helperText={error('lateFee.value') ?? t('installments.perPeriod')}
            slotProps={{
              htmlInput: { dir: 'ltr', inputMode: 'decimal', 'data-testid': 'late-fee-value' },
            }}
          />
        )}
        {kind !== 'none' && (
          <TextField
            size="small"
            label={t('installments.fields.graceDays')}
            value={graceDays}
            disabled={!canWrite}
            onChange={(e) => setGraceDays(e.target.value)}
            error={Boolean(error('lateFee.graceDays'))}
            helperText={error('lateFee.graceDays') ?? ' '}
            slotProps={{
              htmlInput: { dir: 'ltr', inputMode: 'numeric', 'data-testid': 'late-fee-grace' },
            }}
          />
        )}
        <TextField
          size="small"
          label={t('installments.fields.earlySettlementDiscountBp')}
          value={discount}
          disabled={!canWrite}
          onChange={(e) => setDiscount(e.target.value)}
          error={Boolean(error('earlySettlementDiscountBp'))}
          helperText={error('earlySettlementDiscountBp') ?? t('installments.discountHelp')}
          slotProps={{
            htmlInput: { dir: 'ltr', inputMode: 'decimal', 'data-testid': 'early-discount' },
          }}
        />
      </Box>
      <Box>
        <Button
          variant="contained"
          startIcon={<Save />}
          disabled={!canWrite || save.isPending}
          onClick={() => void submit()}
          data-testid="installment-settings-save"
        >
          {t('installments.save')}
        </Button>
      </Box>
    </Box>
  );
}
