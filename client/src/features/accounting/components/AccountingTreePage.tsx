import Add from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { LEDGER_ACCOUNTS, type LedgerAccountDto } from '@pos/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorToast } from '../../../shared/api/useErrorToast';
import { resourceApi } from '../../../shared/resource';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { DataTable, type Column } from '../../../shared/ui/DataTable';
import { DeleteAction, EditAction, IconAction } from '../../../shared/ui/IconAction';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { useConfirmedMutation } from '../../../shared/ui/useCrudMutation';
import { useEditDialog } from '../../../shared/ui/useEditDialog';
import { useCan } from '../../../shared/state/useCan';
import { accountingApi, accountingKeys, accountName, useAccounts } from '../api/accounting.api';
import { AccountDialog, type AccountDialogTarget } from './AccountDialog';
import { AccountLink } from './ReportSections';
import { Money } from '../../../shared/ui/Money';

export type TreeRow = LedgerAccountDto & { depth: number; balance: number };

/** Accounts in tree order (each parent before its children, siblings by code), with their depth. */
export function treeOrder(
  accounts: readonly LedgerAccountDto[],
): (LedgerAccountDto & { depth: number })[] {
  const children = new Map<string | null, LedgerAccountDto[]>();
  for (const a of accounts) children.set(a.parentId, [...(children.get(a.parentId) ?? []), a]);
  const out: (LedgerAccountDto & { depth: number })[] = [];
  const walk = (parent: string | null, depth: number) => {
    for (const a of [...(children.get(parent) ?? [])].sort((x, y) =>
      x.code.localeCompare(y.code),
    )) {
      out.push({ ...a, depth });
      walk(a.id, depth + 1);
    }
  };
  walk(null, 0);
  return out;
}

/** /AccountingTree: the chart with each account's balance (groups sum their sub-accounts). */
export default function AccountingTreePage() {
  const { t, i18n } = useTranslation('accounting');
  const can = useCan();
  const canManage = can('can_manage_accounting');
  const accounts = useAccounts();
  const balances = useQuery({
    queryKey: accountingKeys.trialBalance({}),
    queryFn: () => accountingApi.trialBalance({}),
  });
  const dialog = useEditDialog<AccountDialogTarget>();
  useErrorToast(accounts.error ?? balances.error);

  const rows = useMemo<TreeRow[]>(() => {
    const list = accounts.data ?? [];
    const own = new Map<string, number>();
    for (const r of balances.data?.rows ?? [])
      own.set(r.accountId, r.closingDebit - r.closingCredit);
    const ordered = treeOrder(list);
    const parentOf = new Map(list.map((a) => [a.id, a.parentId]));
    const total = new Map<string, number>();
    for (const a of list) {
      const value = own.get(a.id) ?? 0;
      for (let at: string | null | undefined = a.id; at; at = parentOf.get(at))
        total.set(at, (total.get(at) ?? 0) + value);
    }
    // Shown on the account's normal side: a credit account's credit balance is positive.
    return ordered.map((a) => ({
      ...a,
      balance: (total.get(a.id) ?? 0) * (a.normalSide === 'debit' ? 1 : -1),
    }));
  }, [accounts.data, balances.data]);

  const remove = useConfirmedMutation<TreeRow>({
    mutationFn: (a) => resourceApi(LEDGER_ACCOUNTS).remove(a.id),
    success: t('tree.deleted'),
    invalidate: [accountingKeys.accounts],
    closeOnError: true,
  });

  const columns: Column<TreeRow>[] = [
    { key: 'code', header: t('tree.code'), ltr: true, render: (a) => a.code },
    {
      key: 'name',
      header: t('tree.name'),
      render: (a) => (
        <Typography
          component="span"
          sx={{ paddingInlineStart: a.depth * 2.5, fontWeight: a.isGroup ? 700 : 400 }}
        >
          <AccountLink accountId={a.id} range={{}}>
            {accountName(a, i18n.language)}
          </AccountLink>
          {!a.active && <Chip size="small" sx={{ mx: 1 }} label={t('tree.inactive')} />}
        </Typography>
      ),
    },
    { key: 'type', header: t('tree.type'), render: (a) => t(`types.${a.type}`) },
    {
      key: 'balance',
      header: t('tree.balance'),
      align: 'right',
      ltr: true,
      render: (a) => <Money value={a.balance} />,
    },
    {
      key: 'actions',
      header: t('common.actions'),
      align: 'right',
      nowrap: true,
      hidden: !canManage,
      render: (a) => (
        <>
          {a.isGroup && (
            <IconAction
              icon={Add}
              testId="account-add-under"
              label={t('tree.addUnder', { name: accountName(a, i18n.language) })}
              onClick={() => dialog.openEdit({ parent: a })}
            />
          )}
          <EditAction
            label={t('tree.edit', { name: accountName(a, i18n.language) })}
            onClick={() => dialog.openEdit({ account: a })}
          />
          {!a.systemKey && (
            <DeleteAction
              label={t('tree.delete', { name: accountName(a, i18n.language) })}
              onClick={() => remove.ask(a)}
            />
          )}
        </>
      ),
    },
  ];

  return (
    <Box>
      <PageHeader title={t('tree.title')} subtitle={t('tree.subtitle')} />
      <Paper variant="outlined">
        <DataTable
          columns={columns}
          rows={rows}
          rowKey={(a) => a.id}
          rowTestId="account-row"
          ariaLabel={t('tree.title')}
          busy={accounts.isFetching}
          loading={accounts.isLoading}
          emptyText={t('tree.empty')}
        />
      </Paper>
      {dialog.open && dialog.item && (
        <AccountDialog
          key={dialog.key}
          target={dialog.item}
          accounts={accounts.data ?? []}
          onClose={dialog.close}
        />
      )}
      <ConfirmDialog
        {...remove.dialogProps}
        title={t('tree.deleteTitle')}
        message={
          remove.target
            ? t('tree.deleteMessage', { name: accountName(remove.target, i18n.language) })
            : ''
        }
      />
    </Box>
  );
}
