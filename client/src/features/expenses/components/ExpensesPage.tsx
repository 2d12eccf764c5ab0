import BlockIcon from '@mui/icons-material/Block';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatPiasters, type DueRecurringExpenseDto, type ExpenseDto } from '@pos/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../shared/lib/format';
import { sessionUserState } from '../../../shared/state';
import { useCan } from '../../../shared/state/useCan';
import { moneyColumn, type Column } from '../../../shared/ui/DataTable';
import { DateRangeFilter } from '../../../shared/ui/DateField';
import { SelectFilter } from '../../../shared/ui/FilterBar';
import { ReasonDialog } from '../../../shared/ui/FormDialog';
import { actionsColumn, optionsOf } from '../../../shared/ui/listColumns';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { PagedTable, useListState, usePagedList } from '../../../shared/ui/PagedTable';
import { useCrudMutation } from '../../../shared/ui/useCrudMutation';
import { useBranchOptions } from '../../branches';
import { expenseKeys, expensesApi, type ExpenseListQuery } from '../api/expenses.api';
import { DueExpensesList } from './DueExpenses';
import { ExpenseFormDialog, useExpenseChoices } from './ExpenseFormDialog';
import { RecurringExpensesPanel } from './RecurringExpensesPanel';

function VoidDialog({ expense, onClose }: { expense: ExpenseDto; onClose: () => void }) {
  const { t } = useTranslation('expenses');
  const run = useCrudMutation({
    idempotent: true,
    mutationFn: (reason: string, options) => expensesApi.void(expense.id, reason, options),
    success: t('void.done', { number: expense.number }),
    onSuccess: onClose,
    invalidate: [expenseKeys.all],
  });
  return (
    <ReasonDialog
      onClose={onClose}
      title={t('void.title', { number: expense.number })}
      submitLabel={t('void.submit')}
      submitTestId="expense-void-submit"
      submitting={run.isPending}
      onSubmit={(reason) => reason && run.mutate(reason)}
      field={{ label: t('void.reason'), autoFocus: true, size: 'small' }}
      input={{ maxLength: 300, 'data-testid': 'expense-void-reason' }}
    >
      <Typography sx={{ mb: 2 }}>
        {t('void.explain', { amount: formatPiasters(expense.total), vault: expense.vaultName })}
      </Typography>
    </ReasonDialog>
  );
}

