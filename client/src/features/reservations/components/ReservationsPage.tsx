import { ListPage, StatusBadge, useListState, usePagedList } from '../../../shared/ui/PagedTable';
import Print from '@mui/icons-material/Print';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import {
  RESERVATION_STATUSES,
  formatPiasters,
  type ReservationDto,
  type ReservationStatus,
} from '@pos/contracts';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatDateTime } from '../../../shared/lib/format';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { moneyColumn, type Column } from '../../../shared/ui/DataTable';
import { SelectFilter } from '../../../shared/ui/FilterBar';
import { AddButton } from '../../../shared/ui/PageHeader';
import { DocumentBarcode, PrintArea, printSoon, useReceiptData } from '../../../shared/ui/print';
import { useCrudMutation } from '../../../shared/ui/useCrudMutation';
import { propertiesText } from '../../catalog';
import { reservationKeys, reservationsApi } from '../api/reservations.api';
import { ConvertDialog } from './ConvertDialog';
import { ReservationFormDialog } from './ReservationFormDialog';
import { useIdempotencyKey } from '../../../shared/lib/useIdempotencyKey';

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
  const [cancelling, setCancelling] = useState<ReservationDto | null>(null);
  const [printed, setPrinted] = useState<ReservationDto | null>(null);
  const list = usePagedList({
    paging: filter.paging,
    params: { ...filter.params, sort: 'expiresAt' },
    queryKey: reservationKeys.list,
    fetch: reservationsApi.list,
    live: 'reservation.changed',
  });
  const idem = useIdempotencyKey();
  const cancel = useCrudMutation({
    mutationFn: (r: ReservationDto) =>
      reservationsApi.cancel(r.id, {}, { idempotencyKey: idem.key }),
    success: (r) =>
      t(`cancel.done.${r.depositOutcome === 'forfeited' ? 'forfeited' : 'refunded'}`, {
        number: r.number,
        amount: formatPiasters(r.deposit),
      }),
    invalidate: [reservationKeys.all],
    onDone: () => {
      idem.renew();
      setCancelling(null);
    },
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
    {
      key: 'expiresAt',
      header: t('fields.expiresAt'),
      nowrap: true,
      render: (r) => formatDateTime(r.expiresAt),
    },
    {
      key: 'status',
      header: t('fields.status'),
      render: (r) => (
        <StatusBadge
          color={STATUS_COLOR[r.status]}
          label={t(`statuses.${r.status}`)}
          testId="reservation-status"
        />
      ),
    },
    {
      key: 'actions',
      header: null,
      stopPropagation: true,
      render: (r) => (
        <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
          {r.status === 'active' && (
            <>
              <Button
                size="small"
                variant="contained"
                onClick={() => setConverting(r)}
                data-testid="reservation-convert"
              >
                {t('convert.button')}
              </Button>
              <Button
                size="small"
                variant="outlined"
                color="error"
                onClick={() => setCancelling(r)}
                data-testid="reservation-cancel"
              >
                {t('cancel.button')}
              </Button>
            </>
          )}
          <Button
            size="small"
            startIcon={<Print />}
            onClick={() => {
              setPrinted(r);
              printSoon();
            }}
            data-testid="reservation-print"
          >
            {t('slip.print')}
          </Button>
        </Box>
      ),
    },
  ];

  return (
    <ListPage
      title={t('list.title')}
      actions={
        <AddButton onClick={() => setCreating(true)} testId="reservation-add">
          {t('list.add')}
        </AddButton>
      }
      query={list}
      paging={filter.paging}
      columns={columns}
      rowKey={(r) => r.id}
      rowTestId="reservation-row"
      ariaLabel={t('list.title')}
      emptyText={t('list.empty')}
      search={filter.search(t('list.search'), 'reservations-search')}
      filters={
        <SelectFilter
          label={t('fields.status')}
          value={filter.values.status}
          onChange={filter.set('status')}
          allLabel={t('list.all')}
          minWidth={150}
          options={RESERVATION_STATUSES.map((s) => ({ value: s, label: t(`statuses.${s}`) }))}
        />
      }
    >
      {creating && <ReservationFormDialog onClose={() => setCreating(false)} />}
      {converting && <ConvertDialog reservation={converting} onClose={() => setConverting(null)} />}
      {cancelling && (
        <ConfirmDialog
          open
          title={t('cancel.title', { number: cancelling.number })}
          message={t('cancel.confirm', { amount: formatPiasters(cancelling.deposit) })}
          loading={cancel.isPending}
          onConfirm={() => cancel.mutate(cancelling)}
          onCancel={() => setCancelling(null)}
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
  const receipt = useReceiptData();
  const line = (field: string, value: ReactNode) => (
    <p>
      {t(`fields.${field}`)}: {value}
    </p>
  );
  return (
    <Box sx={{ fontSize: 12, color: '#000', '& p': { m: 0 } }}>
      <Typography sx={{ fontWeight: 700, textAlign: 'center' }}>{receipt.name}</Typography>
      <Typography sx={{ textAlign: 'center' }}>{t('slip.title')}</Typography>
      <DocumentBarcode value={r.number} />
      {line('number', <span dir="ltr">{r.number}</span>)}
      <p>
        {t('fields.customer')}: {r.customerName}
        {r.customerPhone ? ` — ${r.customerPhone}` : ''}
      </p>
      {r.lines.map((l) => (
        <p key={l.variantId}>
          {l.productName} {propertiesText(l.properties)} × {l.quantity} —{' '}
          {formatPiasters(Math.round(l.quantity * l.unitPrice))}
        </p>
      ))}
      {line('total', formatPiasters(r.total))}
      <p style={{ fontWeight: 700 }}>
        {t('fields.deposit')}: {formatPiasters(r.deposit)}
      </p>
      {line('expiresAt', formatDateTime(r.expiresAt))}
      <p>{t('slip.terms')}</p>
      <p>{formatDateTime(r.createdAt)}</p>
    </Box>
  );
}
