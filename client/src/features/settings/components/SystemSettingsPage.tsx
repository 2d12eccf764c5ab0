import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  FEATURE_DEFAULTS,
  MODULES,
  PublicConfigUpdateDto,
  type FeatureDto,
  type ModuleKey,
  type PublicConfigDto,
} from '@pos/contracts';
import { useAtomValue, useSetAtom } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SaveButton } from '../../../shared/forms/SaveButton';
import { useErrorToast } from '../../../shared/api/useErrorToast';
import { dtoErrors, hasErrors } from '../../../shared/forms/useDtoForm';
import {
  enabledModulesState,
  featuresState,
  publicConfigState,
  sessionUserState,
} from '../../../shared/state';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { useCrudMutation } from '../../../shared/ui/useCrudMutation';
import { settingsApi, settingsKeys } from '../api/settings.api';
import { StoreInfoForm } from './StoreInfoForm';
import { DisplayImagesPanel } from './DisplayImagesPanel';
import { InstallmentSettingsForm } from './InstallmentSettingsForm';
import {
  AdminOnlyNote,
  CustomerTermsForm,
  ReservationDepositForm,
  ServiceVatForm,
  ExpiryWarningForm,
  StoreTimeZoneForm,
} from './StoreSettingsForms';

const TABS = ['store', 'display', 'features', 'modules'] as const;
type TabKey = (typeof TABS)[number];

function StoreTab({ canWrite }: { canWrite: boolean }) {
  const { t } = useTranslation('settings');
  const modules = useAtomValue(enabledModulesState);
  const info = useQuery({ queryKey: settingsKeys.storeInfo, queryFn: settingsApi.storeInfo });
  useErrorToast(info.error);
  if (info.isLoading) return <LinearProgress />;
  const first = info.data?.[0];
  if (!first) return info.isSuccess ? <Alert severity="warning">{t('store.missing')}</Alert> : null;
  return (
    <>
      <StoreTimeZoneForm canWrite={canWrite} />
      <CustomerTermsForm canWrite={canWrite} />
      {modules.includes('INSTALLMENTS') && <InstallmentSettingsForm canWrite={canWrite} />}
      <ReservationDepositForm canWrite={canWrite} />
      <ServiceVatForm canWrite={canWrite} />
      <ExpiryWarningForm canWrite={canWrite} />
      <StoreInfoForm key={first.id} info={first} canWrite={canWrite} />
    </>
  );
}

function FeaturesTab({ canWrite }: { canWrite: boolean }) {
  const { t } = useTranslation('settings');
  const queryClient = useQueryClient();
  const setFeatures = useSetAtom(featuresState);
  const features = useQuery({ queryKey: settingsKeys.features, queryFn: settingsApi.features });
  useErrorToast(features.error);

  // Known flags always show (with their default) even before the server holds a row for them,
  // so the list is never empty.
  const rows: FeatureDto[] = Object.entries({
    ...FEATURE_DEFAULTS,
    ...Object.fromEntries((features.data ?? []).map((f) => [f.key, f.enabled])),
  }).map(([key, enabled]) => ({ key, enabled }));

  const toggle = useCrudMutation({
    mutationFn: ({ key, enabled }: FeatureDto) => settingsApi.setFeature(key, enabled),
    success: t('features.saved'),
    onSuccess: (_, { key, enabled }) => {
      queryClient.setQueryData<FeatureDto[]>(settingsKeys.features, (prev = []) =>
        prev.some((f) => f.key === key)
          ? prev.map((f) => (f.key === key ? { key, enabled } : f))
          : [...prev, { key, enabled }],
      );
      setFeatures((prev) => ({ ...prev, [key]: enabled }));
    },
  });

  // a flag without texts of its own shows its key
  const label = (key: string) => t(`features.labels.${key}`, { defaultValue: key });

  return (
    <Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('features.intro')}
      </Typography>
      {features.isLoading && <LinearProgress />}
      <List dense disablePadding>
        {rows.map((feature) => (
          <ListItem
            key={feature.key}
            divider
            secondaryAction={
              <Switch
                edge="end"
                checked={feature.enabled}
                disabled={!canWrite || toggle.isPending}
                onChange={(e) => toggle.mutate({ key: feature.key, enabled: e.target.checked })}
                slotProps={{
                  input: {
                    'aria-label': label(feature.key),
                    'data-testid': `feature-${feature.key}`,
                  } as never,
                }}
              />
            }
          >
            <ListItemText
              primary={label(feature.key)}
              secondary={
                t(`features.descriptions.${feature.key}`, { defaultValue: '' }) || undefined
              }
            />
          </ListItem>
        ))}
      </List>
      {!canWrite && <AdminOnlyNote />}
    </Box>
  );
}

