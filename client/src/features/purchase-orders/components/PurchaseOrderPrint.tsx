import Box from '@mui/material/Box';
import { formatPiasters, type PurchaseOrderResponseDto } from '@pos/contracts';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatDay } from '../../../shared/lib/format';
import { formatQuantity } from '../../../shared/lib/money';
import {
  itemColumns,
  PrintDocument,
  PrintFacts,
  PrintFooter,
} from '../../../shared/ui/DocumentKit';
import { propertiesText } from '../../catalog';

type Line = NonNullable<PurchaseOrderResponseDto['lines']>[number];
const money = (v: number | undefined) => (v !== undefined ? formatPiasters(v) : '');

/**
 * The printed purchase order (A4) for the vendor: the store, the number as a barcode, vendor and
 * receiving inventory, the lines; costs and the total only when the server sent them (a user
 * without can_see_buy_price prints quantities only).
 */
export function PurchaseOrderPrint({ order }: { order: PurchaseOrderResponseDto }) {
  const { t } = useTranslation('purchase-orders');
  const showCost = order.total !== undefined;
  const received = order.status !== 'ordered' && order.status !== 'cancelled';
  return (
    <PrintDocument<Line>
      testId="po-print"
      storeContact
      title={t('print.title')}
      subtitle={`${order.number} · ${t(`status.${order.status}`)} · ${formatDateTime(order.createdAt)}`}
      barcode={order.number}
      facts={
        <PrintFacts
          facts={[
            [t('fields.vendor'), order.vendorName],
            [t('print.deliverTo'), `${order.inventoryName} — ${order.branchName}`],
            ...(order.expectedDate
              ? [[t('fields.expectedDate'), formatDay(order.expectedDate)] as [string, string]]
              : []),
          ]}
        />
      }
      columns={[
        { header: '#', render: (l) => l.lineNo },
        ...itemColumns<Line>([t('fields.product'), t('fields.code')], (l) =>
          propertiesText(l.properties),
        ),
        { header: t('fields.quantity'), render: (l) => formatQuantity(l.quantity) },
        {
          header: t('fields.received'),
          render: (l) => formatQuantity(l.receivedQuantity),
          hidden: !received,
        },
        { header: t('fields.unitCost'), render: (l) => money(l.unitCost), hidden: !showCost },
        { header: t('fields.lineTotal'), render: (l) => money(l.lineTotal), hidden: !showCost },
      ]}
      rows={order.lines ?? []}
      rowKey={(l) => l.id}
      rowTestId="po-print-line"
    >
      <Box sx={{ mt: 1 }}>
        <b>{t('print.totalQuantity')}:</b> {formatQuantity(order.orderedQuantity)}
        {showCost && ` · ${t('fields.total')}: ${formatPiasters(order.total!)}`}
      </Box>
      <PrintFooter
        note={order.note}
        noteLabel={t('fields.note')}
        signs={[t('print.signBuyer'), t('print.signVendor')]}
      />
    </PrintDocument>
  );
}
