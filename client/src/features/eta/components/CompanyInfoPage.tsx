import Edit from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  BRANCHES,
  ETA_ENVIRONMENTS,
  EtaCompanyInfoDto,
  type EtaBranchSettingsResponseDto,
  type EtaCompanyInfoResponseDto,
} from '@pos/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useState, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { SaveButton } from '../../../shared/forms/SaveButton';
import { resourceApi, ResourceForm, type ResourceField } from '../../../shared/resource';
import { useErrorToast } from '../../../shared/api/useErrorToast';
import { FormTextField } from '../../../shared/forms/FormTextField';
import { useDtoForm } from '../../../shared/forms/useDtoForm';
import { sessionUserState } from '../../../shared/state';
import { DataTable, type Column } from '../../../shared/ui/DataTable';
import { Panel } from '../../../shared/ui/DetailKit';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { useCrudMutation } from '../../../shared/ui/useCrudMutation';
import { etaApi, etaKeys } from '../api/eta.api';
import { DeviceSerialsPanel } from './DeviceSerialsPanel';
import { EtaSignerCard } from './EtaSignerCard';

const TEXT_FIELDS = [
  ['rin', true],
  ['name', false],
  ['activityCode', true],
  ['country', true],
  ['governate', false],
  ['regionCity', false],
  ['street', false],
  ['buildingNumber', true],
  ['postalCode', true],
] as const;
type TextKey = (typeof TEXT_FIELDS)[number][0];
type Form = Record<TextKey, string> & {
  environment: EtaCompanyInfoDto['environment'];
  erpClientId: string;
  erpClientSecret: string;
  receiptBatchSize: string;
};

const GRID = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' },
} as const;

function toForm(info: EtaCompanyInfoResponseDto): Form {
  const form = Object.fromEntries(TEXT_FIELDS.map(([key]) => [key, info[key] ?? '']));
  return {
    ...(form as Record<TextKey, string>),
    country: info.country || 'EG',
    environment: info.environment,
    erpClientId: info.erpClientId ?? '',
    erpClientSecret: '',
    receiptBatchSize: String(info.receiptBatchSize),
  };
}

/** The body sent: a secret left empty is not sent (the stored one is kept). */
function toDto(form: Form): EtaCompanyInfoDto {
  const text = Object.fromEntries(TEXT_FIELDS.map(([key]) => [key, form[key].trim()]));
  const dto: EtaCompanyInfoDto = {
    ...(text as Omit<EtaCompanyInfoDto, 'environment' | 'erpClientId' | 'receiptBatchSize'>),
    country: text.country.toUpperCase(),
    environment: form.environment,
    erpClientId: form.erpClientId.trim(),
    receiptBatchSize: form.receiptBatchSize.trim() === '' ? 50 : Number(form.receiptBatchSize),
  };
  if (!text.postalCode) delete dto.postalCode;
  if (form.erpClientSecret) dto.erpClientSecret = form.erpClientSecret;
  return dto;
}

/** "set" / "not set" for a write-only secret. */
function SecretState({ set, testId }: { set: boolean; testId: string }) {
  const { t } = useTranslation('eta');
  return (
    <Chip
      size="small"
      color={set ? 'success' : 'default'}
      variant={set ? 'filled' : 'outlined'}
      label={set ? t('companyInfo.secretSet') : t('companyInfo.secretNotSet')}
      data-testid={testId}
      data-set={set}
    />
  );
}

/**
 * /E-invoices/CompanyInfo: the taxpayer's ETA registration (RIN, name, activity, the issuer
 * address codes, the environment, the ERP credentials — a secret is write-only: its state is shown
 * and a new one replaces it) and, per branch, its ETA branch code, POS serial and credentials
 * (saved on the branch) with the e-receipts switch. Administrators change them.
 */
export default function CompanyInfoPage() {
  const { t } = useTranslation('eta');
  const info = useQuery({ queryKey: etaKeys.companyInfo, queryFn: etaApi.companyInfo });
  useErrorToast(info.error);
  if (!info.data) return <LinearProgress aria-label={t('companyInfo.title')} />;
  return <CompanyInfoForm data={info.data} />;
}

