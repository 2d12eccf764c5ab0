import Payments from '@mui/icons-material/Payments';
import Phone from '@mui/icons-material/Phone';
import Print from '@mui/icons-material/Print';
import WhatsApp from '@mui/icons-material/WhatsApp';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import {
  DEBT_BUCKETS,
  formatPiasters,
  routePath,
  type CustomerDebtDto,
  type DebtBucket,
} from '@pos/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorToast } from '../../../shared/api/useErrorToast';
import { formatDate } from '../../../shared/lib/format';
import { useCan } from '../../../shared/state/useCan';
import type { Column } from '../../../shared/ui/DataTable';
import { SelectFilter } from '../../../shared/ui/FilterBar';
import { Figure } from '../../../shared/ui/DetailKit';
import { ListPage, useListState, usePagedList } from '../../../shared/ui/PagedTable';
import { actionsColumn, ExportButton, optionsOf } from '../../../shared/ui/listColumns';
import { RowLink } from '../../../shared/ui/RowLink';
import { IconAction } from '../../../shared/ui/IconAction';
import { customerKeys, customersApi, type DebtFilters } from '../api/customers.api';
import { telHref, whatsAppHref } from '../lib/phone';
import { CustomerPaymentDialog, type PaymentTarget } from './CustomerPaymentDialog';
import { StatementPrint } from './StatementPrint';

type View = 'all' | 'overdue';

/**
 * /Customers/Debts (issue 16 item 1): every customer who owes, the debt aged after payments
 * (oldest first), filtered by branch, bucket and search; collect into a vault, print a statement,
 * export; the reminder tab lists customers past their terms with call and WhatsApp links.
 */
