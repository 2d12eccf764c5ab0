import Print from '@mui/icons-material/Print';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  INSTALLMENT_OPEN_PLAN_STATUSES,
  formatPiasters,
  routePath,
  type InstallmentDto,
  type InstallmentPaymentDto,
  type InstallmentPlanDetailDto,
} from '@pos/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { useErrorToast } from '../../../shared/api/useErrorToast';
import { formatDay } from '../../../shared/lib/format';
import { useLiveEvent } from '../../../shared/realtime';
import {
  DataTable,
  moneyColumn,
  type Column,
  type DataTableProps,
} from '../../../shared/ui/DataTable';
import { feeColumn, owedColumn } from '../lib/columns';
import { actionsColumn, dateColumn } from '../../../shared/ui/listColumns';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { PrintArea, usePrintJob } from '../../../shared/ui/print';
import { installmentKeys, installmentsApi } from '../api/installments.api';
import { CollectDialog, SettleDialog, type CollectTarget } from './CollectDialog';
import { CollectionReceipt } from './CollectionReceipt';
import { ContractPrint } from './ContractPrint';
import { PhoneLinks } from './PhoneLinks';
import { RescheduleDialog } from './RescheduleDialog';
import { Figures, Panel } from '../../../shared/ui/DetailKit';
import { InstallmentStatusChip, PlanStatusChip } from './StatusChip';

type Printed =
  | { kind: 'contract'; plan: InstallmentPlanDetailDto }
  | { kind: 'receipt'; payment: InstallmentPaymentDto; plan: InstallmentPlanDetailDto };

/** A section of the page: a titled panel with its table, which the title names. */
function TableSection<T>(
  props: { title: string; testId: string; hint?: ReactNode } & Omit<DataTableProps<T>, 'ariaLabel'>,
) {
  const { title, testId, hint, ...table } = props;
  return (
    <Panel title={title} testId={testId} sx={{ p: 2 }}>
      {hint}
      <DataTable {...table} ariaLabel={title} />
    </Panel>
  );
}

const isOpen = (i: InstallmentDto) => i.due > 0 && i.status !== 'rescheduled';

