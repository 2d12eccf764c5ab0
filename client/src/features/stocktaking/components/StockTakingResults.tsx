import Box from '@mui/material/Box';
import {
  formatPiasters,
  type StockTakingLineDto,
  type StockTakingResponseDto,
} from '@pos/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { stockTakingApi } from '../api/stocktaking.api';
import { formatQuantity } from '../../../shared/lib/money';
import { propertiesText } from '../../catalog';
import { itemColumns, PrintDocument } from '../../../shared/ui/DocumentKit';
import { formatDateTime } from '../../../shared/lib/format';

/** Every counted or differing line, page by page (the list endpoint caps a page at 500). */
async function allLines(id: string): Promise<StockTakingLineDto[]> {
  const out: StockTakingLineDto[] = [];
  for (let page = 1; ; page += 1) {
    const { rows, total } = await stockTakingApi.lines(id, { page, pageSize: 500, filter: 'all' });
    out.push(...rows);
    if (out.length >= total || rows.length === 0) return out;
  }
}

/**
 * The printable results (A4): per item expected, counted, variance and (when allowed) its value.
 * `onLoaded` is told once the lines are fetched fresh (true) or failed (false): print only then,
 * never while the table is still empty.
 */
export function StockTakingResults({
  session: st,
  onLoaded,
}: {
  session: StockTakingResponseDto;
  onLoaded?: (ok: boolean) => void;
}) {
  const { t } = useTranslation('stocktaking');
  const lines = useQuery({
    queryKey: ['stocktaking', 'print', st.id, st.state],
    queryFn: () => allLines(st.id),
  });
  const loaded = lines.isSuccess && !lines.isFetching;
  const failed = lines.isError && !lines.isFetching;
  useEffect(() => {
    if (loaded) onLoaded?.(true);
    else if (failed) onLoaded?.(false);
  }, [loaded, failed, onLoaded]);
  const showValue = st.varianceValue !== undefined;
  return (
    <PrintDocument<StockTakingLineDto>
      testId="stocktaking-results"
      dataLoaded={loaded}
      small
      title={`${t('print.title')} — ${st.inventoryName} (${st.branchName})`}
      subtitle={`${t(`states.${st.state}`)} · ${formatDateTime(st.startedAt)}`}
      barcode={st.number}
      facts={
        <Box sx={{ my: 1 }}>
          {t('count.progress', { counted: st.counted, total: st.total })} ·{' '}
          {t('review.totals', { count: st.differences })}
          {showValue &&
            ` · ${t('review.totalValue', { value: formatPiasters(st.varianceValue!) })}`}
        </Box>
      }
      columns={[
        ...itemColumns<StockTakingLineDto>([t('review.product'), t('review.code')], (l) =>
          propertiesText(l.properties),
        ),
        { header: t('review.expected'), render: (l) => formatQuantity(l.expected) },
        {
          header: t('review.counted'),
          render: (l) => (l.counted === null ? '—' : formatQuantity(l.counted)),
        },
        {
          header: t('review.variance'),
          render: (l) => (l.variance === null ? '' : formatQuantity(l.variance)),
        },
        {
          header: t('review.varianceValue'),
          render: (l) => (l.varianceValue !== undefined ? formatPiasters(l.varianceValue) : ''),
          hidden: !showValue,
        },
      ]}
      rows={lines.data ?? []}
      rowKey={(l) => l.variantId}
    />
  );
}
