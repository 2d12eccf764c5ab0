import Block from '@mui/icons-material/Block';
import ContentCopy from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { API_KEYS, BRANCHES, type ApiKeyDto, type PermissionKey } from '@pos/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  resourceApi,
  resourceKeys,
  ResourcePage,
  type CustomInputProps,
} from '../../../shared/resource';
import { formatDateTime } from '../../../shared/lib/format';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { IconAction } from '../../../shared/ui/IconAction';
import { InfoDialog } from '../../../shared/ui/InfoDialog';
import { useConfirmedMutation } from '../../../shared/ui/useCrudMutation';
import { useToast } from '../../../shared/ui/useToast';
import { useBranchOptions } from '../../branches';
import { PermissionGroups } from '../../roles';

/** The permissions of a new key, ticked in the roles' groups. */
function PermissionsInput({ value, onChange, label, error }: CustomInputProps) {
  const { t } = useTranslation(['admin', 'roles']);
  const chosen = (value as PermissionKey[] | undefined) ?? [];
  return (
    <Box role="group" aria-labelledby="api-key-permissions-label">
      <Typography id="api-key-permissions-label" sx={{ fontWeight: 700 }}>
        {label}
      </Typography>
      <Typography variant="caption" color={error ? 'error' : 'text.secondary'} component="div">
        {error ?? t('admin:apiKeys.fields.permissionsHint', { count: chosen.length })}
      </Typography>
      <PermissionGroups
        selected={new Set(chosen)}
        onTick={(keys, on) =>
          onChange(
            on ? [...new Set([...chosen, ...keys])] : chosen.filter((k) => !keys.includes(k)),
          )
        }
      />
    </Box>
  );
}

/** The new key's secret, shown once. */
function SecretDialog({
  secret,
  onClose,
}: {
  secret: ApiKeyDto & { key: string };
  onClose: () => void;
}) {
  const { t } = useTranslation('admin');
  const toast = useToast();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret.key);
      toast.success(t('apiKeys.copied'));
    } catch {
      toast.error(t('apiKeys.copyFailed'));
    }
  };
  return (
    <InfoDialog
      onClose={onClose}
      title={t('apiKeys.secretTitle', { name: secret.name })}
      titleId="api-key-secret-title"
      closeLabel={t('apiKeys.secretDone')}
      closeProps={{ variant: 'contained', 'data-testid': 'api-key-secret-close' }}
      actions={
        <Button startIcon={<ContentCopy />} onClick={() => void copy()} data-testid="api-key-copy">
          {t('apiKeys.copy')}
        </Button>
      }
    >
      <Alert severity="warning" sx={{ mb: 2 }}>
        {t('apiKeys.secretOnce')}
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
        {secret.key}
      </Box>
    </InfoDialog>
  );
}

/** /admin/apiKeys: keys for integrations, each bound to one branch and a set of permissions. */
export default function ApiKeysPage() {
  const { t } = useTranslation(['admin', 'roles']);
  const branches = useBranchOptions();
  const branchName = (id: string) => branches.data?.find((b) => b.id === id)?.name ?? '';
  const [secret, setSecret] = useState<(ApiKeyDto & { key: string }) | null>(null);
  const revoke = useConfirmedMutation<ApiKeyDto>({
    mutationFn: (key) => resourceApi(API_KEYS).remove(key.id),
    success: t('admin:apiKeys.revoked'),
    invalidate: [resourceKeys.all(API_KEYS)],
  });
  const when = (iso: string | null) => (iso ? formatDateTime(iso) : '');

  return (
    <Box sx={{ p: { xs: 1.5, md: 3 } }}>
      <ResourcePage<ApiKeyDto>
        resource={API_KEYS}
        i18n="admin:apiKeys"
        testId="api-key"
        subtitle={t('admin:apiKeys.subtitle')}
        keys={{ actions: 'admin:apiKeys.columns.actions' }}
        searchable={false}
        onEdit={false}
        rowProps={(k) => ({ 'data-prefix': k.prefix })}
        columns={[
          { key: 'name', label: 'columns.name', sx: { fontWeight: 600 }, render: (k) => k.name },
          {
            key: 'prefix',
            label: 'columns.prefix',
            ltr: true,
            render: (k) => `pos_${k.prefix}_…`,
          },
          { key: 'branch', label: 'columns.branch', render: (k) => branchName(k.branchId) },
          {
            key: 'permissions',
            label: 'columns.permissions',
            render: (k) => (
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
                {k.permissions.map((p) => (
                  <Chip
                    key={p}
                    size="small"
                    variant="outlined"
                    label={t(`roles:permissions.${p}`)}
                  />
                ))}
              </Box>
            ),
          },
          {
            key: 'created',
            label: 'columns.created',
            nowrap: true,
            render: (k) => when(k.createdAt),
          },
          {
            key: 'lastUsed',
            label: 'columns.lastUsed',
            nowrap: true,
            render: (k) => (k.lastUsedAt ? when(k.lastUsedAt) : t('admin:apiKeys.never')),
          },
          {
            key: 'state',
            label: 'columns.state',
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
        ]}
        rowActions={(k) =>
          !k.revokedAt && (
            <IconAction
              icon={Block}
              label={t('admin:apiKeys.revoke')}
              onClick={() => revoke.ask(k)}
              testId="api-key-revoke"
            />
          )
        }
        fields={[
          { name: 'name', label: t('admin:apiKeys.fields.name') },
          {
            name: 'branchId',
            kind: 'reference',
            resource: BRANCHES,
            required: true,
            label: t('admin:apiKeys.fields.branch'),
            help: t('admin:apiKeys.fields.branchHint'),
          },
          {
            name: 'permissions',
            kind: 'custom',
            label: t('admin:apiKeys.fields.permissions'),
            render: (p) => <PermissionsInput {...p} />,
          },
        ]}
        defaults={{ branchId: branches.data?.[0]?.id ?? '', permissions: [] }}
        formOptions={{
          maxWidth: 'md',
          submitLabel: t('admin:apiKeys.create'),
          savedText: '',
          onSaved: (created) => setSecret(created as unknown as ApiKeyDto & { key: string }),
        }}
      />
      {secret && <SecretDialog secret={secret} onClose={() => setSecret(null)} />}
      <ConfirmDialog
        {...revoke.dialogProps}
        title={t('admin:apiKeys.revokeTitle')}
        message={t('admin:apiKeys.revokeMessage', { name: revoke.target?.name ?? '' })}
        confirmText={t('admin:apiKeys.revoke')}
      />
    </Box>
  );
}
