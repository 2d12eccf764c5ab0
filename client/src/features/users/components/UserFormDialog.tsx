import Box from '@mui/material/Box';
import { ROLES, USERS, type UserResponseDto } from '@pos/contracts';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { useRefreshSession } from '../../../shared/api/useRefreshSession';
import { NavLinksField } from '../../../shared/ui/NavLinksField';
import { resourceKeys, ResourceForm, type ResourceField } from '../../../shared/resource';
import { sessionUserState } from '../../../shared/state';
import { useBranchOptions } from '../../branches';
import { useRoleChoices } from '../api/users.api';

type Props = { user: UserResponseDto | null; onClose: () => void };

/** Mount it with a new `key` at each opening: the form starts from `user` (or empty). */
export function UserFormDialog({ user, onClose }: Props) {
  const { t } = useTranslation('users');
  const editing = user !== null;
  const me = useAtomValue(sessionUserState);
  const refreshSession = useRefreshSession();
  const roles = useRoleChoices();
  const branches = useBranchOptions();
  // A non-administrator gives only roles within their own permissions and keeps their own role
  // (the server refuses the rest too).
  const ownRoleLocked = editing && user.id === me?.id && !me?.isAdmin;
  const fields: ResourceField[] = [
    {
      name: 'username',
      createOnly: true,
      required: !editing,
      ltr: true,
      help: t('hints.username'),
      htmlInput: { autoComplete: 'off' },
    },
    { name: 'displayName', required: true, htmlInput: { autoComplete: 'off' } },
    // Sent as typed, and only when the user is created.
    ...(editing
      ? []
      : [
          {
            name: 'password',
            required: true,
            ltr: true,
            noTrim: true,
            help: t('hints.password'),
            htmlInput: { type: 'password', autoComplete: 'new-password' },
          },
        ]),
    { name: 'phone', nullable: true, htmlInput: { autoComplete: 'off' } },
    {
      name: 'roleId',
      kind: 'select',
      none: t('hints.noRole'),
      disabled: ownRoleLocked,
      help: ownRoleLocked
        ? t('hints.ownRole')
        : roles.data?.some((role) => !role.assignable)
          ? t('hints.roleLimited')
          : undefined,
      options: (roles.data ?? []).map((role) => ({
        value: role.id,
        label: role.name,
        disabled: !role.assignable,
      })),
    },
    {
      name: 'branchId',
      kind: 'select',
      none: t('hints.noBranch'),
      options: (branches.data ?? []).map((branch) => ({ value: branch.id, label: branch.name })),
    },
    {
      name: 'maxDiscountPercent',
      kind: 'number',
      htmlInput: { type: 'number', min: '0', max: '100', step: '1' },
    },
    {
      name: 'screens',
      kind: 'custom',
      render: (input) => (
        <Box sx={{ gridColumn: '1 / -1' }}>
          <NavLinksField
            {...input}
            placeholder={(input.value as string[]).length ? undefined : t('hints.allScreens')}
            hint={t('hints.screens')}
          />
        </Box>
      ),
    },
    // Only an administrator grants or removes the flag (the server refuses it too).
    { name: 'isAdmin', kind: 'switch', disabled: !me?.isAdmin, help: t('hints.isAdmin') },
    { name: 'active', kind: 'switch' },
  ];
  return (
    <ResourceForm
      resource={USERS}
      row={user}
      fields={fields.map((f) => ({ ...f, label: t(`fields.${f.name}`) }) as ResourceField)}
      defaults={{ isAdmin: false, maxDiscountPercent: 0, screens: [] }}
      title={
        editing
          ? t('form.editTitle', { name: user.displayName || user.username })
          : t('form.createTitle')
      }
      onClose={onClose}
      testId="user"
      // Role user counts change with assignments.
      invalidate={[['roles'], resourceKeys.all(ROLES)]}
      success={editing ? t('toast.saved') : t('toast.created')}
      // Editing oneself (role, screens, branch) changes what the session allows.
      onSaved={() => void (editing && user.id === me?.id && refreshSession())}
      maxWidth="md"
      dividers
      columns={2}
    />
  );
}
