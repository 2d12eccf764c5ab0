import { ListPage, StatusFilter, useListState, usePagedList } from '../../../shared/ui/PagedTable';
import { dateColumn, statusColumn } from '../../../shared/ui/listColumns';
import { MAINTENANCE_STATUSES, routePath, type MaintenanceTicketDto } from '@pos/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { handleError } from '../../../shared/api/handleError';
import { useErrorToast } from '../../../shared/api/useErrorToast';
import { useLiveEvent } from '../../../shared/realtime';
import { moneyColumn, type Column } from '../../../shared/ui/DataTable';
import { AddButton } from '../../../shared/ui/PageHeader';
import { toast } from '../../../shared/ui/toast';
import { maintenanceApi, maintenanceKeys } from '../api/maintenance.api';
import { deviceText, STATUS_COLOR } from '../lib/ticket';
import { TicketFormDialog } from './TicketFormDialog';

/**
 * /Maintenance: the branch's repair tickets with a chip per status (its live count), search by
 * number, customer, phone or IMEI, a new ticket, and a scanned ticket barcode (`?scan=`) opening
 * its ticket.
 */
export default function MaintenancePage() {
  const { t } = useTranslation('maintenance');
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const filter = useListState({ q: '', status: '' });
  const [creating, setCreating] = useState(false);
  const list = usePagedList({
    ...filter,
    queryKey: maintenanceKeys.list,
    fetch: maintenanceApi.list,
  });
  const counts = useQuery({ queryKey: maintenanceKeys.counts, queryFn: maintenanceApi.counts });
  useErrorToast(counts.error);
  useLiveEvent('maintenance.counts', () => {
    void counts.refetch();
    void list.refetch();
  });
  useLiveEvent('maintenance.ready', (e) =>
    toast.info(
      t('live.ready', {
        number: e.payload.number,
        customer: e.payload.customerName,
        device: e.payload.device,
      }),
    ),
  );

  // A scanned ticket number (the global barcode listener sends it here) opens the ticket.
  const scan = params.get('scan');
  useEffect(() => {
    if (!scan) return;
    let live = true;
    maintenanceApi.byNumber(scan).then(
      (ticket) => live && navigate(routePath('Maintenance-id', { id: ticket.id })),
      (error: unknown) => {
        if (!live) return;
        setParams({}, { replace: true });
        handleError(error, { toast: true });
      },
    );
    return () => {
      live = false;
    };
  }, [scan, navigate, setParams]);

  const columns: Column<MaintenanceTicketDto>[] = [
    { key: 'number', header: t('fields.number'), ltr: true, render: (r) => r.number },
    { key: 'customer', header: t('fields.customer'), render: (r) => r.customerName },
    { key: 'phone', header: t('fields.phone'), ltr: true, render: (r) => r.customerPhone ?? '' },
    { key: 'device', header: t('fields.device'), render: (r) => deviceText(r, t) },
    statusColumn(t('fields.status'), STATUS_COLOR, (s) => t(`statuses.${s}`), 'ticket-status'),
    { key: 'technician', header: t('fields.technician'), render: (r) => r.technicianName ?? '' },
    { key: 'priority', header: t('fields.priority'), render: (r) => t(`priorities.${r.priority}`) },
    moneyColumn('total', t('fields.total'), (r) => r.total),
    dateColumn('createdAt', t('fields.createdAt'), (r) => r.createdAt),
  ];

  return (
    <ListPage
      title={t('list.title')}
      actions={
        <AddButton onClick={() => setCreating(true)} testId="ticket-add" label={t('list.add')} />
      }
      above={
        <StatusFilter
          label={t('fields.status')}
          options={MAINTENANCE_STATUSES}
          colors={STATUS_COLOR}
          value={filter.values.status}
          onChange={filter.set('status')}
          allLabel={t('list.all')}
          optionLabel={(s) => t(`statuses.${s}`)}
          testId={(s) => `ticket-count-${s}`}
          count={(s) => counts.data?.[s] ?? 0}
        />
      }
      query={list}
      paging={filter.paging}
      columns={columns}
      rowTestId="ticket-row"
      onRowClick={(r) => navigate(routePath('Maintenance-id', { id: r.id }))}
      emptyText={t('list.empty')}
      search={filter.search(t('list.search'), 'tickets-search')}
    >
      {creating && (
        <TicketFormDialog
          onClose={() => setCreating(false)}
          onCreated={(ticket) => navigate(routePath('Maintenance-id', { id: ticket.id }))}
        />
      )}
    </ListPage>
  );
}
