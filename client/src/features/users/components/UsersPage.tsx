import BlockOutlined from '@mui/icons-material/BlockOutlined';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import LockResetOutlined from '@mui/icons-material/LockResetOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { UserResponseDto } from '@pos/contracts';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorToast } from '../../../shared/api/useErrorToast';
import { useDebouncedValue } from '../../../shared/lib/useDebouncedValue';
import { sessionUserState } from '../../../shared/state';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import type { Column } from '../../../shared/ui/DataTable';
import { SearchField, SelectFilter } from '../../../shared/ui/FilterBar';
import { AddButton, PageHeader } from '../../../shared/ui/PageHeader';
import { EditAction, IconAction } from '../../../shared/ui/IconAction';
import { useConfirmedMutation, useCrudMutation } from '../../../shared/ui/useCrudMutation';
import { useEditDialog } from '../../../shared/ui/useEditDialog';
import { usePaging } from '../../../shared/ui/usePaging';
import { PagedTable } from '../../../shared/ui/PagedTable';
import { useBranchOptions } from '../../branches';
import { useRoleChoices, userKeys, usersApi, type UserListQuery } from '../api/users.api';
import { ResetPasswordDialog } from './ResetPasswordDialog';
import { UserFormDialog } from './UserFormDialog';

type StateFilter = 'all' | 'active' | 'inactive';

// Role user counts change with assignments and activation.
const INVALIDATE = [userKeys.all, ['roles']] as const;

export function UsersPage() {
  const { t } = useTranslation('users');
  const me = useAtomValue(sessionUserState);
  const roles = useRoleChoices();
  const branches = useBranchOptions();

  const paging = usePaging();
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), 300);
  const [roleId, setRoleId] = useState('');
  const [branchId, setBranchId] = useState('');
  const [stateFilter, setStateFilter] = useState<StateFilter>('all');
  const filter = paging.withReset;

  // A new key per opening remounts the dialogs, so each starts from a clean form.
  const form = useEditDialog<UserResponseDto>();
  const reset = useEditDialog<UserResponseDto>();

  const query: UserListQuery = {
    page: paging.page + 1,
    pageSize: paging.pageSize,
    q: q || undefined,
    roleId: roleId || undefined,
    branchId: branchId || undefined,
    active: stateFilter === 'all' ? undefined : stateFilter === 'active',
  };
  const list = useQuery({
    queryKey: userKeys.list(query),
    queryFn: () => usersApi.list(query),
    placeholderData: keepPreviousData,
  });
  useErrorToast(list.error);

  const deactivate = useConfirmedMutation<UserResponseDto>({
    mutationFn: (user) => usersApi.deactivate(user.id),
    success: t('toast.deactivated'),
    invalidate: INVALIDATE,
  });
  const activate = useCrudMutation({
    mutationFn: (id: string) => usersApi.update(id, { active: true }),
    success: t('toast.activated'),
    invalidate: INVALIDATE,
  });

  const columns: Column<UserResponseDto>[] = [
    {
      key: 'username',
      header: t('columns.username'),
      sx: { fontWeight: 600 },
      render: (u) => u.username,
    },
    { key: 'displayName', header: t('columns.displayName'), render: (u) => u.displayName },
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
    {
      key: 'actions',
      header: t('columns.actions'),
      align: 'right',
      nowrap: true,
      render: (u) => (
        <>
          <EditAction label={t('list.edit')} onClick={() => form.openEdit(u)} />
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
      ),
    },
  ];

  const target = deactivate.target;
  return (
    <Box sx={{ p: { xs: 1.5, md: 3 } }}>
      <PageHeader
        title={t('title')}
        mb={2}
        actions={
          <AddButton onClick={form.openCreate} testId="user-add">
            {t('list.add')}
          </AddButton>
        }
      />

      <PagedTable
        query={list}
        paging={paging}
        columns={columns}
        rowKey={(u) => u.id}
        rowTestId="user-row"
        rowProps={(u) => ({ style: { opacity: u.active ? 1 : 0.6 } })}
        ariaLabel={t('title')}
        emptyText={t('list.empty')}
        filters={
          <>
            <SearchField
              value={search}
              onChange={filter(setSearch)}
              label={t('list.search')}
              width={280}
            />
            <SelectFilter
              label={t('filters.role')}
              value={roles.data ? roleId : ''}
              onChange={filter(setRoleId)}
              allLabel={t('list.allRoles')}
              options={(roles.data ?? []).map((role) => ({ value: role.id, label: role.name }))}
              minWidth={160}
              displayEmpty
            />
            <SelectFilter
              label={t('filters.branch')}
              value={branches.data ? branchId : ''}
              onChange={filter(setBranchId)}
              allLabel={t('list.allBranches')}
              options={(branches.data ?? []).map((b) => ({ value: b.id, label: b.name }))}
              minWidth={160}
              displayEmpty
            />
            <SelectFilter<StateFilter>
              label={t('filters.state')}
              value={stateFilter}
              onChange={filter(setStateFilter)}
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
      />

      <UserFormDialog
        key={`form-${form.key}`}
        open={form.open}
        user={form.item}
        onClose={form.close}
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