/** /Installments/{id}: the plan's schedule, payments, guarantors, documents and history. */
export default function InstallmentPlanPage() {
  const { t } = useTranslation('installments');
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const plan = useQuery({
    queryKey: installmentKeys.one(id),
    queryFn: () => installmentsApi.get(id),
  });
  useErrorToast(plan.error);
  useLiveEvent('installment.due', () => void plan.refetch());
  const [chosen, setChosen] = useState<string[]>([]);
  const [collecting, setCollecting] = useState<CollectTarget | null>(null);
  const [settling, setSettling] = useState(false);
  const [rescheduling, setRescheduling] = useState(false);
  const [printing, setPrinting] = usePrintJob<Printed>();

  if (plan.isLoading) return <LinearProgress />;
  const p = plan.data;
  if (!p) return plan.isError ? <Alert severity="error">{t('plan.notFound')}</Alert> : null;

  const open = INSTALLMENT_OPEN_PLAN_STATUSES.includes(p.status);
  const openInstallments = p.installments.filter(isOpen);
  const chosenOpen = openInstallments.filter((i) => chosen.includes(i.id));
  const toggle = (installmentId: string) =>
    setChosen((list) =>
      list.includes(installmentId)
        ? list.filter((x) => x !== installmentId)
        : [...list, installmentId],
    );
  const startCollect = () => {
    const targets = chosenOpen.length ? chosenOpen : openInstallments.slice(0, 1);
    setCollecting({
      planId: p.id,
      planNumber: p.number,
      customerName: p.customerName,
      branchId: p.branchId,
      installmentIds: targets.map((i) => i.id),
      due: targets.reduce((s, i) => s + i.due, 0),
      label: t('collect.installmentsLine', {
        seqs: targets.map((i) => i.seq).join('، '),
        count: p.count,
      }),
    });
  };

  const printLink = (text: string, doc: Printed) => (
    <Link key={text} component="button" type="button" onClick={() => setPrinting(doc)}>
      {text}
    </Link>
  );

  const scheduleColumns: Column<InstallmentDto>[] = [
    {
      key: 'choose',
      header: null,
      padding: 'checkbox',
      hidden: !open,
      stopPropagation: true,
      render: (i) =>
        isOpen(i) ? (
          <Checkbox
            size="small"
            checked={chosen.includes(i.id)}
            onChange={() => toggle(i.id)}
            slotProps={{
              input: {
                'aria-label': t('plan.chooseInstallment', { seq: i.seq }),
                'data-testid': 'installment-choose',
              } as never,
            }}
          />
        ) : null,
    },
    { key: 'seq', header: t('fields.seq'), render: (i) => i.seq },
    dateColumn('dueDate', t('fields.dueDate'), (i) => i.dueDate, formatDay),
    moneyColumn('amount', t('fields.amount'), (i) => i.amount),
    moneyColumn('paid', t('fields.paid'), (i) => i.paid),
    feeColumn('lateFee', t('fields.lateFee'), (i) => i.lateFee),
    owedColumn('due', t('fields.due'), (i) => i.due),
    {
      key: 'status',
      header: t('fields.status'),
      render: (i) => <InstallmentStatusChip status={i.status} />,
    },
    dateColumn('paidAt', t('fields.paidAt'), (i) => i.paidAt),
  ];

  const paymentColumns: Column<InstallmentPaymentDto>[] = [
    { key: 'number', header: t('fields.receiptNumber'), ltr: true, render: (x) => x.number },
    dateColumn('at', t('fields.date'), (x) => x.at),
    { key: 'kind', header: t('fields.kind'), render: (x) => t(`paymentKinds.${x.kind}`) },
    {
      key: 'seqs',
      header: t('fields.installments'),
      render: (x) => x.allocations.map((a) => a.seq).join('، '),
    },
    moneyColumn('amount', t('fields.amount'), (x) => x.amount),
    feeColumn('discount', t('fields.discount'), (x) => x.discount),
    {
      key: 'vault',
      header: t('fields.vault'),
      render: (x) => x.vaultName ?? (x.kind === 'collect' ? t('collect.tillReceipt') : ''),
    },
    { key: 'user', header: t('fields.user'), render: (x) => x.userName ?? '' },
    actionsColumn<InstallmentPaymentDto>([
      {
        label: t('receipt.print'),
        icon: Print,
        iconOnly: true,
        onClick: (x) => setPrinting({ kind: 'receipt', payment: x, plan: p }),
        testId: 'payment-print',
      },
    ]),
  ];

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <PageHeader
        title={t('plan.pageTitle', { number: p.number })}
        meta={<PlanStatusChip status={p.status} />}
        actions={
          <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
            <Button
              variant="outlined"
              startIcon={<Print />}
              onClick={() => setPrinting({ kind: 'contract', plan: p })}
              data-testid="plan-contract"
            >
              {t('contract.print')}
            </Button>
            {open && (
              <>
                <Button variant="contained" onClick={startCollect} data-testid="plan-collect">
                  {chosenOpen.length > 1
                    ? t('collect.several', { count: chosenOpen.length })
                    : t('collect.button')}
                </Button>
                <Button
                  variant="outlined"
                  onClick={() => setSettling(true)}
                  data-testid="plan-settle"
                >
                  {t('settle.button')}
                </Button>
                <Button
                  variant="outlined"
                  color="secondary"
                  onClick={() => setRescheduling(true)}
                  data-testid="plan-reschedule"
                >
                  {t('reschedule.button')}
                </Button>
              </>
            )}
          </Stack>
        }
      />
      {(
        [
          ['plan.replacedBy', p.childPlan],
          ['plan.replaces', p.parentPlan],
        ] as const
      ).map(
        ([text, other]) =>
          other && (
            <Alert key={text} severity="info">
              {t(text)}{' '}
              <Link component={RouterLink} to={routePath('Installments-id', { id: other.id })}>
                {other.number}
              </Link>
            </Alert>
          ),
      )}
      <Panel sx={{ p: 2 }}>
        <Figures
          items={(
            [
              ['customer', p.customer.name, 'plan-customer'],
              ['phone', <PhoneLinks phone={p.customer.phone} />],
              ['nationalId', <span dir="ltr">{p.customer.nationalId ?? '—'}</span>],
              [
                'sale',
                <Link component={RouterLink} to={routePath('invoices-id', { id: p.saleId })}>
                  {p.saleNumber}
                </Link>,
              ],
              // the units sold by serial (a phone's IMEIs, issue 34; docs/decisions/0128)
              ...(p.units?.length
                ? [
                    [
                      'units',
                      p.units.map((u) => (
                        <div key={u.serial}>
                          {u.productName} —{' '}
                          <span dir="ltr">{u.imei2 ? `${u.serial} / ${u.imei2}` : u.serial}</span>
                        </div>
                      )),
                      'plan-units',
                    ],
                  ]
                : []),
              ['branch', p.branchName],
              ['totalAmount', formatPiasters(p.totalAmount)],
              ['downPayment', formatPiasters(p.downPayment)],
              ['financed', formatPiasters(p.financed)],
              ['interest', `${formatPiasters(p.interest)} (${p.monthlyRateBp / 100}%)`],
              ['fee', formatPiasters(p.fee)],
              ['toPay', formatPiasters(p.toPay)],
              ['paid', formatPiasters(p.paid), 'plan-paid'],
              ['lateFees', formatPiasters(p.lateFeesCharged)],
              ['discount', formatPiasters(p.discount)],
              ['outstanding', formatPiasters(p.outstanding), 'plan-outstanding'],
              ['balance', formatPiasters(p.customer.balance)],
            ] as [string, ReactNode, string?][]
          ).map(([field, value, testId]) => [t(`fields.${field}`), value, testId])}
        />
      </Panel>

      <TableSection
        title={t('plan.schedule')}
        testId="plan-schedule"
        hint={
          open && (
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {t('plan.chooseHint')}
            </Typography>
          )
        }
        columns={scheduleColumns}
        rows={p.installments}
        rowKey={(i) => i.id}
        rowTestId="installment-row"
        rowProps={(i) => ({ 'data-seq': i.seq, 'data-status': i.status })}
        hover={false}
      />
      <TableSection
        title={t('plan.payments')}
        testId="plan-payments"
        columns={paymentColumns}
        rows={p.payments}
        rowKey={(x) => x.id}
        rowTestId="payment-row"
        emptyText={t('plan.noPayments')}
      />
      <TableSection
        title={t('plan.guarantors')}
        testId="plan-guarantors"
        columns={[
          { key: 'name', header: t('fields.guarantorName'), render: (g) => g.name },
          {
            key: 'nationalId',
            header: t('fields.nationalId'),
            ltr: true,
            render: (g) => g.nationalId,
          },
          {
            key: 'phone',
            header: t('fields.phone'),
            render: (g) => <PhoneLinks phone={g.phone} />,
          },
          { key: 'address', header: t('fields.address'), render: (g) => g.address },
        ]}
        rows={p.guarantors}
        rowKey={(g) => g.id}
      />
      <Panel title={t('plan.documents')} testId="plan-documents" sx={{ p: 2 }}>
        <Stack sx={{ gap: 0.5, alignItems: 'start' }}>
          {printLink(t('plan.contractDoc', { number: p.number }), { kind: 'contract', plan: p })}
          <Link component={RouterLink} to={routePath('invoices-id', { id: p.saleId })}>
            {t('plan.saleDoc', { number: p.saleNumber })}
          </Link>
          {p.payments.map((x) =>
            printLink(t('plan.receiptDoc', { number: x.number }), {
              kind: 'receipt',
              payment: x,
              plan: p,
            }),
          )}
        </Stack>
      </Panel>
      <TableSection
        title={t('plan.history')}
        testId="plan-history"
        columns={[
          dateColumn('at', t('fields.date'), (h: { at: string }) => h.at),
          {
            key: 'action',
            header: t('fields.action'),
            render: (h) => t(`history.${h.action.replace(/^installment\./, '')}`, h.action),
          },
          { key: 'user', header: t('fields.user'), render: (h) => h.userName ?? '' },
          { key: 'note', header: t('fields.note'), render: (h) => h.note ?? '' },
        ]}
        rows={p.history}
        rowKey={(h) => `${h.at}-${h.action}-${h.note ?? ''}`}
        emptyText={t('plan.noHistory')}
      />

      {collecting && (
        <CollectDialog
          target={collecting}
          onClose={() => setCollecting(null)}
          onDone={(payment) => {
            setChosen([]);
            setPrinting({ kind: 'receipt', payment, plan: p });
          }}
        />
      )}
      {settling && (
        <SettleDialog
          plan={p}
          onClose={() => setSettling(false)}
          onDone={(settled) => {
            const last = settled.payments.filter((x) => x.kind === 'settle').at(-1);
            if (last) setPrinting({ kind: 'receipt', payment: last, plan: settled });
          }}
        />
      )}
      {rescheduling && (
        <RescheduleDialog
          plan={p}
          onClose={() => setRescheduling(false)}
          onDone={(next) => void navigate(routePath('Installments-id', { id: next.id }))}
        />
      )}
      {printing?.kind === 'contract' && (
        <PrintArea layout="a4">
          <ContractPrint plan={printing.plan} />
        </PrintArea>
      )}
      {printing?.kind === 'receipt' && (
        <CollectionReceipt payment={printing.payment} plan={printing.plan} />
      )}
    </Box>
  );
}