export default function CustomerDebtsPage() {
  const { t } = useTranslation('customers');
  const can = useCan();
  const state = useListState({ q: '', branchId: '', bucket: '' as DebtBucket | '' }, 50);
  const [view, setView] = useState<View>('all');
  const [collect, setCollect] = useState<PaymentTarget | null>(null);
  const [printing, setPrinting] = useState<string | null>(null);
  const mayTotal = can('can_see_totals');
  const mayCollect = can('can_see_customers', 'can_see_totals');
  const mayOpen = can('can_see_customers');

  const filters: DebtFilters = {
    ...(state.params as DebtFilters),
    ...(view === 'overdue' ? { overdue: 'true' as const } : {}),
  };
  const list = usePagedList({
    paging: state.paging,
    params: filters,
    queryKey: customerKeys.debts,
    fetch: customersApi.debts,
  });
  const totals = useQuery({
    queryKey: customerKeys.debtTotals(filters),
    queryFn: () => customersApi.debtTotals(filters),
    enabled: mayTotal,
    placeholderData: keepPreviousData,
  });
  const options = useQuery({
    queryKey: customerKeys.debtFilters,
    queryFn: customersApi.debtFilters,
  });
  useErrorToast(totals.error ?? options.error);
  const donePrinting = useCallback(() => setPrinting(null), []);

  const money = (key: string, header: string, value: (r: CustomerDebtDto) => number) => ({
    key,
    header,
    align: 'right' as const,
    nowrap: true,
    render: (r: CustomerDebtDto) => (value(r) ? formatPiasters(value(r)) : '—'),
  });
  const columns: Column<CustomerDebtDto>[] = [
    {
      key: 'name',
      header: t('fields.name'),
      render: (r) =>
        mayOpen ? (
          <RowLink to={routePath('Customers-id', { id: r.customerId })}>{r.name}</RowLink>
        ) : (
          r.name
        ),
    },
    { key: 'phone', header: t('fields.phone'), ltr: true, render: (r) => r.phone ?? '' },
    {
      key: 'creditLimit',
      header: t('fields.creditLimit'),
      align: 'right',
      nowrap: true,
      hidden: view === 'overdue',
      render: (r) => (r.creditLimit > 0 ? formatPiasters(r.creditLimit) : t('list.noLimit')),
    },
    {
      ...money('open', t('debts.open'), (r) => r.open),
      cellSx: () => ({ fontWeight: 700, color: 'error.main' }),
    },
    ...DEBT_BUCKETS.map((b) => ({
      ...money(b, t(`debts.buckets.${b}`), (r: CustomerDebtDto) => r.buckets[b]),
      hidden: view === 'overdue',
    })),
    {
      ...money('overdue', t('debts.overdueAmount'), (r) => r.overdueAmount),
      hidden: view === 'all',
    },
    {
      key: 'oldest',
      header: view === 'overdue' ? t('debts.overdueDays') : t('debts.oldestDays'),
      align: 'right',
      render: (r) => t('debts.days', { count: view === 'overdue' ? r.overdueDays : r.oldestDays }),
    },
    {
      key: 'lastPayment',
      header: t('debts.lastPayment'),
      nowrap: true,
      render: (r) =>
        r.lastPaymentAt && r.lastPaymentAmount !== null
          ? `${formatDate(r.lastPaymentAt)} · ${formatPiasters(r.lastPaymentAmount)}`
          : t('debts.never'),
    },
    actionsColumn<CustomerDebtDto>([
      {
        label: t('debts.collect'),
        icon: Payments,
        when: () => mayCollect,
        onClick: (r) => setCollect({ customerId: r.customerId, name: r.name, balance: r.balance }),
        testId: 'debt-collect',
      },
      {
        label: t('debts.statement'),
        icon: Print,
        iconOnly: true,
        when: () => mayOpen,
        onClick: (r) => setPrinting(r.customerId),
        testId: 'debt-statement',
      },
      (r) => {
        if (view !== 'overdue') return false;
        const text = t('debts.reminderText', { name: r.name, amount: formatPiasters(r.open) });
        const whatsApp = whatsAppHref(r.phone, text);
        return (
          <>
            {r.phone && (
              <IconAction
                icon={Phone}
                label={t('debts.call')}
                href={telHref(r.phone)}
                testId="debt-call"
              />
            )}
            {whatsApp && (
              <IconAction
                icon={WhatsApp}
                label={t('debts.whatsapp')}
                href={whatsApp}
                newTab
                testId="debt-whatsapp"
              />
            )}
          </>
        );
      },
    ]),
  ];

  const sum = totals.data;
  return (
    <ListPage
      title={t('debts.title')}
      actions={
        <ExportButton onExport={() => customersApi.exportDebts(filters)} testId="debts-export">
          {t('debts.export')}
        </ExportButton>
      }
      above={
        <>
          <Tabs
            value={view}
            onChange={(_, next: View) => {
              setView(next);
              state.paging.reset();
            }}
            sx={{ mb: 1 }}
          >
            <Tab value="all" label={t('debts.tabs.all')} data-testid="debts-tab-all" />
            <Tab value="overdue" label={t('debts.tabs.overdue')} data-testid="debts-tab-overdue" />
          </Tabs>
          {mayTotal && sum && (
            <Paper
              variant="outlined"
              sx={{ p: 1.5, mb: 1.5, display: 'flex', flexWrap: 'wrap', gap: 3 }}
              data-testid="debts-totals"
            >
              <Figure label={t('debts.customers')} value={String(sum.customers)} />
              <Figure
                label={t('debts.open')}
                value={formatPiasters(sum.open)}
                testId="debts-total"
              />
              {view === 'all' &&
                DEBT_BUCKETS.map((b) => (
                  <Figure
                    key={b}
                    label={t(`debts.buckets.${b}`)}
                    value={formatPiasters(sum.buckets[b])}
                    testId={`debts-total-${b}`}
                  />
                ))}
              <Figure label={t('debts.overdueAmount')} value={formatPiasters(sum.overdueAmount)} />
            </Paper>
          )}
        </>
      }
      query={list}
      paging={state.paging}
      columns={columns}
      rowKey={(r) => r.customerId}
      rowTestId="debt-row"
      emptyText={view === 'overdue' ? t('debts.noneOverdue') : t('debts.empty')}
      search={state.search(t('list.search'), 'debts-search', 260)}
      filters={
        <>
          {(options.data?.branches.length ?? 0) > 1 && (
            <SelectFilter
              {...state.bind('branchId')}
              label={t('debts.branch')}
              allLabel={t('debts.allBranches')}
              minWidth={160}
              options={(options.data?.branches ?? []).map((b) => ({ value: b.id, label: b.name }))}
            />
          )}
          <SelectFilter<DebtBucket | ''>
            {...state.bind('bucket')}
            label={t('debts.bucket')}
            allLabel={t('debts.allBuckets')}
            minWidth={160}
            options={optionsOf(DEBT_BUCKETS, (b) => t(`debts.buckets.${b}`))}
          />
        </>
      }
    >
      <CustomerPaymentDialog mode="collect" target={collect} onClose={() => setCollect(null)} />
      {printing && <StatementPrint customerId={printing} onDone={donePrinting} />}
    </ListPage>
  );
}
