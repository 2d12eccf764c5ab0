import { formatPiasters, RECURRING_EXPENSES, type RecurringExpenseDto } from '@pos/contracts';
import { useTranslation } from 'react-i18next';
import { activeColumn, ResourcePage } from '../../../shared/resource';
import { expenseKeys } from '../api/expenses.api';
import { useExpenseChoices } from './ExpenseFormDialog';

/** The monthly templates (rent, salaries): each is due from its day of the month until recorded. */
export function RecurringExpensesPanel() {
  const { t } = useTranslation('expenses');
  const { categories, vaults, vendors } = useExpenseChoices();
  return (
    <ResourcePage<RecurringExpenseDto>
      resource={RECURRING_EXPENSES}
      i18n="expenses:recurring"
      testId="recurring-expense"
      invalidate={[expenseKeys.due]}
      defaults={{ dayOfMonth: 1, active: true, vaultId: vaults[0]?.id ?? '' }}
      columns={[
        { key: 'name' },
        { key: 'dayOfMonth' },
        { key: 'categoryName', label: 'categoryId' },
        { key: 'vaultName', label: 'vaultId', render: (r) => `${r.vaultName} — ${r.branchName}` },
        { key: 'amount', render: (r) => formatPiasters(r.amount) },
        { key: 'payee', render: (r) => r.vendorName ?? r.payee ?? '' },
        activeColumn(),
      ]}
      fields={[
        { name: 'name' },
        {
          name: 'categoryId',
          kind: 'select',
          options: categories.map((c) => ({ value: c.id, label: c.name })),
        },
        {
          name: 'vaultId',
          kind: 'select',
          options: vaults.map((v) => ({ value: v.id, label: `${v.name} — ${v.branchName}` })),
        },
        { name: 'amount', kind: 'amount', required: true, positive: true },
        { name: 'dayOfMonth', kind: 'number', help: t('recurring.dayHelp') },
        {
          name: 'vendorId',
          kind: 'select',
          none: t('recurring.noVendor'),
          options: vendors.map((v) => ({ value: v.id, label: v.name })),
        },
        { name: 'payee' },
        { name: 'note' },
        { name: 'active', kind: 'switch' },
      ]}
    />
  );
}