/** The page once the company info has arrived (the form starts from it). */
function CompanyInfoForm({ data }: { data: EtaCompanyInfoResponseDto }) {
  const { t } = useTranslation('eta');
  const user = useAtomValue(sessionUserState);
  const canWrite = user?.isAdmin === true;
  const queryClient = useQueryClient();
  const form = useDtoForm<Form, EtaCompanyInfoDto>({
    dto: EtaCompanyInfoDto,
    defaultValues: toForm(data),
    toBody: toDto,
    label: (f) => t(`companyInfo.${f}`),
  });
  const [editing, setEditing] = useState<EtaBranchSettingsResponseDto | null>(null);

  const save = useCrudMutation({
    mutationFn: etaApi.saveCompanyInfo,
    success: t('companyInfo.saved'),
    onSuccess: (saved) => {
      queryClient.setQueryData(etaKeys.companyInfo, saved);
      form.reset(toForm(saved));
    },
  });
  const toggle = useCrudMutation({
    mutationFn: ({ branchId, on }: { branchId: string; on: boolean }) =>
      etaApi.setBranch(branchId, { eReceiptsEnabled: on }),
    success: (branch) =>
      t(branch.eReceiptsEnabled ? 'companyInfo.eReceiptsOn' : 'companyInfo.eReceiptsOff', {
        branch: branch.branchName,
      }),
    // the switch shows the saved state at once, then the page reads the info again
    onSuccess: (branch) =>
      queryClient.setQueryData<EtaCompanyInfoResponseDto>(etaKeys.companyInfo, (old) =>
        old
          ? {
              ...old,
              branches: old.branches.map((b) => (b.branchId === branch.branchId ? branch : b)),
            }
          : old,
      ),
    invalidate: [etaKeys.companyInfo],
  });

  /** A text input of the company's form (`eta-<name>` its test id). */
  const text = (
    name: keyof Form,
    ltr: boolean,
    more: Partial<ComponentProps<typeof FormTextField<Form, EtaCompanyInfoDto>>>,
  ) => (
    <FormTextField
      key={name}
      form={form}
      name={name}
      label={t(`companyInfo.${name}`)}
      disabled={!canWrite}
      ltr={ltr}
      testId={`eta-${name}`}
      {...more}
    />
  );
  const branchColumns: Column<EtaBranchSettingsResponseDto>[] = [
    { key: 'branch', header: t('companyInfo.branch'), render: (b) => b.branchName },
    { key: 'code', header: t('companyInfo.branchCode'), ltr: true, render: (b) => b.branchCode },
    { key: 'serial', header: t('companyInfo.posSerial'), ltr: true, render: (b) => b.posSerial },
    {
      key: 'clientId',
      header: t('companyInfo.receiptClientId'),
      render: (b) => (
        <SecretState set={b.hasReceiptClientId} testId={`branch-client-id-${b.branchId}`} />
      ),
    },
    {
      key: 'secret',
      header: t('companyInfo.receiptClientSecret'),
      render: (b) => (
        <SecretState set={b.hasReceiptClientSecret} testId={`branch-secret-${b.branchId}`} />
      ),
    },
    {
      key: 'on',
      header: t('companyInfo.eReceipts'),
      render: (b) => (
        <Switch
          checked={
            toggle.isPending && toggle.variables.branchId === b.branchId
              ? toggle.variables.on
              : b.eReceiptsEnabled
          }
          disabled={!canWrite || toggle.isPending}
          onChange={(e) => toggle.mutate({ branchId: b.branchId, on: e.target.checked })}
          slotProps={{
            input: {
              'aria-label': t('companyInfo.eReceiptsFor', { branch: b.branchName }),
              // @ts-expect-error data attributes are passed through to the input
              'data-testid': `branch-e-receipts-${b.branchId}`,
            },
          }}
        />
      ),
    },
    {
      key: 'edit',
      header: t('companyInfo.actions'),
      render: (b) => (
        <Button
          size="small"
          startIcon={<Edit />}
          disabled={!canWrite}
          onClick={() => setEditing(b)}
          data-testid={`branch-eta-edit-${b.branchId}`}
        >
          {t('companyInfo.editBranch')}
        </Button>
      ),
    },
  ];

  return (
    <Box>
      <PageHeader
        title={t('companyInfo.title')}
        subtitle={t('companyInfo.subtitle')}
        meta={
          <Chip
            size="small"
            color={data.configured ? 'success' : 'warning'}
            label={data.configured ? t('companyInfo.configured') : t('companyInfo.notConfigured')}
            data-testid="eta-configured"
          />
        }
      />
      <Paper
        variant="outlined"
        component="form"
        noValidate
        sx={{ p: 2, mb: 2 }}
        onSubmit={(e) => void form.submit((dto) => save.mutate(dto))(e)}
        aria-labelledby="eta-company-heading"
      >
        <Typography variant="h6" component="h2" id="eta-company-heading" sx={{ mb: 2 }}>
          {t('companyInfo.company')}
        </Typography>
        <Box sx={GRID}>
          {TEXT_FIELDS.map(([key, ltr]) =>
            text(key, ltr, {
              required: key !== 'postalCode',
              helperText: key === 'rin' ? t('companyInfo.rinHint') : ' ',
            }),
          )}
          <FormTextField
            form={form}
            name="environment"
            select
            label={t('companyInfo.environment')}
            disabled={!canWrite}
            helperText={t(`companyInfo.environmentHints.${form.watch('environment')}`)}
            selectTestId="eta-environment"
          >
            {ETA_ENVIRONMENTS.map((env) => (
              <MenuItem key={env} value={env} data-testid={`eta-environment-${env}`}>
                {t(`companyInfo.environments.${env}`)}
              </MenuItem>
            ))}
          </FormTextField>
          {text('receiptBatchSize', true, {
            transform: (typed) => typed.replace(/\D/g, '').slice(0, 3),
            helperText: t('companyInfo.receiptBatchSizeHint'),
            inputMode: 'numeric',
            testId: undefined,
          })}
        </Box>
        <Typography variant="subtitle1" component="h3" sx={{ mt: 2, mb: 1, fontWeight: 700 }}>
          {t('companyInfo.erp')}
        </Typography>
        <Box sx={{ ...GRID, alignItems: 'start' }}>
          {text('erpClientId', true, { helperText: ' ' })}
          {text('erpClientSecret', true, {
            type: 'password',
            autoComplete: 'new-password',
            label: t('companyInfo.erpClientSecretNew'),
            helperText: t('companyInfo.secretHint'),
          })}
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minBlockSize: 40 }}>
            <Typography variant="body2">{t('companyInfo.erpClientSecret')}</Typography>
            <SecretState set={data.hasErpClientSecret} testId="eta-erp-secret-state" />
          </Box>
        </Box>
        <SaveButton end disabled={!canWrite || save.isPending} testId="eta-company-save">
          {t('companyInfo.save')}
        </SaveButton>
      </Paper>
      <EtaSignerCard canWrite={canWrite} />
      <Panel title={t('companyInfo.branches')} sx={{ p: 2 }}>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('companyInfo.branchesHelp')}
        </Typography>
        <DataTable
          columns={branchColumns}
          rows={data.branches}
          rowKey={(b) => b.branchId}
          rowTestId="eta-branch-row"
          ariaLabel={t('companyInfo.branches')}
          emptyText={t('companyInfo.noBranches')}
        />
      </Panel>
      <DeviceSerialsPanel canWrite={canWrite} />
      {editing && <BranchEtaDialog branch={editing} onClose={() => setEditing(null)} />}
    </Box>
  );
}

