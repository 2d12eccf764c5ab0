import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Save from '@mui/icons-material/Save';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ALL_PERMISSION_KEYS,
  ROLES,
  RoleUpdateDto,
  routePath,
  type PermissionKey,
  type RoleResponseDto,
} from '@pos/contracts';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { useRefreshSession } from '../../../shared/api/useRefreshSession';
import { useErrorToast } from '../../../shared/api/useErrorToast';
import { FormTextField } from '../../../shared/forms/FormTextField';
import { useDtoForm } from '../../../shared/forms/useDtoForm';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { useConfirmedMutation, useCrudMutation } from '../../../shared/ui/useCrudMutation';
import { resourceApi, resourceKeys } from '../../../shared/resource';
import { PermissionGroups } from './PermissionGroups';

const rolesApi = resourceApi(ROLES);
const roleKeys = {
  /** The list and each role; `['roles']`: the user form's role choices. */
  all: [resourceKeys.all(ROLES), ['roles']],
  one: (id: string) => [...resourceKeys.all(ROLES), 'one', id],
};

/**
 * Keeps the permission order of the spec (then the extra keys), whatever order they were ticked
 * in. Every key the editor shows is saved, the extra ones (can_manage_products, …) included.
 */
function ordered(keys: Set<PermissionKey>): PermissionKey[] {
  return ALL_PERMISSION_KEYS.filter((key) => keys.has(key));
}

type RoleForm = { name: string; permissions: PermissionKey[]; isDriver: boolean };

function RoleEditor({ role }: { role: RoleResponseDto }) {
  const { t } = useTranslation('roles');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const refreshSession = useRefreshSession();
  const form = useDtoForm<RoleForm, RoleUpdateDto>({
    dto: RoleUpdateDto,
    defaultValues: { name: role.name, permissions: role.permissions, isDriver: role.isDriver },
    toBody: (v) => ({
      name: v.name.trim(),
      permissions: ordered(new Set(v.permissions)),
      isDriver: v.isDriver,
    }),
    label: (f) => t(`fields.${f}`),
  });
  const [name, permissions, isDriver] = form.watch(['name', 'permissions', 'isDriver']);
  const selected = new Set(permissions);
  const setSelected = (keys: readonly PermissionKey[]) => form.setValue('permissions', [...keys]);

  const dirty =
    name !== role.name ||
    `${ordered(selected)}` !== `${ordered(new Set(role.permissions))}` ||
    isDriver !== role.isDriver;

  const save = useCrudMutation({
    mutationFn: (body: RoleUpdateDto) => rolesApi.update(role.id, body),
    success: t('toast.saved'),
    onSuccess: (saved) => queryClient.setQueryData(roleKeys.one(role.id), saved),
    invalidate: roleKeys.all,
    // The signed-in user may hold this role: their permissions (menu, guard) follow at once.
    onDone: () => refreshSession(),
  });

  const remove = useConfirmedMutation<RoleResponseDto>({
    mutationFn: () => rolesApi.remove(role.id),
    success: t('toast.deleted'),
    onSuccess: () => queryClient.removeQueries({ queryKey: roleKeys.one(role.id) }),
    invalidate: roleKeys.all,
    onDone: () => void navigate(routePath('Roles')),
  });

  /** Ticks or unticks keys (one, or a group's). */
  const tick = (keys: PermissionKey[], on: boolean) => {
    const next = new Set(form.getValues('permissions'));
    for (const key of keys) {
      if (on) next.add(key);
      else next.delete(key);
    }
    setSelected([...next]);
  };

  return (
    <Box component="form" noValidate onSubmit={form.submit((body) => save.mutate(body))}>
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          sx={{ gap: 2, alignItems: { sm: 'flex-start' } }}
        >
          <FormTextField
            form={form}
            name="name"
            required
            label={t('fields.name')}
            helperText=" "
            sx={{ inlineSize: { xs: '100%', sm: 360 } }}
            testId="role-name"
          />
          <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap', pt: 0.5 }}>
            <Chip
              color="primary"
              variant="outlined"
              label={t('edit.selectedCount', {
                count: selected.size,
                total: ALL_PERMISSION_KEYS.length,
              })}
              data-testid="role-selected-count"
            />
            <Chip variant="outlined" label={t('edit.usersCount', { count: role.userCount })} />
          </Stack>
        </Stack>
        <Controller
          name="isDriver"
          control={form.control}
          render={({ field }) => (
            <FormControlLabel
              control={
                <Checkbox
                  size="small"
                  checked={field.value}
                  onChange={(e) => field.onChange(e.target.checked)}
                  slotProps={{ input: { 'data-testid': 'role-driver' } as object }}
                />
              }
              label={t('edit.driver')}
            />
          )}
        />
        <Typography variant="caption" color="text.secondary" component="div">
          {t('edit.driverHint')}
        </Typography>
        {form.errorOf('permissions') && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {form.errorOf('permissions')}
          </Alert>
        )}
        <Stack direction="row" sx={{ gap: 1, mt: 1, flexWrap: 'wrap' }}>
          <Button size="small" onClick={() => setSelected(ALL_PERMISSION_KEYS)}>
            {t('edit.selectAll')}
          </Button>
          <Button size="small" color="inherit" onClick={() => setSelected([])}>
            {t('edit.clearAll')}
          </Button>
        </Stack>
      </Paper>

      <PermissionGroups selected={selected} onTick={tick} />

      <Paper
        variant="outlined"
        sx={{
          position: 'sticky',
          insetBlockEnd: 0,
          mt: 2,
          p: 1.5,
          display: 'flex',
          gap: 1,
          alignItems: 'center',
          flexWrap: 'wrap',
          zIndex: 1,
        }}
      >
        <Button
          type="submit"
          variant="contained"
          startIcon={<Save />}
          disabled={save.isPending || !dirty}
          data-testid="role-save"
        >
          {t('edit.save')}
        </Button>
        {dirty && (
          <Typography variant="body2" color="warning.main">
            {t('edit.unsaved')}
          </Typography>
        )}
        <Box sx={{ flex: 1 }} />
        <Button
          color="error"
          startIcon={<DeleteOutlined />}
          disabled={role.userCount > 0 || remove.mutation.isPending}
          title={role.userCount > 0 ? t('delete.inUse', { count: role.userCount }) : undefined}
          onClick={() => remove.ask(role)}
        >
          {t('list.delete')}
        </Button>
      </Paper>

      <ConfirmDialog
        {...remove.dialogProps}
        title={t('delete.title')}
        message={t('delete.message', { name: role.name })}
      />
    </Box>
  );
}

export function RolePage() {
  const { t } = useTranslation('roles');
  const { id = '' } = useParams();
  const role = useQuery({
    queryKey: roleKeys.one(id),
    queryFn: () => rolesApi.get(id),
    meta: { detail: true },
    enabled: id !== '',
    retry: false,
  });
  useErrorToast(role.error);
  const title = role.data?.name ?? t('title');

  return (
    <Box sx={{ p: { xs: 1.5, md: 3 } }}>
      <Breadcrumbs sx={{ mb: 1 }}>
        <Link component={RouterLink} to={routePath('Roles')} underline="hover" color="inherit">
          {t('title')}
        </Link>
        <Typography color="text.primary">{title}</Typography>
      </Breadcrumbs>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 2 }}>
        {title}
      </Typography>
      {role.isLoading && <LinearProgress />}
      {role.error && <Alert severity="error">{t('edit.notFound')}</Alert>}
      {role.data && <RoleEditor key={role.data.id} role={role.data} />}
    </Box>
  );
}
