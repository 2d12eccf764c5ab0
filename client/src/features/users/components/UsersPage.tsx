import BlockOutlined from '@mui/icons-material/BlockOutlined';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import LockResetOutlined from '@mui/icons-material/LockResetOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { ROLES, USERS, type UserResponseDto } from '@pos/contracts';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { resourceApi, resourceKeys, ResourcePage } from '../../../shared/resource';
import { sessionUserState } from '../../../shared/state';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { SelectFilter } from '../../../shared/ui/FilterBar';
import { IconAction } from '../../../shared/ui/IconAction';
import { useConfirmedMutation, useCrudMutation } from '../../../shared/ui/useCrudMutation';
import { useEditDialog } from '../../../shared/ui/useEditDialog';
import { useBranchOptions } from '../../branches';
import { useRoleChoices, usersApi } from '../api/users.api';
import { ResetPasswordDialog } from './ResetPasswordDialog';
import { UserFormDialog } from './UserFormDialog';

type StateFilter = 'all' | 'active' | 'inactive';

// Role user counts change with assignments and activation.
const INVALIDATE = [resourceKeys.all(USERS), ['roles'], resourceKeys.all(ROLES)];

/** /Users: the kit's list with role, branch and state filters, password reset and (de)activation. */
export function UsersPage() {
  const { t } = useTranslation('users');
  const me = useAtomValue(sessionUserState);
  const roles = useRoleChoices();
  const branches = useBranchOptions();
  const [roleId, setRoleId] = useState('');
  const [branchId, setBranchId] = useState('');
  const [stateFilter, setStateFilter] = useState<StateFilter>('all');
  // A new key per opening remounts the dialog, so it starts from a clean form.
  const reset = useEditDialog<UserResponseDto>();

  const deactivate = useConfirmedMutation<UserResponseDto>({
    mutationFn: (user) => usersApi.deactivate(user.id),
    success: t('toast.deactivated'),
    invalidate: INVALIDATE,
  });
  const activate = useCrudMutation({
    mutationFn: (id: string) => resourceApi(USERS).update(id, { active: true }),
    success: t('toast.activated'),
    invalidate: INVALIDATE,
  });

  const target = deactivate.target;
  return (
    <Box sx={{ p: { xs: 1.5, md: 3 } }}>
      <ResourcePage<UserResponseDto>
        resource={USERS}
        i18n="users:list"
        testId="user"
        keys={{
          title: 'users:title',
          actions: 'users:columns.actions',
          editAction: 'users:list.edit',
        }}
        rowName={(u) => u.displayName || u.username}
        invalidate={INVALIDATE}
        form={(props) => <UserFormDialog user={props.row} onClose={props.onClose} />}
        rowProps={(u) => ({ style: { opacity: u.active ? 1 : 0.6 } })}
        query={{
          roleId: roleId || undefined,
          branchId: branchId || undefined,
          active: stateFilter === 'all' ? undefined : stateFilter === 'active',
        }}
        filters={
          <>
            <SelectFilter
              label={t('filters.role')}
              value={roles.data ? roleId : ''}
              onChange={setRoleId}
              allLabel={t('list.allRoles')}
              options={(roles.data ?? []).map((role) => ({ value: role.id, label: role.name }))}
              minWidth={160}
              displayEmpty
            />
            <SelectFilter
              label={t('filters.branch')}
              value={branches.data ? branchId : ''}
              onChange={setBranchId}
              allLabel={t('list.allBranches')}
              options={(branches.data ?? []).map((b) => ({ value: b.id, label: b.name }))}
              minWidth={160}
              displayEmpty
            />
            <SelectFilter<StateFilter>
              label={t('filters.state')}
              value={stateFilter}
              onChange={setStateFilter}
              allValue="all"
              allLabel={t('list.allStates')}
              options={[
                { value: 'active', label: t('list.activeOnly') },
                { value: 'inactive', label: t('list.inactiveOnly') },
              ]}
              minWidth={130}
            />
          </>
        }
        columns={[
          {
            key: 'username',
            header: t('columns.username'),
            sx: { fontWeight: 600 },
            render: (u) => u.username,
          },
          { key: 'displayName', header: t('columns.displayName') },
          { key: 'phone', header: t('columns.phone'), render: (u) => u.phone ?? '' },
          { key: 'role', header: t('columns.role'), render: (u) => u.roleName ?? '' },
          { key: 'branch', header: t('columns.branch'), render: (u) => u.branchName ?? '' },
          {
            key: 'state',
            header: t('columns.state'),
            render: (u) => (
              <Stack direction="row" sx={{ gap: 0.5 }}>
                <Chip
                  size="small"
                  variant="outlined"
                  color={u.active ? 'success' : 'default'}
                  label={u.active ? t('state.active') : t('state.inactive')}
                />
                {u.isAdmin && <Chip size="small" color="primary" label={t('state.admin')} />}
              </Stack>
            ),
          },
        ]}
        rowActions={(u) => (
          <>
            <IconAction
              label={t('list.resetPassword')}
              icon={LockResetOutlined}
              onClick={() => reset.openEdit(u)}
            />
            {u.active ? (
              <IconAction
                label={t('list.deactivate')}
                icon={BlockOutlined}
                disabled={u.id === me?.id}
                onClick={() => deactivate.ask(u)}
              />
            ) : (
              <IconAction
                label={t('list.activate')}
                icon={CheckCircleOutlined}
                disabled={activate.isPending}
                onClick={() => activate.mutate(u.id)}
              />
            )}
          </>
        )}
      />
      <ResetPasswordDialog
        key={`reset-${reset.key}`}
        user={reset.open ? reset.item : null}
        onClose={reset.close}
      />
      <ConfirmDialog
        {...deactivate.dialogProps}
        title={t('deactivate.title')}
        message={
          target ? t('deactivate.message', { name: target.displayName || target.username }) : ''
        }
      />
    </Box>
  );
}
