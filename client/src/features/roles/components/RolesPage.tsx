import DialogContentText from '@mui/material/DialogContentText';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  ALL_PERMISSION_KEYS,
  RoleCreateDto,
  routePath,
  type RoleResponseDto,
} from '@pos/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useErrorToast } from '../../../shared/api/useErrorToast';
import { dtoErrors, hasErrors, type FieldErrors } from '../../../shared/forms/useDtoForm';
import { useDebouncedValue } from '../../../shared/lib/useDebouncedValue';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import type { Column } from '../../../shared/ui/DataTable';
import { SearchField } from '../../../shared/ui/FilterBar';
import { FormDialog } from '../../../shared/ui/FormDialog';
import { AddButton, PageHeader } from '../../../shared/ui/PageHeader';
import { DeleteAction, EditAction } from '../../../shared/ui/IconAction';
import { useConfirmedMutation, useCrudMutation } from '../../../shared/ui/useCrudMutation';
import { useEditDialog } from '../../../shared/ui/useEditDialog';
import { usePaging } from '../../../shared/ui/usePaging';
import { RowLink } from '../../../shared/ui/RowLink';
import { PagedTable } from '../../../shared/ui/PagedTable';
import { roleKeys, rolesApi } from '../api/roles.api';

function CreateRoleDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation('roles');
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});

  const create = useCrudMutation({
    mutationFn: (body: RoleCreateDto) => rolesApi.create(body),
    success: t('toast.created'),
    invalidate: [roleKeys.all],
    onDone: (role) => {
      onClose();
      void navigate(routePath('Roles-id', { id: role.id }));
    },
  });

  const onSubmit = async () => {
    const body = { name: name.trim(), permissions: [] };
    const found = await dtoErrors(RoleCreateDto, body, i18n.language, (f) => t(`fields.${f}`));
    setErrors(found);
    if (!hasErrors(found)) create.mutate(body as RoleCreateDto);
  };

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      onSubmit={onSubmit}
      submitting={create.isPending}
      maxWidth="xs"
      title={t('create.title')}
      cancelLabel={t('common:cancel')}
      submitLabel={t('create.submit')}
      submitTestId="role-create-submit"
    >
      <DialogContentText variant="body2" sx={{ mb: 2 }}>
        {t('create.hint')}
      </DialogContentText>
      <TextField
        autoFocus
        required
        fullWidth
        size="small"
        label={t('fields.name')}
        value={name}
        onChange={(e) => {
          setName(e.target.value);
          setErrors({});
        }}
        error={Boolean(errors.name)}
        helperText={errors.name ?? ' '}
        slotProps={{ htmlInput: { 'data-testid': 'role-name' } }}
      />
    </FormDialog>
  );
}

export function RolesPage() {
  const { t } = useTranslation('roles');
  const navigate = useNavigate();
  const paging = usePaging();
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), 300);
  // A new key per opening remounts the dialog with an empty name.
  const create = useEditDialog<never>();

  const query = { page: paging.page + 1, pageSize: paging.pageSize, q: q || undefined };
  const list = useQuery({
    queryKey: roleKeys.list(query),
    queryFn: () => rolesApi.list(query),
    placeholderData: keepPreviousData,
  });
  useErrorToast(list.error);

  const remove = useConfirmedMutation<RoleResponseDto>({
    mutationFn: (role) => rolesApi.remove(role.id),
    success: t('toast.deleted'),
    invalidate: [roleKeys.all],
  });

  const columns: Column<RoleResponseDto>[] = [
    {
      key: 'name',
      header: t('columns.name'),
      render: (role) => <RowLink to={routePath('Roles-id', { id: role.id })}>{role.name}</RowLink>,
    },
    {
      key: 'permissions',
      header: t('columns.permissions'),
      align: 'center',
      render: (role) => `${role.permissions.length} / ${ALL_PERMISSION_KEYS.length}`,
    },
    { key: 'users', header: t('columns.users'), align: 'center', render: (role) => role.userCount },
    {
      key: 'actions',
      header: t('columns.actions'),
      align: 'right',
      nowrap: true,
      render: (role) => (
        <>
          <EditAction
            label={t('list.open')}
            onClick={() => void navigate(routePath('Roles-id', { id: role.id }))}
          />
          <DeleteAction
            label={t('list.delete')}
            tooltip={
              role.userCount > 0 ? t('delete.inUse', { count: role.userCount }) : t('list.delete')
            }
            disabled={role.userCount > 0}
            onClick={() => remove.ask(role)}
          />
        </>
      ),
    },
  ];

  return (
    <Box sx={{ p: { xs: 1.5, md: 3 } }}>
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        mb={2}
        actions={
          <AddButton onClick={create.openCreate} testId="role-add">
            {t('list.add')}
          </AddButton>
        }
      />

      <PagedTable
        query={list}
        paging={paging}
        columns={columns}
        rowKey={(role) => role.id}
        rowTestId="role-row"
        ariaLabel={t('title')}
        emptyText={t('list.empty')}
        filters={
          <>
            <SearchField
              value={search}
              onChange={paging.withReset(setSearch)}
              label={t('list.search')}
            />
          </>
        }
      />

      <CreateRoleDialog key={create.key} open={create.open} onClose={create.close} />
      <ConfirmDialog
        {...remove.dialogProps}
        title={t('delete.title')}
        message={remove.target ? t('delete.message', { name: remove.target.name }) : ''}
      />
    </Box>
  );
}
