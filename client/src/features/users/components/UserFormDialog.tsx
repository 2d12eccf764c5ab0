import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import {
  NAV_SECTIONS,
  UserCreateDto,
  UserUpdateDto,
  type NavItem,
  type UserResponseDto,
} from '@pos/contracts';
import { useAtomValue } from 'jotai';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRefreshSession } from '../../../shared/api/useRefreshSession';
import { dtoErrors, hasErrors, type FieldErrors } from '../../../shared/forms/useDtoForm';
import { sessionUserState } from '../../../shared/state';
import { FieldGrid, FormDialog } from '../../../shared/ui/FormDialog';
import { SelectField } from '../../../shared/ui/SelectField';
import { useCrudMutation } from '../../../shared/ui/useCrudMutation';
import { useBranchOptions } from '../../branches';
import { useRoleChoices, userKeys, usersApi } from '../api/users.api';

type FormState = {
  username: string;
  displayName: string;
  phone: string;
  password: string;
  roleId: string;
  branchId: string;
  screens: string[];
  isAdmin: boolean;
  active: boolean;
  maxDiscountPercent: string;
};

function initialState(user: UserResponseDto | null): FormState {
  return {
    username: user?.username ?? '',
    displayName: user?.displayName ?? '',
    phone: user?.phone ?? '',
    password: '',
    roleId: user?.roleId ?? '',
    branchId: user?.branchId ?? '',
    screens: user?.screens ?? [],
    isAdmin: user?.isAdmin ?? false,
    active: user?.active ?? true,
    maxDiscountPercent: String(user?.maxDiscountPercent ?? 0),
  };
}

type ScreenOption = { link: string; section: string };

/** Menu links of the sidebar (the screens list holds route names of menu links, spec §3/§5). */
const SCREEN_OPTIONS: ScreenOption[] = NAV_SECTIONS.flatMap((section) =>
  section.items.map((it: NavItem) => ({ link: it.link, section: section.label })),
);
const LABEL_OF: Record<string, string> = Object.fromEntries(
  NAV_SECTIONS.flatMap((section) => section.items.map((it) => [it.link, it.label])),
);

type Props = { open: boolean; user: UserResponseDto | null; onClose: () => void };

