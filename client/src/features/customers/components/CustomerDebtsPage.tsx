import FileDownload from '@mui/icons-material/FileDownload';
import Payments from '@mui/icons-material/Payments';
import Phone from '@mui/icons-material/Phone';
import Print from '@mui/icons-material/Print';
import WhatsApp from '@mui/icons-material/WhatsApp';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
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
import { handleError } from '../../../shared/api/handleError';
import { useErrorToast } from '../../../shared/api/useErrorToast';
import { formatDate } from '../../../shared/lib/format';
import { useDebouncedValue } from '../../../shared/lib/useDebouncedValue';
import { useCan } from '../../../shared/state/useCan';
import type { Column } from '../../../shared/ui/DataTable';
import { SearchField, SelectFilter } from '../../../shared/ui/FilterBar';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { PagedTable } from '../../../shared/ui/PagedTable';
import { RowLink } from '../../../shared/ui/RowLink';
import { usePaging } from '../../../shared/ui/usePaging';
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
  const paging = usePaging(50);
  const [view, setView] = useState<View>('all');
  const [q, setQ] = useState('');
  const [branchId, setBranchId] = useState('');
  const [bucket, setBucket] = useState<DebtBucket | ''>('');
  const [collect, setCollect] = useState<PaymentTarget | null>(null);
  const [printing, setPrinting] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  const mayTotal = can('can_see_totals');
  const mayCollect = can('can_see_customers', 'can_see_totals');
  const mayOpen = can('can_see_customers');

  const filters: DebtFilters = {
    q: useDebouncedValue(q.trim(), 300) || undefined,
    branchId: branchId || undefined,
    bucket: bucket || undefined,
    ...(view === 'overdue' ? { overdue: 'true' as const } : {}),
  };
  const query = { page: paging.page + 1, pageSize: paging.pageSize, ...filters };
  const list = useQuery({
    queryKey: customerKeys.debts(query),
    queryFn: () => customersApi.debts(query),
    placeholderData: keepPreviousData,
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
  useErrorToast(list.error ?? totals.error ?? options.error);
  const donePrinting = useCallback(() => setPrinting(null), []);

  const exportXlsx = async () => {
    setExporting(true);
    try {
      await customersApi.exportDebts(filters);
    } catch (err) {
      handleError(err, { toast: true });
    } finally {
      setExporting(false);
    }
  };

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
      render: (r) =>
        view === 'overdue'
          ? t('debts.days', { count: r.overdueDays })
          : t('debts.days', { count: r.oldestDays }),
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
    {
      key: 'actions',
      header: '',
      nowrap: true,
      stopPropagation: true,
      render: (r) => {
        const wa = whatsAppHref(
          r.phone,
          t('debts.reminderText', { name: r.name, amount: formatPiasters(r.open) }),
        );
        return (
          <Box sx={{ display: 'flex', gap: 0.5, alignItems: 'center' }}>
            {mayCollect && (
              <Button
                size="small"
                variant="outlined"
                startIcon={<Payments />}
                onClick={() =>
                  setCollect({ customerId: r.customerId, name: r.name, balance: r.balance })
                }
                data-testid="debt-collect"
              >
                {t('debts.collect')}
              </Button>
            )}
            {mayOpen && (
              <Tooltip title={t('debts.statement')}>
                <IconButton
                  size="small"
                  aria-label={t('debts.statement')}
                  onClick={() => setPrinting(r.customerId)}
                  data-testid="debt-statement"
                >
                  <Print fontSize="small" />
                </IconButton>
              </Tooltip>
            )}
            {view === 'overdue' && r.phone && (
              <Tooltip title={t('debts.call')}>
                <IconButton
                  size="small"
                  aria-label={t('debts.call')}
                  href={telHref(r.phone)}
                  data-testid="debt-call"
                >
                  <Phone fontSize="small" />
                </IconButton>
              </Tooltip>
            )}
            {view === 'overdue' && wa && (
              <Tooltip title={t('debts.whatsapp')}>
                <IconButton
                  size="small"
                  aria-label={t('debts.whatsapp')}
                  href={wa}
                  target="_blank"
                  rel="noopener noreferrer"
                  data-testid="debt-whatsapp"
                >
                  <WhatsApp fontSize="small" />
                </IconButton>
              </Tooltip>
            )}
          </Box>
        );
      },
    },
  ];

  const sum = totals.data;
  return (
    <Box>
      <PageHeader
        title={t('debts.title')}
        actions={
          <Button
            variant="outlined"
            startIcon={<FileDownload />}
            onClick={() => void exportXlsx()}
            disabled={exporting}
            data-testid="debts-export"
          >
            {t('debts.export')}
          </Button>
        }
      />
      <Tabs
        value={view}
        onChange={(_, next: View) => {
          setView(next);
          paging.reset();
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
          <Figure label={t('debts.open')} value={formatPiasters(sum.open)} testId="debts-total" />
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
      <PagedTable
        query={list}
        paging={paging}
        pageSizeOptions={[25, 50, 100]}
        columns={columns}
        rowKey={(r) => r.customerId}
        rowTestId="debt-row"
        ariaLabel={t('debts.title')}
        emptyText={view === 'overdue' ? t('debts.noneOverdue') : t('debts.empty')}
        filters={
          <>
            <SearchField
              value={q}
              onChange={paging.withReset(setQ)}
              label={t('list.search')}
              testId="debts-search"
              width={260}
            />
            {(options.data?.branches.length ?? 0) > 1 && (
              <SelectFilter
                label={t('debts.branch')}
                value={branchId}
                onChange={paging.withReset(setBranchId)}
                allLabel={t('debts.allBranches')}
                minWidth={160}
                options={(options.data?.branches ?? []).map((b) => ({
                  value: b.id,
                  label: b.name,
                }))}
              />
            )}
            <SelectFilter<DebtBucket | ''>
              label={t('debts.bucket')}
              value={bucket}
              onChange={paging.withReset(setBucket)}
              allLabel={t('debts.allBuckets')}
              minWidth={160}
              options={DEBT_BUCKETS.map((b) => ({ value: b, label: t(`debts.buckets.${b}`) }))}
            />
          </>
        }
      />
      <CustomerPaymentDialog mode="collect" target={collect} onClose={() => setCollect(null)} />
      {printing && <StatementPrint customerId={printing} onDone={donePrinting} />}
    </Box>
  );
}

function Figure({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography sx={{ fontWeight: 700 }} data-testid={testId}>
        {value}
      </Typography>
    </Box>
  );
}
