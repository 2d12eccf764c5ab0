import ArrowBack from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { formatPiasters, type PurchaseOrderResponseDto } from '@pos/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useErrorToast } from '../../../shared/api/useErrorToast';
import { formatDateTime, formatDay } from '../../../shared/lib/format';
import { formatQuantity } from '../../../shared/lib/money';
import { PrintArea, usePrintJob } from '../../../shared/ui/print';
import { DataTable, moneyColumn, qtyColumn } from '../../../shared/ui/DataTable';
import { DocumentHeader, PrintButton, useDocumentStep } from '../../../shared/ui/DocumentKit';
import { Figures, type FigureItem } from '../../../shared/ui/DetailKit';
import { useToast } from '../../../shared/ui/useToast';
import { propertiesText } from '../../catalog';
import { purchaseOrderKeys, purchaseOrdersApi } from '../api/purchaseOrders.api';
import { ordersHref, STATUS_COLORS } from '../lib/status';
import { PurchaseOrderFormDialog } from './PurchaseOrderFormDialog';
import { PurchaseOrderPrint } from './PurchaseOrderPrint';

type Line = NonNullable<PurchaseOrderResponseDto['lines']>[number];

/** One purchase order: its lines (ordered, received, still due), the steps its status allows, print. */
export function PurchaseOrderDetail({ id }: { id: string }) {
  const { t } = useTranslation('purchase-orders');
  const queryClient = useQueryClient();
  const toast = useToast();
  const query = useQuery({
    queryKey: purchaseOrderKeys.one(id),
    queryFn: () => purchaseOrdersApi.get(id),
    meta: { detail: true },
  });
  const [editing, setEditing] = useState(false);
  const [printing, print] = usePrintJob<true>();
  useErrorToast(query.error);

  const order = query.data;
  const saved = (next: PurchaseOrderResponseDto, message: string) => {
    queryClient.setQueryData(purchaseOrderKeys.one(id), next);
    void queryClient.invalidateQueries({ queryKey: purchaseOrderKeys.all });
    toast.success(message);
  };
  const { busy, step } = useDocumentStep({
    run: (action: 'close' | 'cancel') => purchaseOrdersApi.step(id, action),
    ask: (action) => ({
      title: t(`actions.${action}`),
      message: t(`confirm.${action}`, { number: order!.number }),
    }),
    onDone: (next) => saved(next, t('toast.status', { status: t(`status.${next.status}`) })),
    onError: () => void query.refetch(),
  });

  const back = (
    <Button component={RouterLink} to={ordersHref()} startIcon={<ArrowBack />}>
      {t('detail.back')}
    </Button>
  );
  if (!order) return query.isLoading ? <LinearProgress /> : back;
  const showCost = order.total !== undefined;
  const info: FigureItem[] = [
    [t('fields.vendor'), order.vendorName],
    [t('fields.inventory'), `${order.inventoryName} — ${order.branchName}`],
    [t('fields.expectedDate'), order.expectedDate ? formatDay(order.expectedDate) : '—'],
    [t('fields.createdBy'), order.createdByName ?? '—'],
    [t('fields.createdAt'), formatDateTime(order.createdAt)],
    [
      t('fields.receivedOfOrdered'),
      `${formatQuantity(order.receivedQuantity)} / ${formatQuantity(order.orderedQuantity)}`,
    ],
    showCost && [t('fields.total'), formatPiasters(order.total!)],
  ];

  return (
    <Box data-testid="po-detail" data-status={order.status}>
      <DocumentHeader
        back={back}
        level="h2"
        number={order.number}
        numberTestId="po-number"
        chip={{
          color: STATUS_COLORS[order.status],
          label: t(`status.${order.status}`),
          testId: 'po-status',
        }}
      >
        {(['edit', 'close', 'cancel'] as const).map(
          (action) =>
            order.actions.includes(action) && (
              <Button
                key={action}
                color={action === 'cancel' ? 'error' : undefined}
                onClick={() => (action === 'edit' ? setEditing(true) : void step(action))}
                disabled={busy}
                data-testid={`po-${action}`}
              >
                {t(`actions.${action}`)}
              </Button>
            ),
        )}
        <PrintButton variant="outlined" onClick={() => print(true)} testId="po-print-button">
          {t('actions.print')}
        </PrintButton>
      </DocumentHeader>
      {order.actions.includes('receive') && (
        <Alert severity="info" sx={{ mb: 1.5 }}>
          {t('detail.receiveHint')}
        </Alert>
      )}
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Figures items={info} minWidth={200} />
        {order.note && (
          <Typography sx={{ mt: 1.5 }} color="text.secondary">
            {t('fields.note')}: {order.note}
          </Typography>
        )}
      </Paper>
      <Paper variant="outlined">
        <DataTable<Line>
          ariaLabel={t('detail.lines')}
          hover={false}
          rows={order.lines ?? []}
          rowKey={(l) => l.id}
          rowTestId="po-line"
          columns={[
            { key: 'no', header: '#', render: (l) => l.lineNo },
            {
              key: 'product',
              header: t('fields.product'),
              render: (l) => `${l.productName} ${propertiesText(l.properties)}`,
            },
            {
              key: 'code',
              header: t('fields.code'),
              render: (l) => l.barcodes[0] ?? l.sku,
              ltr: true,
            },
            qtyColumn('quantity', t('fields.quantity'), (l) => l.quantity),
            qtyColumn('received', t('fields.received'), (l) => l.receivedQuantity),
            qtyColumn('remaining', t('fields.remaining'), (l) => l.remainingQuantity),
            moneyColumn('unitCost', t('fields.unitCost'), (l) => l.unitCost, { hidden: !showCost }),
            moneyColumn('lineTotal', t('fields.lineTotal'), (l) => l.lineTotal, {
              hidden: !showCost,
            }),
          ]}
        />
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
