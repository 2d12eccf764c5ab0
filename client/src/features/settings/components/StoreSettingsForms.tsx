import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box, { type BoxProps } from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  MAX_EXPIRY_WARNING_DAYS,
  type StoreSettingsDto,
  type StoreSettingsUpdateDto,
} from '@pos/contracts';
import { useAtom } from 'jotai';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SaveButton } from '../../../shared/forms/SaveButton';
import { http } from '../../../shared/api/http';
import { setStoreTimeZone } from '../../../shared/lib/format';
import { storeSettingsState } from '../../../shared/state';
import { useCrudMutation } from '../../../shared/ui/useCrudMutation';

// The store settings' forms on /SystemSettings, each saving its part (PATCH /StoreSettings).

/** The store settings and their save: the global copy is replaced, then `saved` is toasted. */
export function useStoreSettings(saved: string, onSaved?: (settings: StoreSettingsDto) => void) {
  const { t } = useTranslation('settings');
  const [settings, setSettings] = useAtom(storeSettingsState);
  const save = useCrudMutation({
    mutationFn: (body: StoreSettingsUpdateDto) =>
      http.patch<StoreSettingsDto>('/StoreSettings', body),
    success: t(saved),
    onSuccess: (next) => {
      onSaved?.(next);
      setSettings(next);
    },
  });
  return { settings, save };
}

/** One setting's block: its title, its help and its fields. */
export function SettingSection({
  title,
  help,
  children,
  ...rest
}: { title: string; help: string; children: ReactNode } & BoxProps) {
  return (
    <Box sx={{ mb: 3, display: 'grid', gap: 1 }} {...rest}>
      <Typography variant="subtitle2">{title}</Typography>
      <Typography variant="body2" color="text.secondary">
        {help}
      </Typography>
      {children}
    </Box>
  );
}

/** Under a form a non-administrator sees: only a system administrator changes it. */
export function AdminOnlyNote() {
  const { t } = useTranslation('settings');
  return (
    <Alert severity="info" sx={{ mt: 2 }}>
      {t('adminOnly')}
    </Alert>
  );
}