function ModulesTab({ canWrite }: { canWrite: boolean }) {
  const { t, i18n } = useTranslation('settings');
  const queryClient = useQueryClient();
  const setConfig = useSetAtom(publicConfigState);
  const config = useQuery({ queryKey: settingsKeys.config, queryFn: settingsApi.config });
  useErrorToast(config.error);
  // The user's edits; null until they change something, so the server's value shows.
  const [draft, setDraft] = useState<ModuleKey[] | null>(null);
  const modules = draft ?? config.data?.modules ?? [];
  const [error, setError] = useState<string | undefined>();

  const save = useCrudMutation({
    mutationFn: (body: PublicConfigUpdateDto) => settingsApi.updateConfig(body),
    success: t('modules.saved'),
    onSuccess: (saved, body) => {
      const next: PublicConfigDto = {
        ...(config.data ?? { appName: 'POS' }),
        ...saved,
        modules: saved?.modules ?? body.modules,
      };
      queryClient.setQueryData(settingsKeys.config, next);
      setConfig(next);
    },
  });

  const onSave = async () => {
    const body = { modules: MODULES.filter((m) => modules.includes(m)) };
    const found = await dtoErrors(PublicConfigUpdateDto, body, i18n.language, () =>
      t('fields.modules'),
    );
    setError(found.modules);
    if (!hasErrors(found)) save.mutate(body as PublicConfigUpdateDto);
  };

  return (
    <Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('modules.intro')}
      </Typography>
      {config.isLoading && <LinearProgress />}
      <FormGroup>
        {MODULES.map((module) => (
          <FormControlLabel
            key={module}
            control={
              <Checkbox
                checked={modules.includes(module)}
                disabled={!canWrite}
                onChange={(e) =>
                  setDraft(
                    e.target.checked ? [...modules, module] : modules.filter((m) => m !== module),
                  )
                }
                slotProps={{ input: { 'data-testid': `module-${module}` } as never }}
              />
            }
            label={
              <span>
                {t(`modules.names.${module}`)}{' '}
                <Typography component="span" variant="caption" color="text.secondary" dir="ltr">
                  ({module})
                </Typography>
              </span>
            }
          />
        ))}
      </FormGroup>
      {error && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {error}
        </Alert>
      )}
      {canWrite ? (
        <SaveButton
          sx={{ mt: 2 }}
          disabled={save.isPending || !config.data}
          onClick={() => void onSave()}
          testId="modules-save"
        >
          {t('modules.save')}
        </SaveButton>
      ) : (
        <AdminOnlyNote />
      )}
    </Box>
  );
}

export default function SystemSettingsPage() {
  const { t } = useTranslation('settings');
  const user = useAtomValue(sessionUserState);
  const canWrite = user?.isAdmin === true;
  const [tab, setTab] = useState<TabKey>('store');

  return (
    <Box sx={{ p: { xs: 1.5, md: 3 } }}>
      <PageHeader title={t('title')} mb={2} />
      <Paper variant="outlined">
        <Tabs
          value={tab}
          onChange={(_, next: TabKey) => setTab(next)}
          variant="scrollable"
          allowScrollButtonsMobile
          sx={{ borderBlockEnd: 1, borderColor: 'divider', px: 1 }}
        >
          {TABS.map((key) => (
            <Tab key={key} value={key} label={t(`tabs.${key}`)} />
          ))}
        </Tabs>
        <Box sx={{ p: 2 }}>
          {tab === 'store' && <StoreTab canWrite={canWrite} />}
          {tab === 'display' && <DisplayImagesPanel canWrite={canWrite} />}
          {tab === 'features' && <FeaturesTab canWrite={canWrite} />}
          {tab === 'modules' && <ModulesTab canWrite={canWrite} />}
        </Box>
      </Paper>
    </Box>
  );
}
