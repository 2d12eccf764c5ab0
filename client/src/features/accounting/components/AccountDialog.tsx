import { LEDGER_ACCOUNTS, type LedgerAccountDto } from '@pos/contracts';
import { useTranslation } from 'react-i18next';
import { ResourceForm, type ResourceField } from '../../../shared/resource';
import { accountingKeys, accountName } from '../api/accounting.api';

/** A new account under `parent`, or an existing `account` to edit. */
export type AccountDialogTarget = { parent?: LedgerAccountDto; account?: LedgerAccountDto };

export function AccountDialog({
  target,
  accounts,
  onClose,
}: {
  target: AccountDialogTarget;
  accounts: readonly LedgerAccountDto[];
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('accounting');
  const editing = target.account;
  const type = editing?.type ?? target.parent?.type;
  const groups = accounts.filter((a) => a.isGroup && a.type === type && a.id !== editing?.id);
  const system = Boolean(editing?.systemKey);
  const fields: (ResourceField | false | undefined)[] = [
    {
      name: 'code',
      required: true,
      disabled: system,
      ltr: true,
      testId: 'account-code',
      htmlInput: { inputMode: 'numeric' },
    },
    { name: 'nameAr', autoFocus: true, required: true, testId: 'account-name-ar' },
    { name: 'nameEn', ltr: true, nullable: true, htmlInput: { lang: 'en' } },
    !!editing?.parentId && {
      name: 'parentId',
      kind: 'select',
      disabled: system,
      options: groups.map((g) => ({
        value: g.id,
        label: `${g.code} — ${accountName(g, i18n.language)}`,
      })),
    },
    editing
      ? { name: 'active', kind: 'switch', disabled: system }
      : { name: 'isGroup', kind: 'switch' },
  ];
  return (
    <ResourceForm
      resource={LEDGER_ACCOUNTS}
      row={editing ?? null}
      defaults={{ isGroup: false }}
      fixed={editing ? undefined : { parentId: target.parent?.id }}
      fields={fields
        .filter((f): f is ResourceField => !!f)
        .map((f) => ({ ...f, label: t(`tree.${f.name}`) }) as ResourceField)}
      title={
        editing
          ? t('tree.editTitle')
          : t('tree.createTitle', {
              parent: target.parent ? accountName(target.parent, i18n.language) : '',
            })
      }
      success={t('tree.saved')}
      invalidate={[accountingKeys.accounts]}
      onClose={onClose}
      testId="account"
      dividers
    />
  );
}
