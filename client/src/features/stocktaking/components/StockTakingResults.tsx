import Box from '@mui/material/Box';
import {
  formatPiasters,
  type StockTakingLineDto,
  type StockTakingResponseDto,
} from '@pos/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../../shared/api/http';
import { formatQuantity } from '../../../shared/lib/money';
import { propertiesText } from '../../catalog';
import { DocumentBarcode, useReceiptData } from '../../../shared/ui/print';
import { formatDateTime } from '../../../shared/lib/format';
import { nameLang } from '../../../shared/lib/lang';

const cell = { border: '1px solid #999', padding: '3px 5px', textAlign: 'start' as const };

/** Every counted or differing line, page by page (the list endpoint caps a page at 500). */
async function allLines(id: string): Promise<StockTakingLineDto[]> {
  const out: StockTakingLineDto[] = [];
  for (let page = 1; ; page += 1) {
    const { rows, total } = await http.list<StockTakingLineDto>(
      `/StockTakings/${encodeURIComponent(id)}/lines`,
      { page, pageSize: 500, filter: 'all' },
    );
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
  const { t, i18n } = useTranslation('stocktaking');
  const data = useReceiptData();
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
    <Box
      dir={i18n.dir()}
      sx={{ color: '#000', fontSize: 11 }}
      data-testid="stocktaking-results"
      data-loaded={loaded ? 'true' : 'false'}
    >
      <Box sx={{ display: 'flex', justifyContent: 'space-between' }}>
        <Box>
          <Box sx={{ fontSize: 18, fontWeight: 700 }}>{data.name}</Box>
          <Box sx={{ fontSize: 15, fontWeight: 700 }}>
            {t('print.title')} — {st.inventoryName} ({st.branchName})
          </Box>
          <Box>
            {t(`states.${st.state}`)} · {formatDateTime(st.startedAt)}
          </Box>
        </Box>
        <Box sx={{ inlineSize: '55mm' }}>
          <DocumentBarcode value={st.number} />
        </Box>
      </Box>
      <Box sx={{ my: 1 }}>
        {t('count.progress', { counted: st.counted, total: st.total })} ·{' '}
        {t('review.totals', { count: st.differences })}
        {showValue && ` · ${t('review.totalValue', { value: formatPiasters(st.varianceValue!) })}`}
      </Box>
      <Box component="table" sx={{ inlineSize: '100%', borderCollapse: 'collapse' }}>
        <thead>
          <tr>
            <th style={cell}>{t('review.product')}</th>
            <th style={cell}>{t('review.code')}</th>
            <th style={cell}>{t('review.expected')}</th>
            <th style={cell}>{t('review.counted')}</th>
            <th style={cell}>{t('review.variance')}</th>
            {showValue && <th style={cell}>{t('review.varianceValue')}</th>}
          </tr>
        </thead>
        <tbody>
          {(lines.data ?? []).map((l) => (
            <tr key={l.variantId}>
              <td style={cell}>
                <span lang={nameLang(l.productName)}>{l.productName}</span>{' '}
                {propertiesText(l.properties)}
              </td>
              <td style={cell} dir="ltr">
                {l.barcodes[0] ?? l.sku}
              </td>
              <td style={cell}>{formatQuantity(l.expected)}</td>
              <td style={cell}>{l.counted === null ? '—' : formatQuantity(l.counted)}</td>
              <td style={cell}>{l.variance === null ? '' : formatQuantity(l.variance)}</td>
              {showValue && (
                <td style={cell}>
                  {l.varianceValue !== undefined ? formatPiasters(l.varianceValue) : ''}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </Box>
    </Box>
  );
}
