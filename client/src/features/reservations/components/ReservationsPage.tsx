import { ListPage, useListState, usePagedList } from '../../../shared/ui/PagedTable';
import Print from '@mui/icons-material/Print';
import {
  RESERVATION_STATUSES,
  formatPiasters,
  type ReservationDto,
  type ReservationStatus,
} from '@pos/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatDateTime } from '../../../shared/lib/format';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { moneyColumn, type Column } from '../../../shared/ui/DataTable';
import { SelectFilter } from '../../../shared/ui/FilterBar';
import { AddButton } from '../../../shared/ui/PageHeader';
import { PrintArea, printSoon } from '../../../shared/ui/print';
import { Slip, type SlipLine } from '../../../shared/ui/Slip';
import { useConfirmedMutation } from '../../../shared/ui/useCrudMutation';
import { actionsColumn, dateColumn, optionsOf, statusColumn } from '../../../shared/ui/listColumns';
import { propertiesText } from '../../catalog';
import { reservationKeys, reservationsApi } from '../api/reservations.api';
import { ConvertDialog } from './ConvertDialog';
import { ReservationFormDialog } from './ReservationFormDialog';

const active = (r: ReservationDto) => r.status === 'active';
const STATUS_COLOR: Record<ReservationStatus, 'default' | 'primary' | 'success' | 'warning'> = {
  active: 'primary',
  converted: 'success',
  cancelled: 'default',
  expired: 'warning',
};

/**
 * /Reservations: variants held for customers against a deposit, by status and soonest expiry;
 * reserve, sell (the deposit counted), cancel, print the slip.
 */
export default function ReservationsPage() {
  const { t } = useTranslation('reservations');
  const [params] = useSearchParams();
  const filter = useListState({ q: params.get('q') ?? '', status: 'active' });
  const [creating, setCreating] = useState(false);
  const [converting, setConverting] = useState<ReservationDto | null>(null);
  const [printed, setPrinted] = useState<ReservationDto | null>(null);
  const list = usePagedList({
    paging: filter.paging,
    params: { ...filter.params, sort: 'expiresAt' },
    queryKey: reservationKeys.list,
    fetch: reservationsApi.list,
    live: 'reservation.changed',
  });
  const cancel = useConfirmedMutation({
    mutationFn: (r: ReservationDto, options) => reservationsApi.cancel(r.id, {}, options),
    success: (r) =>
      t(`cancel.done.${r.depositOutcome === 'forfeited' ? 'forfeited' : 'refunded'}`, {
        number: r.number,
        amount: formatPiasters(r.deposit),
      }),
    invalidate: [reservationKeys.all],
  });

  const columns: Column<ReservationDto>[] = [
    { key: 'number', header: t('fields.number'), ltr: true, render: (r) => r.number },
    { key: 'customer', header: t('fields.customer'), render: (r) => r.customerName },
    {
      key: 'items',
      header: t('fields.items'),
      render: (r) =>
        r.lines
          .map((l) => `${l.productName} ${propertiesText(l.properties)} × ${l.quantity}`)
          .join('، '),
    },
    moneyColumn('total', t('fields.total'), (r) => r.total),
    moneyColumn('deposit', t('fields.deposit'), (r) => r.deposit),
    dateColumn('expiresAt', t('fields.expiresAt'), (r) => r.expiresAt),
    statusColumn(t('fields.status'), STATUS_COLOR, (s) => t(`statuses.${s}`), 'reservation-status'),
    actionsColumn<ReservationDto>([
      {
        label: t('convert.button'),
        onClick: setConverting,
        when: active,
        variant: 'contained',
        testId: 'reservation-convert',
      },
      {
        label: t('cancel.button'),
        onClick: cancel.ask,
        when: active,
        color: 'error',
        testId: 'reservation-cancel',
      },
      {
        label: t('slip.print'),
        onClick: (r) => {
          setPrinted(r);
          printSoon();
        },
        icon: Print,
        variant: 'text',
        testId: 'reservation-print',
      },
    ]),
  ];

  return (
    <ListPage
      title={t('list.title')}
      actions={
        <AddButton
          onClick={() => setCreating(true)}
          testId="reservation-add"
          label={t('list.add')}
        />
      }
      query={list}
      paging={filter.paging}
      columns={columns}
      rowTestId="reservation-row"
      emptyText={t('list.empty')}
      search={filter.search(t('list.search'), 'reservations-search')}
      filters={
        <SelectFilter
          {...filter.select('status', t('fields.status'), 150)}
          allLabel={t('list.all')}
          options={optionsOf(RESERVATION_STATUSES, (s) => t(`statuses.${s}`))}
        />
      }
    >
      {creating && <ReservationFormDialog onClose={() => setCreating(false)} />}
      {converting && <ConvertDialog reservation={converting} onClose={() => setConverting(null)} />}
      {cancel.target && (
        <ConfirmDialog
          {...cancel.dialogProps}
          title={t('cancel.title', { number: cancel.target.number })}
          message={t('cancel.confirm', { amount: formatPiasters(cancel.target.deposit) })}
        />
      )}
      {printed && (
        <PrintArea layout="80mm">
          <ReservationSlip reservation={printed} />
        </PrintArea>
      )}
    </ListPage>
  );
}

/** The printed reservation slip (80 mm). */
function ReservationSlip({ reservation: r }: { reservation: ReservationDto }) {
  const { t } = useTranslation('reservations');
  return (
    <Slip
      title={t('slip.title')}
      number={r.number}
      lines={[
        [t('fields.number'), <span dir="ltr">{r.number}</span>],
        [t('fields.customer'), r.customerName + (r.customerPhone ? ` — ${r.customerPhone}` : '')],
        ...r.lines.map((l): SlipLine => [
          null,
          `${l.productName} ${propertiesText(l.properties)} × ${l.quantity} — ${formatPiasters(Math.round(l.quantity * l.unitPrice))}`,
        ]),
        [t('fields.total'), formatPiasters(r.total)],
        [t('fields.deposit'), formatPiasters(r.deposit), true],
        [t('fields.expiresAt'), formatDateTime(r.expiresAt)],
        [null, t('slip.terms')],
        [null, formatDateTime(r.createdAt)],
      ]}
    />
  );
}