/** Mount it with a new `key` at each opening: the form starts from `user` (or empty). */
export function UserFormDialog({ open, user, onClose }: Props) {
  const { t, i18n } = useTranslation('users');
  const editing = user !== null;
  const me = useAtomValue(sessionUserState);
  const refreshSession = useRefreshSession();
  const [state, setState] = useState<FormState>(() => initialState(user));
  const [errors, setErrors] = useState<FieldErrors>({});
  const roles = useRoleChoices(open);
  const branches = useBranchOptions(open);
  const ownRoleLocked = editing && user.id === me?.id && !me?.isAdmin;

  const selectedScreens = useMemo(
    () => SCREEN_OPTIONS.filter((option) => state.screens.includes(option.link)),
    [state.screens],
  );

  const save = useCrudMutation({
    mutationFn: (payload: UserCreateDto | UserUpdateDto) =>
      editing
        ? usersApi.update(user.id, payload as UserUpdateDto)
        : usersApi.create(payload as UserCreateDto),
    success: editing ? t('toast.saved') : t('toast.created'),
    // Role user counts change with assignments.
    invalidate: [userKeys.all, ['roles']],
    onDone: async () => {
      // Editing oneself (role, screens, branch) changes what the session allows.
      if (editing && user.id === me?.id) await refreshSession();
      onClose();
    },
  });

  const set = <K extends keyof FormState>(field: K, value: FormState[K]) => {
    setState((prev) => ({ ...prev, [field]: value }));
    if (errors[field]) setErrors((prev) => ({ ...prev, [field]: undefined }));
  };

  const onSubmit = async () => {
    const common = {
      displayName: state.displayName.trim(),
      phone: state.phone.trim() === '' ? null : state.phone.trim(),
      roleId: state.roleId === '' ? null : state.roleId,
      branchId: state.branchId === '' ? null : state.branchId,
      screens: state.screens,
      isAdmin: state.isAdmin,
      active: state.active,
      maxDiscountPercent:
        state.maxDiscountPercent.trim() === '' ? 0 : Number(state.maxDiscountPercent),
    };
    const payload = editing
      ? common
      : { username: state.username.trim(), password: state.password, ...common };
    const found = await dtoErrors(
      editing ? UserUpdateDto : UserCreateDto,
      payload,
      i18n.language,
      (field) => t(`fields.${field.split('.')[0]}`),
    );
    setErrors(found);
    if (!hasErrors(found)) save.mutate(payload as UserCreateDto | UserUpdateDto);
  };

  const field = (
    name: 'username' | 'displayName' | 'phone' | 'password' | 'maxDiscountPercent',
    extra: {
      type?: string;
      hint?: string;
      required?: boolean;
      disabled?: boolean;
      ltr?: boolean;
    } = {},
  ) => (
    <TextField
      name={name}
      label={t(`fields.${name}`)}
      type={extra.type}
      value={state[name]}
      onChange={(e) => set(name, e.target.value)}
      error={Boolean(errors[name])}
      helperText={errors[name] ?? extra.hint ?? ' '}
      required={extra.required}
      disabled={extra.disabled}
      autoComplete={name === 'password' ? 'new-password' : 'off'}
      size="small"
      fullWidth
      slotProps={{
        htmlInput: {
          'data-testid': `user-${name}`,
          dir: extra.ltr ? 'ltr' : undefined,
          ...(name === 'maxDiscountPercent' ? { min: 0, max: 100, step: 1 } : {}),
        },
      }}
    />
  );

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      onSubmit={onSubmit}
      submitting={save.isPending}
      maxWidth="md"
      dividers
      title={
        editing
          ? t('form.editTitle', { name: user.displayName || user.username })
          : t('form.createTitle')
      }
      cancelLabel={t('form.cancel')}
      submitLabel={t('form.save')}
      submitTestId="user-submit"
    >
      <FieldGrid>
        {field('username', {
          required: !editing,
          disabled: editing,
          hint: t('hints.username'),
          ltr: true,
        })}
        {field('displayName', { required: true })}
        {!editing &&
          field('password', {
            type: 'password',
            required: true,
            hint: t('hints.password'),
            ltr: true,
          })}
        {field('phone')}
        <SelectField
          name="roleId"
          label={t('fields.roleId')}
          value={roles.data ? state.roleId : ''}
          onChange={(value) => set('roleId', value)}
          error={errors.roleId}
          noneLabel={t('hints.noRole')}
          // A non-administrator gives only roles within their own permissions and keeps their own
          // role (the server refuses the rest too).
          disabled={ownRoleLocked}
          hint={
            ownRoleLocked
              ? t('hints.ownRole')
              : roles.data?.some((role) => !role.assignable)
                ? t('hints.roleLimited')
                : undefined
          }
          options={(roles.data ?? []).map((role) => ({
            value: role.id,
            label: role.name,
            disabled: !role.assignable,
          }))}
          testId="user-roleId"
        />
        <SelectField
          name="branchId"
          label={t('fields.branchId')}
          value={branches.data ? state.branchId : ''}
          onChange={(value) => set('branchId', value)}
          error={errors.branchId}
          noneLabel={t('hints.noBranch')}
          options={(branches.data ?? []).map((branch) => ({
            value: branch.id,
            label: branch.name,
          }))}
          testId="user-branchId"
        />
        {field('maxDiscountPercent', { type: 'number' })}
        <Box />
        <Box sx={{ gridColumn: '1 / -1' }}>
          <Autocomplete
            multiple
            disableCloseOnSelect
            size="small"
            options={SCREEN_OPTIONS}
            value={selectedScreens}
            groupBy={(option) => t(option.section)}
            getOptionLabel={(option) => t(LABEL_OF[option.link] ?? option.link)}
            isOptionEqualToValue={(a, b) => a.link === b.link}
            onChange={(_, value) =>
              set(
                'screens',
                value.map((option) => option.link),
              )
            }
            renderValue={(value, getItemProps) =>
              value.map((option, index) => {
                const { key, ...itemProps } = getItemProps({ index });
                return (
                  <Chip
                    key={key}
                    size="small"
                    label={t(LABEL_OF[option.link] ?? option.link)}
                    {...itemProps}
                  />
                );
              })
            }
            renderInput={(params) => (
              <TextField
                {...params}
                label={t('fields.screens')}
                placeholder={state.screens.length === 0 ? t('hints.allScreens') : undefined}
                error={Boolean(errors.screens)}
                helperText={errors.screens ?? t('hints.screens')}
              />
            )}
            data-testid="user-screens"
          />
        </Box>
        <Box>
          <FormControlLabel
            control={
              <Switch
                checked={state.isAdmin}
                // Only an administrator grants or removes the flag (the server refuses it too).
                disabled={!me?.isAdmin}
                onChange={(e) => set('isAdmin', e.target.checked)}
                slotProps={{ input: { 'data-testid': 'user-isAdmin' } as never }}
              />
            }
            label={t('fields.isAdmin')}
          />
          <FormHelperText>{t('hints.isAdmin')}</FormHelperText>
        </Box>
        <Box>
          <FormControlLabel
            control={
              <Switch
                checked={state.active}
                onChange={(e) => set('active', e.target.checked)}
                slotProps={{ input: { 'data-testid': 'user-active' } as never }}
              />
            }
            label={t('fields.active')}
          />
        </Box>
      </FieldGrid>
    </FormDialog>
  );
}
