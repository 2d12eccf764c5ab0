import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import {
  CreateLedgerAccountDto,
  UpdateLedgerAccountDto,
  type LedgerAccountDto,
} from '@pos/contracts';
import { useTranslation } from 'react-i18next';
import { FormSwitch } from '../../../shared/forms/FormSwitch';
import { FormTextField } from '../../../shared/forms/FormTextField';
import { useDtoForm } from '../../../shared/forms/useDtoForm';
import { FormDialog } from '../../../shared/ui/FormDialog';
import { useCrudMutation } from '../../../shared/ui/useCrudMutation';
import { accountingApi, accountingKeys, accountName } from '../api/accounting.api';

type Values = {
  code: string;
  nameAr: string;
  nameEn: string;
  parentId: string;
  active: boolean;
  isGroup: boolean;
};

/** A new account under `parent`, or an existing `account` to edit. */
export type AccountDialogTarget = { parent?: LedgerAccountDto; account?: LedgerAccountDto };

export function AccountDialog({
  open,
  target,
  accounts,
  onClose,
}: {
  open: boolean;
  target: AccountDialogTarget;
  accounts: readonly LedgerAccountDto[];
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('accounting');
  const editing = target.account;
  const form = useDtoForm<Values, CreateLedgerAccountDto | UpdateLedgerAccountDto>({
    dto: editing ? UpdateLedgerAccountDto : CreateLedgerAccountDto,
    defaultValues: {
      code: editing?.code ?? '',
      nameAr: editing?.nameAr ?? '',
      nameEn: editing?.nameEn ?? '',
      parentId: editing?.parentId ?? target.parent?.id ?? '',
      active: editing?.active ?? true,
      isGroup: false,
    },
    toBody: (v) => {
      const names = {
        code: v.code.trim(),
        nameAr: v.nameAr.trim(),
        nameEn: v.nameEn.trim() || null,
      };
      return editing
        ? { ...names, ...(editing.parentId ? { parentId: v.parentId } : {}), active: v.active }
        : { ...names, parentId: v.parentId, isGroup: v.isGroup };
    },
    label: (f) => t(`tree.${f}`),
  });
  const type = editing?.type ?? target.parent?.type;
  const groups = accounts.filter((a) => a.isGroup && a.type === type && a.id !== editing?.id);

  const save = useCrudMutation({
    mutationFn: (payload: CreateLedgerAccountDto | UpdateLedgerAccountDto) =>
      editing
        ? accountingApi.updateAccount(editing.id, payload)
        : accountingApi.createAccount(payload as CreateLedgerAccountDto),
    success: t('tree.saved'),
    invalidate: [accountingKeys.accounts],
    onDone: onClose,
  });

  const system = Boolean(editing?.systemKey);
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      onSubmit={form.submit((payload) => save.mutate(payload))}
      submitting={save.isPending}
      dividers
      title={
        editing
          ? t('tree.editTitle')
          : t('tree.createTitle', {
              parent: target.parent ? accountName(target.parent, i18n.language) : '',
            })
      }
      submitTestId="account-submit"
    >
      <Stack sx={{ gap: 1.5 }}>
        <FormTextField
          form={form}
          name="code"
          required
          label={t('tree.code')}
          disabled={system}
          helperText=" "
          ltr
          testId="account-code"
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
        <FormTextField
          form={form}
          name="nameAr"
          autoFocus
          required
          label={t('tree.nameAr')}
          helperText=" "
          testId="account-name-ar"
        />
        <FormTextField
          form={form}
          name="nameEn"
          label={t('tree.nameEn')}
          helperText=" "
          ltr
          slotProps={{ htmlInput: { lang: 'en' } }}
        />
        {editing?.parentId && (
          <FormTextField
            form={form}
            name="parentId"
            select
            label={t('tree.parentId')}
            disabled={system}
          >
            {groups.map((g) => (
              <MenuItem key={g.id} value={g.id}>
                {g.code} — {accountName(g, i18n.language)}
              </MenuItem>
            ))}
          </FormTextField>
        )}
        {editing ? (
          <FormSwitch form={form} name="active" disabled={system} label={t('tree.active')} />
        ) : (
          <FormSwitch form={form} name="isGroup" label={t('tree.isGroup')} />
        )}
      </Stack>
    </FormDialog>
  );
}
