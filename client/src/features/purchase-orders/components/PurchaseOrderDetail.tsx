import ArrowBack from '@mui/icons-material/ArrowBack';
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatPiasters, type PurchaseOrderResponseDto } from '@pos/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { handleError } from '../../../shared/api/handleError';
import { formatDateTime, formatDay } from '../../../shared/lib/format';
import { formatQuantity } from '../../../shared/lib/money';
import { useConfirm } from '../../../shared/ui/ConfirmDialog';
import { PrintArea, printSoon } from '../../../shared/ui/print';
import { useToast } from '../../../shared/ui/useToast';
import { propertiesText } from '../../catalog';
import { purchaseOrderKeys, purchaseOrdersApi } from '../api/purchaseOrders.api';
import { ordersHref, statusColor } from '../lib/status';
import { PurchaseOrderFormDialog } from './PurchaseOrderFormDialog';
import { PurchaseOrderPrint } from './PurchaseOrderPrint';

/** One purchase order: its lines (ordered, received, still due), the steps its status allows, print. */
export function PurchaseOrderDetail({ id }: { id: string }) {
  const { t } = useTranslation('purchase-orders');
  const queryClient = useQueryClient();
  const toast = useToast();
  const confirm = useConfirm();
  const query = useQuery({
    queryKey: purchaseOrderKeys.one(id),
    queryFn: () => purchaseOrdersApi.get(id),
    meta: { detail: true },
  });
  const [editing, setEditing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [printing, setPrinting] = useState(false);
  useEffect(() => {
    if (query.error) handleError(query.error, { toast: true });
  }, [query.error]);
  useEffect(() => {
    if (!printing) return;
    printSoon();
    const done = () => setPrinting(false);
    window.addEventListener('afterprint', done, { once: true });
    return () => window.removeEventListener('afterprint', done);
  }, [printing]);

  const order = query.data;
  const saved = (next: PurchaseOrderResponseDto, message: string) => {
    queryClient.setQueryData(purchaseOrderKeys.one(id), next);
    void queryClient.invalidateQueries({ queryKey: purchaseOrderKeys.all });
    toast.success(message);
  };
  const step = async (action: 'close' | 'cancel') => {
    if (!order) return;
    const ok = await confirm({
      title: t(`actions.${action}`),
      message: t(`confirm.${action}`, { number: order.number }),
    });
    if (!ok) return;
    setBusy(true);
    try {
      const next = await purchaseOrdersApi.step(order.id, action);
      saved(next, t('toast.status', { status: t(`status.${next.status}`) }));
    } catch (error) {
      handleError(error, { toast: true });
      void query.refetch();
    } finally {
      setBusy(false);
    }
  };

  const back = (
    <Button component={RouterLink} to={ordersHref()} startIcon={<ArrowBack />}>
      {t('detail.back')}
    </Button>
  );
  if (!order) return query.isLoading ? <LinearProgress /> : back;
  const showCost = order.total !== undefined;
  const info: [string, string][] = [
    [t('fields.vendor'), order.vendorName],
    [t('fields.inventory'), `${order.inventoryName} — ${order.branchName}`],
    [t('fields.expectedDate'), order.expectedDate ? formatDay(order.expectedDate) : '—'],
    [t('fields.createdBy'), order.createdByName ?? '—'],
    [t('fields.createdAt'), formatDateTime(order.createdAt)],
    [
      t('fields.receivedOfOrdered'),
      `${formatQuantity(order.receivedQuantity)} / ${formatQuantity(order.orderedQuantity)}`,
    ],
  ];
  if (showCost) info.push([t('fields.total'), formatPiasters(order.total!)]);

  return (
    <Box data-testid="po-detail" data-status={order.status}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mb: 1.5, flexWrap: 'wrap' }}>
        {back}
        <Typography variant="h6" component="h2" dir="ltr" data-testid="po-number">
          {order.number}
        </Typography>
        <Chip
          color={statusColor(order.status)}
          label={t(`status.${order.status}`)}
          data-testid="po-status"
        />
        <Box sx={{ flexGrow: 1 }} />
        {order.actions.includes('edit') && (
          <Button onClick={() => setEditing(true)} disabled={busy} data-testid="po-edit">
            {t('actions.edit')}
          </Button>
        )}
        {order.actions.includes('close') && (
          <Button onClick={() => void step('close')} disabled={busy} data-testid="po-close">
            {t('actions.close')}
          </Button>
        )}
        {order.actions.includes('cancel') && (
          <Button
            color="error"
            onClick={() => void step('cancel')}
            disabled={busy}
            data-testid="po-cancel"
          >
            {t('actions.cancel')}
          </Button>
        )}
        <Button
          variant="outlined"
          startIcon={<PrintOutlined />}
          onClick={() => setPrinting(true)}
          data-testid="po-print-button"
        >
          {t('actions.print')}
        </Button>
      </Stack>
      {order.actions.includes('receive') && (
        <Alert severity="info" sx={{ mb: 1.5 }}>
          {t('detail.receiveHint')}
        </Alert>
      )}
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))',
          }}
        >
          {info.map(([label, value]) => (
            <Box key={label}>
              <Typography variant="caption" color="text.secondary">
                {label}
              </Typography>
              <Typography sx={{ fontWeight: 600 }}>{value}</Typography>
            </Box>
          ))}
        </Box>
        {order.note && (
          <Typography sx={{ mt: 1.5 }} color="text.secondary">
            {t('fields.note')}: {order.note}
          </Typography>
        )}
      </Paper>
      <Paper variant="outlined">
        <TableContainer>
          <Table size="small" aria-label={t('detail.lines')}>
            <TableHead>
              <TableRow>
                <TableCell>#</TableCell>
                <TableCell>{t('fields.product')}</TableCell>
                <TableCell>{t('fields.code')}</TableCell>
                <TableCell align="center">{t('fields.quantity')}</TableCell>
                <TableCell align="center">{t('fields.received')}</TableCell>
                <TableCell align="center">{t('fields.remaining')}</TableCell>
                {showCost && <TableCell align="right">{t('fields.unitCost')}</TableCell>}
                {showCost && <TableCell align="right">{t('fields.lineTotal')}</TableCell>}
              </TableRow>
            </TableHead>
            <TableBody>
              {(order.lines ?? []).map((l) => (
                <TableRow key={l.id} data-testid="po-line">
                  <TableCell>{l.lineNo}</TableCell>
                  <TableCell>
                    {l.productName} {propertiesText(l.properties)}
                  </TableCell>
                  <TableCell dir="ltr" sx={{ textAlign: 'start' }}>
                    {l.barcodes[0] ?? l.sku}
                  </TableCell>
                  <TableCell align="center">{formatQuantity(l.quantity)}</TableCell>
                  <TableCell align="center">{formatQuantity(l.receivedQuantity)}</TableCell>
                  <TableCell align="center">{formatQuantity(l.remainingQuantity)}</TableCell>
                  {showCost && (
                    <TableCell align="right">
                      {l.unitCost !== undefined ? formatPiasters(l.unitCost) : ''}
                    </TableCell>
                  )}
                  {showCost && (
                    <TableCell align="right">
                      {l.lineTotal !== undefined ? formatPiasters(l.lineTotal) : ''}
                    </TableCell>
                  )}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </Paper>
      {editing && (
        <PurchaseOrderFormDialog
          order={order}
          onClose={() => setEditing(false)}
          onSaved={(next) => {
            setEditing(false);
            saved(next, t('toast.saved', { number: next.number }));
          }}
        />
      )}
      {printing && (
        <PrintArea layout="a4">
          <PurchaseOrderPrint order={order} />
        </PrintArea>
      )}
    </Box>
  );
}
