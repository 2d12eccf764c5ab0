import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { BRANCHES, DEFAULT_MAX_BRANCHES, SiteSettingsUpdateDto } from '@pos/contracts';
import { useTranslation } from 'react-i18next';
import { SaveButton } from '../../../shared/forms/SaveButton';
import { useErrorToast } from '../../../shared/api/useErrorToast';
import { http } from '../../../shared/api/http';
import { FormTextField } from '../../../shared/forms/FormTextField';
import { useDtoForm } from '../../../shared/forms/useDtoForm';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { useCrudMutation } from '../../../shared/ui/useCrudMutation';
import { settingsApi, settingsKeys } from '../api/settings.api';
import { DevicePrintersPanel } from './DevicePrintersPanel';

/** /admin/settings (admin only): the site settings, today the branch limit. */
export default function AdminSettingsPage() {
  const { t } = useTranslation('settings');
  const site = useQuery({
    queryKey: settingsKeys.siteRaw,
    queryFn: settingsApi.site,
    retry: false,
  });
  const branchCount = useQuery({
    queryKey: ['branches', 'count'],
    queryFn: async () => (await http.list(BRANCHES.path, { page: 1, pageSize: 1 })).total,
  });
  // The stored limit until edited.
  const form = useDtoForm<{ maxBranches: string }, SiteSettingsUpdateDto>({
    dto: SiteSettingsUpdateDto,
    defaultValues: { maxBranches: String(DEFAULT_MAX_BRANCHES) },
    values: { maxBranches: String(site.data?.maxBranches ?? DEFAULT_MAX_BRANCHES) },
    resetOptions: { keepDirtyValues: true },
    toBody: (v) => ({
      maxBranches: v.maxBranches.trim() === '' ? Number.NaN : Number(v.maxBranches),
    }),
    label: () => t('fields.maxBranches'),
  });
  useErrorToast(site.error);

  const save = useCrudMutation({
    mutationFn: (body: SiteSettingsUpdateDto) => settingsApi.updateSite(body),
    success: t('admin.saved'),
    invalidate: [settingsKeys.site],
  });

  return (
    <Box sx={{ p: { xs: 1.5, md: 3 } }}>
      <PageHeader title={t('admin.title')} subtitle={t('admin.intro')} mb={2} />
      <Paper variant="outlined" sx={{ p: 2, maxInlineSize: 520 }}>
        {site.isLoading && <LinearProgress sx={{ mb: 2 }} />}
        <Box component="form" noValidate onSubmit={form.submit((body) => save.mutate(body))}>
          <FormTextField
            form={form}
            name="maxBranches"
            type="number"
            fullWidth
            label={t('fields.maxBranches')}
            helperText={t('admin.maxBranchesHint')}
            testId="max-branches"
            slotProps={{ htmlInput: { min: 1, max: 10000, step: 1 } }}
          />
          {branchCount.data !== undefined && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {t('admin.currentBranches', { count: branchCount.data })}
            </Typography>
          )}
          <SaveButton
            disabled={save.isPending || site.isLoading}
            sx={{ mt: 2 }}
            testId="admin-settings-save"
          >
            {t('admin.save')}
          </SaveButton>
        </Box>
      </Paper>
      <DevicePrintersPanel />
    </Box>
  );
}
