import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import { ROLES, USERS, UserCreateDto, UserUpdateDto, type UserResponseDto } from '@pos/contracts';
import { useAtomValue } from 'jotai';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useRefreshSession } from '../../../shared/api/useRefreshSession';
import { FormNavLinks } from '../../../shared/forms/FormNavLinks';
import { FormSwitch } from '../../../shared/forms/FormSwitch';
import { FormTextField } from '../../../shared/forms/FormTextField';
import { useDtoForm } from '../../../shared/forms/useDtoForm';
import { resourceApi, resourceKeys } from '../../../shared/resource';
import { sessionUserState } from '../../../shared/state';
import { FieldGrid, FormDialog } from '../../../shared/ui/FormDialog';
import { SelectField, type SelectFieldProps } from '../../../shared/ui/SelectField';
import { useCrudMutation } from '../../../shared/ui/useCrudMutation';
import { useBranchOptions } from '../../branches';
import { useRoleChoices } from '../api/users.api';

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

type Props = { user: UserResponseDto | null; onClose: () => void };

/** The body the DTO checks: trimmed text, nulls for an empty phone, role or branch. */
function toPayload(state: FormState, editing: boolean): UserCreateDto | UserUpdateDto {
  const common = {
    displayName: state.displayName.trim(),
    phone: state.phone.trim() || null,
    roleId: state.roleId || null,
    branchId: state.branchId || null,
    screens: state.screens,
    isAdmin: state.isAdmin,
    active: state.active,
    maxDiscountPercent:
      state.maxDiscountPercent.trim() === '' ? 0 : Number(state.maxDiscountPercent),
  };
  return editing
    ? common
    : { username: state.username.trim(), password: state.password, ...common };
}

/** Mount it with a new `key` at each opening: the form starts from `user` (or empty). */
export function UserFormDialog({ user, onClose }: Props) {
  const { t } = useTranslation('users');
  const editing = user !== null;
  const me = useAtomValue(sessionUserState);
  const refreshSession = useRefreshSession();
  const form = useDtoForm<FormState, UserCreateDto | UserUpdateDto>({
    dto: editing ? UserUpdateDto : UserCreateDto,
    defaultValues: initialState(user),
    toBody: (state) => toPayload(state, editing),
    label: (field) => t(`fields.${field.split('.')[0]}`),
  });
  const roles = useRoleChoices();
  const branches = useBranchOptions();
  const screens = form.watch('screens');
  const ownRoleLocked = editing && user.id === me?.id && !me?.isAdmin;

  const save = useCrudMutation({
    mutationFn: (payload: UserCreateDto | UserUpdateDto) =>
      editing
        ? resourceApi(USERS).update(user.id, payload as UserUpdateDto)
        : resourceApi(USERS).create(payload as UserCreateDto),
    success: editing ? t('toast.saved') : t('toast.created'),
    // Role user counts change with assignments.
    invalidate: [resourceKeys.all(USERS), ['roles'], resourceKeys.all(ROLES)],
    onDone: async () => {
      // Editing oneself (role, screens, branch) changes what the session allows.
      if (editing && user.id === me?.id) await refreshSession();
      onClose();
    },
  });

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
    <FormTextField
      form={form}
      name={name}
      label={t(`fields.${name}`)}
      type={extra.type}
      helperText={extra.hint ?? ' '}
      required={extra.required}
      disabled={extra.disabled}
      autoComplete={name === 'password' ? 'new-password' : 'off'}
      fullWidth
      ltr={extra.ltr}
      testId={`user-${name}`}
      slotProps={{
        htmlInput: name === 'maxDiscountPercent' ? { min: 0, max: 100, step: 1 } : {},
      }}
    />
  );

  /** A role or branch choice: empty until its choices are loaded. */
  const select = (
    name: 'roleId' | 'branchId',
    loaded: unknown,
    extra: Pick<SelectFieldProps, 'noneLabel' | 'options' | 'disabled' | 'hint'>,
  ) => (
    <Controller
      name={name}
      control={form.control}
      render={({ field: f }) => (
        <SelectField
          name={name}
          label={t(`fields.${name}`)}
          value={loaded ? f.value : ''}
          onChange={f.onChange}
          error={form.errorOf(name)}
          testId={`user-${name}`}
          {...extra}
        />
      )}
    />
  );

  const switchField = (name: 'isAdmin' | 'active', disabled?: boolean) => (
    <FormSwitch
      form={form}
      name={name}
      label={t(`fields.${name}`)}
      disabled={disabled}
      testId={`user-${name}`}
    />
  );

  return (
    <FormDialog
      open
      onClose={onClose}
      onSubmit={form.submit((payload) => save.mutate(payload))}
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
        {select('roleId', roles.data, {
          noneLabel: t('hints.noRole'),
          // A non-administrator gives only roles within their own permissions and keeps their own
          // role (the server refuses the rest too).
          disabled: ownRoleLocked,
          hint: ownRoleLocked
            ? t('hints.ownRole')
            : roles.data?.some((role) => !role.assignable)
              ? t('hints.roleLimited')
              : undefined,
          options: (roles.data ?? []).map((role) => ({
            value: role.id,
            label: role.name,
            disabled: !role.assignable,
          })),
        })}
        {select('branchId', branches.data, {
          noneLabel: t('hints.noBranch'),
          options: (branches.data ?? []).map((branch) => ({
            value: branch.id,
            label: branch.name,
          })),
        })}
        {field('maxDiscountPercent', { type: 'number' })}
        <Box />
        <Box sx={{ gridColumn: '1 / -1' }}>
          <FormNavLinks
            form={form}
            name="screens"
            label={t('fields.screens')}
            placeholder={screens.length === 0 ? t('hints.allScreens') : undefined}
            hint={t('hints.screens')}
            testId="user-screens"
          />
        </Box>
        <Box>
          {/* Only an administrator grants or removes the flag (the server refuses it too). */}
          {switchField('isAdmin', !me?.isAdmin)}
          <FormHelperText>{t('hints.isAdmin')}</FormHelperText>
        </Box>
        <Box>{switchField('active')}</Box>
      </FieldGrid>
    </FormDialog>
  );
}
