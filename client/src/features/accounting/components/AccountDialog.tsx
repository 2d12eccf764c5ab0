import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import {
  CreateLedgerAccountDto,
  UpdateLedgerAccountDto,
  type LedgerAccountDto,
} from '@pos/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasErrors, validateDto, type FieldErrors } from '../../../shared/forms/validateDto';
import { FormDialog } from '../../../shared/ui/FormDialog';
import { useCrudMutation } from '../../../shared/ui/useCrudMutation';
import { accountingApi, accountingKeys, accountName } from '../api/accounting.api';

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
  const [code, setCode] = useState(editing?.code ?? '');
  const [nameAr, setNameAr] = useState(editing?.nameAr ?? '');
  const [nameEn, setNameEn] = useState(editing?.nameEn ?? '');
  const [parentId, setParentId] = useState(editing?.parentId ?? target.parent?.id ?? '');
  const [active, setActive] = useState(editing?.active ?? true);
  const [isGroup, setIsGroup] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
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

  const submit = async () => {
    const payload = editing
      ? {
          code: code.trim(),
          nameAr: nameAr.trim(),
          nameEn: nameEn.trim() || null,
          ...(editing.parentId ? { parentId } : {}),
          active,
        }
      : {
          code: code.trim(),
          nameAr: nameAr.trim(),
          nameEn: nameEn.trim() || null,
          parentId,
          isGroup,
        };
    const found = await validateDto(
      editing ? UpdateLedgerAccountDto : CreateLedgerAccountDto,
      payload,
      i18n.language,
      (f) => t(`tree.${f}`),
    );
    setErrors(found);
    if (!hasErrors(found)) save.mutate(payload);
  };

  const system = Boolean(editing?.systemKey);
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      onSubmit={submit}
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
        <TextField
          size="small"
          required
          label={t('tree.code')}
          value={code}
          disabled={system}
          onChange={(e) => setCode(e.target.value)}
          error={Boolean(errors.code)}
          helperText={errors.code ?? ' '}
          slotProps={{
            htmlInput: { dir: 'ltr', inputMode: 'numeric', 'data-testid': 'account-code' },
          }}
        />
        <TextField
          autoFocus
          size="small"
          required
          label={t('tree.nameAr')}
          value={nameAr}
          onChange={(e) => setNameAr(e.target.value)}
          error={Boolean(errors.nameAr)}
          helperText={errors.nameAr ?? ' '}
          slotProps={{ htmlInput: { 'data-testid': 'account-name-ar' } }}
        />
        <TextField
          size="small"
          label={t('tree.nameEn')}
          value={nameEn}
          onChange={(e) => setNameEn(e.target.value)}
          error={Boolean(errors.nameEn)}
          helperText={errors.nameEn ?? ' '}
          slotProps={{ htmlInput: { dir: 'ltr', lang: 'en' } }}
        />
        {editing?.parentId && (
          <TextField
            select
            size="small"
            label={t('tree.parentId')}
            value={parentId}
            disabled={system}
            onChange={(e) => setParentId(e.target.value)}
          >
            {groups.map((g) => (
              <MenuItem key={g.id} value={g.id}>
                {g.code} — {accountName(g, i18n.language)}
              </MenuItem>
            ))}
          </TextField>
        )}
        {editing ? (
          <FormControlLabel
            control={
              <Switch
                checked={active}
                disabled={system}
                onChange={(e) => setActive(e.target.checked)}
              />
            }
            label={t('tree.active')}
          />
        ) : (
          <FormControlLabel
            control={<Switch checked={isGroup} onChange={(e) => setIsGroup(e.target.checked)} />}
            label={t('tree.isGroup')}
          />
        )}
      </Stack>
    </FormDialog>
  );
}
