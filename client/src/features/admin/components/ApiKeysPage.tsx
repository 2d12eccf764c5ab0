import Block from '@mui/icons-material/Block';
import ContentCopy from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { PERMISSION_GROUPS, type ApiKeyDto, type PermissionKey } from '@pos/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorToast } from '../../../shared/api/useErrorToast';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { DataTable, type Column } from '../../../shared/ui/DataTable';
import { FormDialog } from '../../../shared/ui/FormDialog';
import { IconAction } from '../../../shared/ui/IconAction';
import { AddButton, PageHeader } from '../../../shared/ui/PageHeader';
import { SelectField } from '../../../shared/ui/SelectField';
import { useCrudMutation, useConfirmedMutation } from '../../../shared/ui/useCrudMutation';
import { useToast } from '../../../shared/ui/useToast';
import { useBranchOptions } from '../../branches';
import { formatDateTime } from '../../../shared/lib/format';
import { adminApi, adminKeys } from '../api/admin.api';

type Draft = { name: string; branchId: string; permissions: PermissionKey[] };
const EMPTY: Draft = { name: '', branchId: '', permissions: [] };

/** /admin/apiKeys: keys for integrations, each bound to one branch and a set of permissions. */
export default function ApiKeysPage() {
  const { t } = useTranslation(['admin', 'roles']);
  const toast = useToast();
  const list = useQuery({ queryKey: adminKeys.apiKeys, queryFn: adminApi.apiKeys });
  useErrorToast(list.error);
  const branches = useBranchOptions();
  const branchName = (id: string) => branches.data?.find((b) => b.id === id)?.name ?? '';

  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof Draft, string>>>({});
  const [secret, setSecret] = useState<{ name: string; key: string } | null>(null);

  const create = useCrudMutation({
    mutationFn: adminApi.createApiKey,
    invalidate: [adminKeys.apiKeys],
    onSuccess: (created) => {
      setOpen(false);
      setSecret({ name: created.name, key: created.key });
    },
  });
  const revoke = useConfirmedMutation<ApiKeyDto>({
    mutationFn: (key) => adminApi.revokeApiKey(key.id),
    success: t('admin:apiKeys.revoked'),
    invalidate: [adminKeys.apiKeys],
  });

  const openCreate = () => {
    setDraft({ ...EMPTY, branchId: branches.data?.[0]?.id ?? '' });
    setErrors({});
    setOpen(true);
  };
  const submit = async () => {
    const next: typeof errors = {};
    if (!draft.name.trim()) next.name = t('admin:apiKeys.errors.name');
    if (!draft.branchId) next.branchId = t('admin:apiKeys.errors.branch');
    if (draft.permissions.length === 0) next.permissions = t('admin:apiKeys.errors.permissions');
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    await create
      .mutateAsync({
        name: draft.name.trim(),
        branchId: draft.branchId,
        permissions: draft.permissions,
      })
      .catch(() => undefined);
  };
  const toggle = (key: PermissionKey, on: boolean) =>
    setDraft((d) => ({
      ...d,
      permissions: on ? [...d.permissions, key] : d.permissions.filter((k) => k !== key),
    }));
  const copy = async () => {
    if (!secret) return;
    try {
      await navigator.clipboard.writeText(secret.key);
      toast.success(t('admin:apiKeys.copied'));
    } catch {
      toast.error(t('admin:apiKeys.copyFailed'));
    }
  };

  const when = (iso: string | null) => (iso ? formatDateTime(iso) : '');
  const columns: Column<ApiKeyDto>[] = [
    {
      key: 'name',
      header: t('admin:apiKeys.columns.name'),
      sx: { fontWeight: 600 },
      render: (k) => k.name,
    },
    {
      key: 'prefix',
      header: t('admin:apiKeys.columns.prefix'),
      ltr: true,
      render: (k) => `pos_${k.prefix}_…`,
    },
    {
      key: 'branch',
      header: t('admin:apiKeys.columns.branch'),
      render: (k) => branchName(k.branchId),
    },
    {
      key: 'permissions',
      header: t('admin:apiKeys.columns.permissions'),
      render: (k) => (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
          {k.permissions.map((p) => (
            <Chip key={p} size="small" variant="outlined" label={t(`roles:permissions.${p}`)} />
          ))}
        </Box>
      ),
    },
    {
      key: 'created',
      header: t('admin:apiKeys.columns.created'),
      nowrap: true,
      render: (k) => when(k.createdAt),
    },
    {
      key: 'lastUsed',
      header: t('admin:apiKeys.columns.lastUsed'),
      nowrap: true,
      render: (k) => (k.lastUsedAt ? when(k.lastUsedAt) : t('admin:apiKeys.never')),
    },
    {
      key: 'state',
      header: t('admin:apiKeys.columns.state'),
      render: (k) => (
        <Chip
          size="small"
          color={k.revokedAt ? 'default' : 'success'}
          label={
            k.revokedAt
              ? t('admin:apiKeys.state.revoked', { date: when(k.revokedAt) })
              : t('admin:apiKeys.state.active')
          }
          data-testid="api-key-state"
        />
      ),
    },
    {
      key: 'actions',
      header: t('admin:apiKeys.columns.actions'),
      align: 'right',
      nowrap: true,
      render: (k) =>
        k.revokedAt ? null : (
          <IconAction
            icon={Block}
            label={t('admin:apiKeys.revoke')}
            onClick={() => revoke.ask(k)}
            testId="api-key-revoke"
          />
        ),
    },
  ];

  return (
    <Box sx={{ p: { xs: 1.5, md: 3 } }}>
      <PageHeader
        title={t('admin:apiKeys.title')}
        subtitle={t('admin:apiKeys.subtitle')}
        mb={2}
        actions={
          <AddButton onClick={openCreate} testId="api-key-add">
            {t('admin:apiKeys.add')}
          </AddButton>
        }
      />
      <Paper variant="outlined">
        <DataTable
          columns={columns}
          rows={list.data ?? []}
          loading={list.isLoading}
          busy={list.isFetching}
          rowKey={(k) => k.id}
          rowTestId="api-key-row"
          rowProps={(k) => ({ 'data-prefix': k.prefix })}
          ariaLabel={t('admin:apiKeys.title')}
          emptyText={t('admin:apiKeys.empty')}
        />
      </Paper>

      <FormDialog
        open={open}
        onClose={() => setOpen(false)}
        onSubmit={submit}
        title={t('admin:apiKeys.createTitle')}
        titleId="api-key-create-title"
        submitting={create.isPending}
        submitLabel={t('admin:apiKeys.create')}
        submitTestId="api-key-submit"
        maxWidth="md"
        dividers
      >
        <Box sx={{ display: 'grid', gap: 2, pt: 1 }}>
          <TextField
            name="name"
            label={t('admin:apiKeys.fields.name')}
            value={draft.name}
            onChange={(e) => setDraft((d) => ({ ...d, name: e.target.value }))}
            error={Boolean(errors.name)}
            helperText={errors.name ?? ' '}
            slotProps={{ htmlInput: { maxLength: 80, 'data-testid': 'api-key-name' } }}
            required
            autoFocus
          />
          <SelectField
            name="branchId"
            label={t('admin:apiKeys.fields.branch')}
            value={draft.branchId}
            onChange={(branchId) => setDraft((d) => ({ ...d, branchId }))}
            options={(branches.data ?? []).map((b) => ({ value: b.id, label: b.name }))}
            noneLabel={t('admin:apiKeys.fields.noBranch')}
            error={errors.branchId}
            hint={t('admin:apiKeys.fields.branchHint')}
            testId="api-key-branch"
          />
          <Box role="group" aria-labelledby="api-key-permissions-label">
            <Typography id="api-key-permissions-label" sx={{ fontWeight: 700 }}>
              {t('admin:apiKeys.fields.permissions')}
            </Typography>
            <Typography
              variant="caption"
              color={errors.permissions ? 'error' : 'text.secondary'}
              component="div"
            >
              {errors.permissions ??
                t('admin:apiKeys.fields.permissionsHint', { count: draft.permissions.length })}
            </Typography>
            {PERMISSION_GROUPS.map(({ group, keys }) => (
              <Box key={group} sx={{ mt: 1 }}>
                <Typography variant="subtitle2" sx={{ fontWeight: 700 }}>
                  {t(`roles:groups.${group}`)}
                </Typography>
                <FormGroup
                  sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}
                >
                  {keys.map((key) => (
                    <FormControlLabel
                      key={key}
                      control={
                        <Checkbox
                          size="small"
                          checked={draft.permissions.includes(key)}
                          onChange={(e) => toggle(key, e.target.checked)}
                          slotProps={{ input: { 'data-permission': key } as never }}
                        />
                      }
                      label={t(`roles:permissions.${key}`)}
                    />
                  ))}
                </FormGroup>
              </Box>
            ))}
          </Box>
        </Box>
      </FormDialog>

      <Dialog
        open={secret !== null}
        onClose={() => setSecret(null)}
        maxWidth="sm"
        fullWidth
        aria-labelledby="api-key-secret-title"
      >
        <DialogTitle id="api-key-secret-title">
          {t('admin:apiKeys.secretTitle', { name: secret?.name ?? '' })}
        </DialogTitle>
        <DialogContent>
          <Alert severity="warning" sx={{ mb: 2 }}>
            {t('admin:apiKeys.secretOnce')}
          </Alert>
          <Box
            component="code"
            dir="ltr"
            data-testid="api-key-secret"
            sx={{
              display: 'block',
              p: 1.5,
              borderRadius: 1,
              bgcolor: 'action.hover',
              fontFamily: 'monospace',
              wordBreak: 'break-all',
              userSelect: 'all',
            }}
          >
            {secret?.key}
          </Box>
        </DialogContent>
        <DialogActions>
          <Button
            startIcon={<ContentCopy />}
            onClick={() => void copy()}
            data-testid="api-key-copy"
          >
            {t('admin:apiKeys.copy')}
          </Button>
          <Button
            variant="contained"
            onClick={() => setSecret(null)}
            data-testid="api-key-secret-close"
          >
            {t('admin:apiKeys.secretDone')}
          </Button>
        </DialogActions>
      </Dialog>

      <ConfirmDialog
        {...revoke.dialogProps}
        title={t('admin:apiKeys.revokeTitle')}
        message={t('admin:apiKeys.revokeMessage', { name: revoke.target?.name ?? '' })}
        confirmText={t('admin:apiKeys.revoke')}
      />
    </Box>
  );
}