const row = { display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' } as const;

/**
 * The store time zone (a store setting on the server, default Africa/Cairo): every date and time
 * on every screen and print, the business day and the daily report follow it.
 */
export function StoreTimeZoneForm({ canWrite }: { canWrite: boolean }) {
  const { t } = useTranslation('settings');
  const { settings, save } = useStoreSettings('timeZone.saved', (s) =>
    setStoreTimeZone(s.timeZone),
  );
  const [zone, setZone] = useState(settings.timeZone);
  const zones = useMemo(() => {
    const all =
      (Intl as unknown as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.(
        'timeZone',
      ) ?? [];
    return all.includes(settings.timeZone) ? all : [settings.timeZone, ...all];
  }, [settings.timeZone]);
  return (
    <SettingSection title={t('timeZone.title')} help={t('timeZone.help')}>
      <Box sx={row}>
        <Autocomplete
          options={zones}
          value={zone}
          disableClearable
          disabled={!canWrite}
          onChange={(_, next) => setZone(next)}
          sx={{ minWidth: 260 }}
          renderInput={(params) => (
            <TextField
              {...params}
              label={t('timeZone.label')}
              slotProps={{
                ...params.slotProps,
                htmlInput: {
                  ...params.slotProps.htmlInput,
                  dir: 'ltr',
                  'data-testid': 'store-time-zone',
                },
              }}
            />
          )}
        />
        <SaveButton
          disabled={!canWrite || save.isPending || zone === settings.timeZone}
          onClick={() => save.mutate({ timeZone: zone })}
          testId="store-time-zone-save"
        >
          {t('timeZone.save')}
        </SaveButton>
      </Box>
    </SettingSection>
  );
}

/**
 * The customers' default payment terms (a store setting, 30 days unless set): a customer without
 * terms of their own is past due, on the debts' reminder list, after this many days.
 */
export function CustomerTermsForm({ canWrite }: { canWrite: boolean }) {
  const { t } = useTranslation('settings');
  const [days, setDays] = useState<string | null>(null);
  const { settings, save } = useStoreSettings('customerTerms.saved', () => setDays(null));
  const text = days ?? String(settings.customerPaymentTermsDays);
  const value = text.trim() === '' ? NaN : Number(text);
  return (
    <SettingSection title={t('customerTerms.title')} help={t('customerTerms.help')}>
      <Box sx={row}>
        <TextField
          size="small"
          label={t('customerTerms.label')}
          value={text}
          disabled={!canWrite}
          onChange={(e) => setDays(e.target.value.replace(/\D/g, '').slice(0, 3))}
          slotProps={{
            htmlInput: { inputMode: 'numeric', dir: 'ltr', 'data-testid': 'customer-terms-days' },
          }}
          sx={{ inlineSize: 160 }}
        />
        <SaveButton
          disabled={
            !canWrite ||
            save.isPending ||
            !Number.isInteger(value) ||
            value === settings.customerPaymentTermsDays
          }
          onClick={() => save.mutate({ customerPaymentTermsDays: value })}
          testId="customer-terms-save"
        >
          {t('customerTerms.save')}
        </SaveButton>
      </Box>
    </SettingSection>
  );
}

/** The store's rule for a cancelled or expired reservation's deposit: refunded or forfeited. */
export function ReservationDepositForm({ canWrite }: { canWrite: boolean }) {
  const { t } = useTranslation('settings');
  const { settings, save } = useStoreSettings('reservationDeposit.saved');
  return (
    <SettingSection title={t('reservationDeposit.title')} help={t('reservationDeposit.help')}>
      <FormControlLabel
        control={
          <Switch
            checked={settings.reservationDepositForfeit}
            disabled={!canWrite || save.isPending}
            onChange={(e) => save.mutate({ reservationDepositForfeit: e.target.checked })}
            slotProps={{ input: { 'data-testid': 'reservation-deposit-forfeit' } as object }}
          />
        }
        label={t('reservationDeposit.forfeit')}
      />
    </SettingSection>
  );
}

/** The VAT % included in service amounts (repair bills, delivery fees); 0 charges none. */
export function ServiceVatForm({ canWrite }: { canWrite: boolean }) {
  const { t } = useTranslation('settings');
  const [draft, setDraft] = useState<string | null>(null);
  const { settings, save } = useStoreSettings('serviceVat.saved', () => setDraft(null));
  const value = draft ?? String(settings.serviceVatRate);
  const rate = Number(value);
  const valid = /^\d{1,3}$/.test(value) && rate <= 100;
  return (
    <SettingSection
      title={t('serviceVat.title')}
      help={t('serviceVat.help')}
      component="form"
      onSubmit={(e) => {
        e.preventDefault();
        if (valid) save.mutate({ serviceVatRate: rate });
      }}
    >
      <Box sx={{ ...row, alignItems: 'flex-start', flexWrap: 'nowrap' }}>
        <TextField
          size="small"
          label={t('serviceVat.rate')}
          value={value}
          onChange={(e) => setDraft(e.target.value.trim())}
          disabled={!canWrite || save.isPending}
          error={!valid}
          helperText={valid ? ' ' : t('serviceVat.invalid')}
          sx={{ inlineSize: 160 }}
          slotProps={{
            htmlInput: { inputMode: 'numeric', dir: 'ltr', 'data-testid': 'service-vat-rate' },
          }}
        />
        {canWrite && (
          <Button
            type="submit"
            variant="outlined"
            disabled={!valid || draft === null || save.isPending}
            data-testid="service-vat-save"
          >
            {t('serviceVat.save')}
          </Button>
        )}
      </Box>
    </SettingSection>
  );
}

/** The expiring-lots window (issue 34): a lot expiring within this many days is on the list. */
export function ExpiryWarningForm({ canWrite }: { canWrite: boolean }) {
  const { t } = useTranslation('settings');
  const [draft, setDraft] = useState<string | null>(null);
  const { settings, save } = useStoreSettings('expiryWarning.saved', () => setDraft(null));
  const value = draft ?? String(settings.expiryWarningDays);
  const days = Number(value);
  const valid = /^\d{1,3}$/.test(value) && days >= 1 && days <= MAX_EXPIRY_WARNING_DAYS;
  return (
    <SettingSection
      title={t('expiryWarning.title')}
      help={t('expiryWarning.help')}
      component="form"
      onSubmit={(e) => {
        e.preventDefault();
        if (valid) save.mutate({ expiryWarningDays: days });
      }}
    >
      <Box sx={{ ...row, alignItems: 'flex-start', flexWrap: 'nowrap' }}>
        <TextField
          size="small"
          label={t('expiryWarning.days')}
          value={value}
          onChange={(e) => setDraft(e.target.value.trim())}
          disabled={!canWrite || save.isPending}
          error={!valid}
          helperText={valid ? ' ' : t('expiryWarning.invalid')}
          sx={{ inlineSize: 160 }}
          slotProps={{
            htmlInput: { inputMode: 'numeric', dir: 'ltr', 'data-testid': 'expiry-warning-days' },
          }}
        />
        {canWrite && (
          <Button
            type="submit"
            variant="outlined"
            disabled={!valid || draft === null || save.isPending}
            data-testid="expiry-warning-save"
          >
            {t('expiryWarning.save')}
          </Button>
        )}
      </Box>
    </SettingSection>
  );
}