/** A branch's ETA fields (PATCH /Branch/{id}; a secret left empty keeps the stored one). */
function BranchEtaDialog({
  branch,
  onClose,
}: {
  branch: EtaBranchSettingsResponseDto;
  onClose: () => void;
}) {
  const { t } = useTranslation('eta');
  const row = useQuery({
    queryKey: ['eta', 'branch', branch.branchId],
    queryFn: () => resourceApi(BRANCHES).get(branch.branchId),
  });
  useErrorToast(row.error);
  if (!row.data) return null;
  const secretState = row.data.hasReceiptClientSecret ? 'secretSet' : 'secretNotSet';
  const fields: ResourceField[] = [
    { name: 'taxBranchNumber', help: t('companyInfo.branchCodeHint') },
    { name: 'receiptPosSerial' },
    { name: 'receiptsOsVersion' },
    { name: 'receiptClientId' },
    {
      name: 'receiptClientSecret',
      kind: 'custom',
      // an empty secret is not sent: the stored one stays
      render: ({ value, onChange, label, testId }) => (
        <TextField
          size="small"
          type="password"
          autoComplete="new-password"
          label={label}
          value={value ?? ''}
          onChange={(e) => onChange(e.target.value || undefined)}
          helperText={`${t(`companyInfo.${secretState}`)} — ${t('companyInfo.secretHint')}`}
          slotProps={{ htmlInput: { dir: 'ltr', 'data-testid': testId } }}
        />
      ),
    },
  ];
  return (
    <ResourceForm
      resource={BRANCHES}
      row={row.data}
      // an emptied field is cleared (null), as the branch form does
      fields={fields.map((f) => ({
        ltr: true,
        nullable: true,
        label: t(`companyInfo.${f.name}`),
        ...f,
      }))}
      title={t('companyInfo.branchDialog', { branch: branch.branchName })}
      success={t('companyInfo.branchSaved', { branch: branch.branchName })}
      invalidate={[etaKeys.companyInfo]}
      onClose={onClose}
      testId="branch-eta"
      submitTestId="branch-eta-save"
      maxWidth="sm"
    />
  );
}
