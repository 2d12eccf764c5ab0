import Box from '@mui/material/Box';
import DialogContentText from '@mui/material/DialogContentText';
import { ALL_PERMISSION_KEYS, ROLES, routePath, type RoleResponseDto } from '@pos/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ResourcePage } from '../../../shared/resource';
import { RowLink } from '../../../shared/ui/RowLink';

const open = (role: { id: string }) => routePath('Roles-id', { id: role.id });

/** /Roles: the kit's list; a role is created by name, then its permissions are ticked on its page. */
export function RolesPage() {
  const { t } = useTranslation('roles');
  const navigate = useNavigate();
  return (
    <Box sx={{ p: { xs: 1.5, md: 3 } }}>
      <ResourcePage<RoleResponseDto>
        resource={ROLES}
        i18n="roles:list"
        testId="role"
        subtitle={t('subtitle')}
        keys={{
          title: 'roles:title',
          actions: 'roles:columns.actions',
          editAction: 'roles:list.open',
          deleteAction: 'roles:list.delete',
          deleteTitle: 'roles:delete.title',
          deleteMessage: 'roles:delete.message',
          deleted: 'roles:toast.deleted',
          createTitle: 'roles:create.title',
        }}
        onEdit={(role) => void navigate(open(role))}
        removeBlocked={(role) => role.userCount > 0 && t('delete.inUse', { count: role.userCount })}
        columns={[
          {
            key: 'name',
            header: t('columns.name'),
            render: (role) => <RowLink to={open(role)}>{role.name}</RowLink>,
          },
          {
            key: 'permissions',
            header: t('columns.permissions'),
            align: 'center',
            render: (role) => `${role.permissions.length} / ${ALL_PERMISSION_KEYS.length}`,
          },
          { key: 'users', header: t('columns.users'), align: 'center', render: (r) => r.userCount },
        ]}
        fields={[
          { name: 'name', label: t('fields.name') },
          { name: 'permissions', kind: 'hidden', label: t('fields.permissions') },
        ]}
        defaults={{ permissions: [] }}
        formOptions={{
          intro: (
            <DialogContentText variant="body2" sx={{ mb: 2 }}>
              {t('create.hint')}
            </DialogContentText>
          ),
          submitLabel: t('create.submit'),
          savedText: t('toast.created'),
          onSaved: (role) => void navigate(open(role)),
        }}
      />
    </Box>
  );
}
