import Box from '@mui/material/Box';
import { formatPiasters, type TransferResponseDto } from '@pos/contracts';
import { useTranslation } from 'react-i18next';
import { formatQuantity } from '../../../shared/lib/money';
import { formatDateTime } from '../../../shared/lib/format';
import {
  itemColumns,
  PrintDocument,
  PrintFacts,
  PrintFooter,
} from '../../../shared/ui/DocumentKit';
import { propertiesText } from '../../catalog';

type Line = NonNullable<TransferResponseDto['lines']>[number];

/** The printable transfer note (A4): both ends, lines with shipped/received, value only when allowed, signatures. */
export function TransferNote({ transfer: tr }: { transfer: TransferResponseDto }) {
  const { t } = useTranslation('transfers');
  const shipped = ['shipped', 'received', 'partially_received'].includes(tr.state);
  const received = ['received', 'partially_received'].includes(tr.state);
  const showValue = tr.valueAtCost !== undefined;
  return (
    <PrintDocument<Line>
      testId="transfer-note"
      title={t('print.title')}
      subtitle={`${t(`states.${tr.state}`)} · ${formatDateTime(tr.createdAt)}`}
      barcode={tr.number}
      facts={
        <PrintFacts
          facts={[
            [t('fields.from'), `${tr.fromInventoryName} — ${tr.fromBranchName}`],
            [t('fields.to'), `${tr.toInventoryName} — ${tr.toBranchName}`],
          ]}
        />
      }
      columns={[
        { header: '#', render: (l) => l.lineNo },
        ...itemColumns<Line>([t('fields.product'), t('fields.code')], (l) =>
          propertiesText(l.properties),
        ),
        { header: t('fields.requested'), render: (l) => formatQuantity(l.quantity) },
        {
          header: t('fields.shipped'),
          render: (l) => formatQuantity(l.shippedQuantity),
          hidden: !shipped,
        },
        {
          header: t('fields.received'),
          render: (l) => formatQuantity(l.receivedQuantity),
          hidden: !received,
        },
        { header: t('fields.reason'), render: (l) => l.reason ?? '', hidden: !received },
        {
          header: t('fields.lineValue'),
          render: (l) => (l.lineValue !== undefined ? formatPiasters(l.lineValue) : ''),
          hidden: !showValue,
        },
      ]}
      rows={tr.lines ?? []}
      rowKey={(l) => l.id}
    >
      <Box sx={{ mt: 1 }}>
        <b>{t('print.total')}:</b> {formatQuantity(tr.totalQuantity)}
        {showValue && ` · ${t('fields.value')}: ${formatPiasters(tr.valueAtCost!)}`}
      </Box>
      <PrintFooter
        note={tr.note}
        noteLabel={t('fields.note')}
        signs={[t('print.signFrom'), t('print.signTo')]}
      />
    </PrintDocument>
  );
}
