import Print from '@mui/icons-material/Print';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { formatPiasters, routePath, type DeliveryOrderDto } from '@pos/contracts';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { useErrorToast } from '../../../shared/api/useErrorToast';
import { formatDateTime } from '../../../shared/lib/format';
import { useLiveEvent } from '../../../shared/realtime';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { PrintArea, printSoon } from '../../../shared/ui/print';
import { Slip, type SlipLine } from '../../../shared/ui/Slip';
import { deliveryApi, deliveryKeys, mapLink } from '../api/delivery.api';
import { DeliveryActions } from './DeliveryActions';
import { StatusChip } from './DeliveryPage';

/** /Delivery/{id}: the order, its timeline, the address on the map, its next moves and its slip. */
export default function DeliveryOrderPage() {
  const { t } = useTranslation('delivery');
  const { id = '' } = useParams();
  const order = useQuery({ queryKey: deliveryKeys.one(id), queryFn: () => deliveryApi.get(id) });
  useErrorToast(order.error);
  useLiveEvent('delivery.changed', (e) => {
    if (e.payload.orderId === id) void order.refetch();
  });
  const o = order.data;
  if (!o) return null;
  return (
    <Box>
      <PageHeader
        title={t('detail.title', { number: o.number })}
        titleTestId="delivery-title"
        meta={<StatusChip status={o.status} />}
        actions={
          <Button startIcon={<Print />} onClick={printSoon} data-testid="delivery-print">
            {t('detail.print')}
          </Button>
        }
      />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { md: '1fr 1fr' } }}>
        <Paper variant="outlined" sx={{ p: 2, display: 'grid', gap: 1 }}>
          <Row label={t('fields.invoice')}>
            <Link component={RouterLink} to={routePath('invoices-id', { id: o.saleId })} dir="ltr">
              {o.saleNumber}
            </Link>
          </Row>
          <Row label={t('fields.customer')}>{o.customerName ?? ''}</Row>
          <Row label={t('fields.phone')}>
            <Link href={`tel:${o.phone}`} dir="ltr">
              {o.phone}
            </Link>
          </Row>
          <Row label={t('fields.address')}>
            <Link
              href={mapLink(o.address)}
              target="_blank"
              rel="noopener noreferrer"
              data-testid="delivery-map"
            >
              {o.address}
            </Link>
          </Row>
          <Row label={t('fields.area')}>{o.area ?? ''}</Row>
          <Row label={t('fields.fee')}>{formatPiasters(o.fee)}</Row>
          <Row label={t('fields.cod')}>{formatPiasters(o.codAmount)}</Row>
          <Row label={t('fields.collected')}>
            <span data-testid="delivery-collected">{formatPiasters(o.collected)}</span>
            {o.collected > 0 && ` — ${o.settled ? t('detail.settled') : t('detail.unsettled')}`}
          </Row>
          <Row label={t('fields.driver')}>{o.driverName ?? ''}</Row>
          {o.notes && <Row label={t('fields.notes')}>{o.notes}</Row>}
          <DeliveryActions order={o} />
        </Paper>
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
            {t('detail.timeline')}
          </Typography>
          <List dense data-testid="delivery-timeline">
            {(o.events ?? []).map((e, i) => (
              <ListItem key={i} disableGutters>
                <ListItemText
                  primary={t(`statuses.${e.to}`)}
                  secondary={[
                    formatDateTime(e.at),
                    e.userName,
                    e.to === 'assigned' && e.driverName
                      ? t('detail.toDriver', { name: e.driverName })
                      : null,
                    e.note,
                  ]
                    .filter(Boolean)
                    .join(' — ')}
                />
              </ListItem>
            ))}
          </List>
        </Paper>
      </Box>
      <PrintArea layout="80mm">
        <DeliverySlip order={o} />
      </PrintArea>
    </Box>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      <Typography color="text.secondary" sx={{ minInlineSize: 140 }}>
        {label}
      </Typography>
      <Typography component="div">{children}</Typography>
    </Box>
  );
}

/** The slip the driver takes with the goods. */
function DeliverySlip({ order: o }: { order: DeliveryOrderDto }) {
  const { t } = useTranslation('delivery');
  const line = (field: string, value: ReactNode, strong?: boolean): SlipLine => [
    t(`fields.${field}`),
    value,
    strong,
  ];
  return (
    <Slip
      title={t('slip.title')}
      number={o.number}
      lines={[
        line('number', <span dir="ltr">{o.number}</span>),
        line('invoice', <span dir="ltr">{o.saleNumber}</span>),
        line('customer', o.customerName ?? ''),
        line('phone', <span dir="ltr">{o.phone}</span>),
        line('address', o.address),
        !!o.area && line('area', o.area),
        line('driver', o.driverName ?? ''),
        line('cod', formatPiasters(o.codAmount), true),
        !!o.notes && [null, o.notes],
        [null, formatDateTime(o.createdAt)],
      ]}
    />
  );
}