function ExpensesList() {
  const { t } = useTranslation('expenses');
  const can = useCan();
  const user = useAtomValue(sessionUserState);
  const canBranches = !!user?.isAdmin || can('can_see_branches');
  const canDates = can('can_use_date_filter');
  const canTotals = can('can_see_expenses_details');
  const branches = useBranchOptions(canBranches);
  const { categories } = useExpenseChoices();
  const filter = useListState({
    q: '',
    categoryId: '',
    branchId: '',
    status: '',
    from: '',
    to: '',
  });
  const { values, set } = filter;
  const [form, setForm] = useState<{ template: DueRecurringExpenseDto | null } | null>(null);
  const [voiding, setVoiding] = useState<ExpenseDto | null>(null);
  const filters = filter.params as Omit<ExpenseListQuery, 'page' | 'pageSize'>;
  const list = usePagedList({
    paging: filter.paging,
    params: filters,
    queryKey: expenseKeys.list,
    fetch: expensesApi.list,
  });
  const totals = useQuery({
    queryKey: expenseKeys.totals(filters),
    queryFn: () => expensesApi.totals(filters),
    enabled: canTotals,
    placeholderData: keepPreviousData,
  });

  const columns: Column<ExpenseDto>[] = [
    { key: 'number', header: t('list.number'), ltr: true, render: (e) => e.number },
    { key: 'date', header: t('list.date'), nowrap: true, render: (e) => formatDate(e.date) },
    { key: 'category', header: t('list.category'), render: (e) => e.categoryName },
    { key: 'payee', header: t('list.payee'), render: (e) => e.vendorName ?? e.payee ?? '' },
    { key: 'vault', header: t('list.vault'), render: (e) => e.vaultName },
    { key: 'branch', header: t('list.branch'), hidden: !canBranches, render: (e) => e.branchName },
    moneyColumn('amount', t('list.amount'), (e) => e.amount),
    moneyColumn('vat', t('list.vat'), (e) => e.vat || null),
    moneyColumn('total', t('list.total'), (e) => e.total),
    {
      key: 'status',
      header: t('list.status'),
      render: (e) => (
        <Chip
          size="small"
          variant="outlined"
          color={e.status === 'void' ? 'default' : 'success'}
          label={t(`status.${e.status}`)}
          title={e.voidReason ?? undefined}
        />
      ),
    },
    actionsColumn<ExpenseDto>(
      [
        (e) =>
          e.hasAttachment && (
            <Link
              href={expensesApi.attachmentUrl(e.id)}
              target="_blank"
              rel="noopener"
              data-testid="expense-attachment"
            >
              {t('list.receipt')}
            </Link>
          ),
        {
          label: t('void.action'),
          onClick: setVoiding,
          when: (e) => e.status === 'recorded',
          icon: BlockIcon,
          iconOnly: true,
          testId: 'expense-void',
        },
      ],
      { header: '', stopPropagation: false, nowrap: false },
    ),
  ];

  return (
    <Box>
      <DueExpensesList onRecord={(template) => setForm({ template })} />
      {canTotals && totals.data && (
        <Paper variant="outlined" sx={{ p: 1.5, mb: 2 }} data-testid="expenses-totals">
          <Typography sx={{ fontWeight: 700 }}>
            {t('totals.line', {
              count: totals.data.count,
              total: formatPiasters(totals.data.total),
              vat: formatPiasters(totals.data.vat),
            })}
          </Typography>
          <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', mt: 1 }}>
            {totals.data.byCategory.map((c) => (
              <Chip
                key={c.categoryId}
                size="small"
                label={`${c.categoryName}: ${formatPiasters(c.total)}`}
              />
            ))}
          </Stack>
        </Paper>
      )}
      <PagedTable
        query={list}
        paging={filter.paging}
        columns={columns}
        rowTestId="expense-row"
        ariaLabel={t('title')}
        emptyText={t('list.empty')}
        filters={
          <>
            <TextField
              size="small"
              label={t('filters.search')}
              value={values.q}
              onChange={(e) => set('q')(e.target.value)}
            />
            <SelectFilter
              {...filter.select('categoryId', t('filters.category'), 150)}
              allLabel={t('filters.all')}
              options={categories.map((c) => ({ value: c.id, label: c.name }))}
            />
            {canBranches && (
              <SelectFilter
                label={t('filters.branch')}
                value={branches.data ? values.branchId : ''}
                onChange={set('branchId')}
                allLabel={t('filters.all')}
                options={(branches.data ?? []).map((b) => ({ value: b.id, label: b.name }))}
                minWidth={150}
              />
            )}
            <SelectFilter
              {...filter.select('status', t('filters.status'), 120)}
              allLabel={t('filters.all')}
              options={optionsOf(['recorded', 'void'], (s) => t(`status.${s}`))}
            />
            {canDates && (
              <DateRangeFilter {...filter.dates} labels={[t('filters.from'), t('filters.to')]} />
            )}
            <Box sx={{ flex: 1 }} />
            <Button
              variant="contained"
              onClick={() => setForm({ template: null })}
              data-testid="expense-add"
            >
              {t('list.add')}
            </Button>
          </>
        }
      />
      {form && (
        <ExpenseFormDialog
          key={form.template?.id ?? 'new'}
          template={form.template}
          onClose={() => setForm(null)}
        />
      )}
      {voiding && <VoidDialog expense={voiding} onClose={() => setVoiding(null)} />}
    </Box>
  );
}

/** /Expenses (can_see_expenses): the expenses with their filters and totals, and the monthly templates. */
export default function ExpensesPage() {
  const { t } = useTranslation('expenses');
  const [tab, setTab] = useState(0);
  return (
    <Box>
      <PageHeader title={t('title')} />
      <Tabs value={tab} onChange={(_, v: number) => setTab(v)} sx={{ mb: 2 }}>
        <Tab label={t('tabs.expenses')} data-testid="expenses-tab-list" />
        <Tab label={t('tabs.recurring')} data-testid="expenses-tab-recurring" />
      </Tabs>
      {tab === 0 ? <ExpensesList /> : <RecurringExpensesPanel />}
    </Box>
  );
}
