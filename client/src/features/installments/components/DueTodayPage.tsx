import Box from '@mui/material/Box';
import { actionsColumn, dateColumn } from '../../../shared/ui/listColumns';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  formatPiasters,
  routePath,
  type DueInstallmentDto,
  type InstallmentPaymentDto,
} from '@pos/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useErrorToast } from '../../../shared/api/useErrorToast';
import { formatDay } from '../../../shared/lib/format';
import { useLiveEvent, useLiveResync } from '../../../shared/realtime';
import { sessionUserState } from '../../../shared/state';
import { useCan } from '../../../shared/state/useCan';
import { DataTable, type Column } from '../../../shared/ui/DataTable';
import { FilterBar, SelectFilter } from '../../../shared/ui/FilterBar';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { usePrintJob } from '../../../shared/ui/print';
import { RowLink } from '../../../shared/ui/RowLink';
import { useBranchOptions } from '../../branches';
import { installmentKeys, installmentsApi } from '../api/installments.api';
import { CollectDialog, type CollectTarget } from './CollectDialog';
import { CollectionReceipt, type ReceiptPlan } from './CollectionReceipt';
import { PhoneLinks } from './PhoneLinks';
import { InstallmentStatusChip } from './StatusChip';
import { feeColumn } from '../lib/columns';

/**
 * /Installments/dueToday: what is due today and overdue in the user's branches, with call and
 * WhatsApp links and a one-click collect. The list follows the `installment.due` push, so a
 * collection at another register removes its row here at once.
 */
export default function DueTodayPage() {
  const { t } = useTranslation('installments');
  const can = useCan();
  const user = useAtomValue(sessionUserState);
  const canBranches = !!user?.isAdmin || can('can_see_branches');
  const branches = useBranchOptions(canBranches);
  const [branchId, setBranchId] = useState('');
  const queryClient = useQueryClient();
  const due = useQuery({
    queryKey: installmentKeys.due(branchId),
    queryFn: () => installmentsApi.due(branchId || undefined),
  });
  useErrorToast(due.error);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['installments', 'due'] });
  useLiveEvent('installment.due', refresh);
  useLiveResync(refresh);
  const [collecting, setCollecting] = useState<CollectTarget | null>(null);
  const [printing, setPrinting] = usePrintJob<{
    payment: InstallmentPaymentDto;
    plan: ReceiptPlan;
  }>();

  const rows = due.data ?? [];
  const total = rows.reduce((s, r) => s + r.due, 0);
  const overdue = rows.filter((r) => r.daysLate > 0);

  const columns: Column<DueInstallmentDto>[] = [
    {
      key: 'customer',
      header: t('fields.customer'),
      render: (r) => <span data-testid="due-customer">{r.customerName}</span>,
    },
    {
      key: 'phone',
      header: t('fields.phone'),
      nowrap: true,
      render: (r) => <PhoneLinks phone={r.customerPhone} intl={r.customerPhoneIntl} />,
    },
    {
      key: 'plan',
      header: t('fields.plan'),
      ltr: true,
      nowrap: true,
      render: (r) => (
        <RowLink to={routePath('Installments-id', { id: r.planId })}>{r.planNumber}</RowLink>
      ),
    },
    { key: 'seq', header: t('fields.seq'), render: (r) => r.seq },
    dateColumn('dueDate', t('fields.dueDate'), (r) => r.dueDate, formatDay),
    {
      key: 'daysLate',
      header: t('fields.daysLate'),
      render: (r) => (
        <Chip
          size="small"
          color={r.daysLate > 0 ? 'error' : 'warning'}
          variant="outlined"
          label={r.daysLate > 0 ? t('due.daysLate', { count: r.daysLate }) : t('due.today')}
        />
      ),
    },
    feeColumn('lateFee', t('fields.lateFee'), (r) => r.lateFee),
    {
      key: 'due',
      header: t('fields.due'),
      align: 'right',
      render: (r) => <b data-testid="due-amount">{formatPiasters(r.due)}</b>,
    },
    {
      key: 'status',
      header: t('fields.status'),
      render: (r) => <InstallmentStatusChip status={r.status} />,
    },
    {
      key: 'branch',
      header: t('fields.branch'),
      hidden: !canBranches,
      render: (r) => r.branchName,
    },
    actionsColumn<DueInstallmentDto>([
      {
        label: t('collect.button'),
        variant: 'contained',
        onClick: (r) =>
          setCollecting({
            planId: r.planId,
            planNumber: r.planNumber,
            customerName: r.customerName,
            branchId: r.branchId,
            installmentIds: [r.installmentId],
            due: r.due,
            label: t('collect.installmentLine', { seq: r.seq, date: formatDay(r.dueDate) }),
          }),
        testId: 'due-collect',
      },
    ]),
  ];

  return (
    <Box>
      <PageHeader
        title={t('due.title')}
        actions={
          <Button component={Link} to={routePath('Installments')} variant="outlined">
            {t('list.title')}
          </Button>
        }
      />
      <Stack direction="row" sx={{ gap: 1.5, mb: 2, flexWrap: 'wrap' }}>
        {(
          [
            ['countLabel', rows.length, 'due-count'],
            ['amountLabel', formatPiasters(total), 'due-total'],
            ['overdueLabel', overdue.length, 'due-overdue'],
          ] as const
        ).map(([label, value, testId]) => (
          <Paper key={label} variant="outlined" sx={{ p: 1.5, minInlineSize: 180 }}>
            <Typography variant="body2" color="text.secondary">
              {t(`due.${label}`)}
            </Typography>
            <Typography
              sx={{ fontSize: 22, fontWeight: 800 }}
              color={testId === 'due-overdue' ? 'error' : undefined}
              data-testid={testId}
            >
              {value}
            </Typography>
          </Paper>
        ))}
      </Stack>
      <Paper variant="outlined">
        {canBranches && (
          <FilterBar>
            <SelectFilter
              label={t('fields.branch')}
              value={branches.data ? branchId : ''}
              onChange={setBranchId}
              allLabel={t('list.allBranches')}
              options={(branches.data ?? []).map((b) => ({ value: b.id, label: b.name }))}
              minWidth={160}
              displayEmpty
            />
          </FilterBar>
        )}
        <DataTable
          columns={columns}
          rows={rows}
          rowKey={(r) => r.installmentId}
          rowTestId="due-row"
          rowProps={(r) => ({ 'data-plan': r.planNumber })}
          ariaLabel={t('due.title')}
          busy={due.isFetching}
          loading={due.isLoading}
          emptyText={t('due.empty')}
          emptyTestId="due-empty"
        />
      </Paper>
      {collecting && (
        <CollectDialog
          target={collecting}
          onClose={() => setCollecting(null)}
          onDone={(payment) =>
            setPrinting({
              payment,
              plan: { number: collecting.planNumber, customerName: collecting.customerName },
            })
          }
        />
      )}
      {printing && <CollectionReceipt payment={printing.payment} plan={printing.plan} />}
    </Box>
  );
}
