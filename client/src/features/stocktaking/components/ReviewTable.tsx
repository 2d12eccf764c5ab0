import Box from '@mui/material/Box';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import {
  formatPiasters,
  STOCKTAKING_LINE_FILTERS,
  type StockTakingLineFilter,
  type StockTakingLineDto,
  type StockTakingResponseDto,
} from '@pos/contracts';
import { useTranslation } from 'react-i18next';
import { formatQuantity } from '../../../shared/lib/money';
import { propertiesText } from '../../catalog';
import { stockTakingApi, stockTakingKeys, type LinesQuery } from '../api/stocktaking.api';
import { nameLang } from '../../../shared/lib/lang';
import type { Column } from '../../../shared/ui/DataTable';
import { SearchField } from '../../../shared/ui/FilterBar';
import { PagedTable, useListState, usePagedList } from '../../../shared/ui/PagedTable';

type Line = StockTakingLineDto;

/** Per item: expected at start, movements since, expected, counted, variance (and its value at cost when allowed). */
export function ReviewTable({ session }: { session: StockTakingResponseDto }) {
  const { t } = useTranslation('stocktaking');
  const { paging, values, params, set } = useListState(
    {
      filter: session.state === 'open' ? 'counted' : ('differences' as StockTakingLineFilter),
      q: '',
    },
    50,
  );
  const lines = usePagedList({
    paging,
    params: params as Omit<LinesQuery, 'page' | 'pageSize'>,
    queryKey: (query) => stockTakingKeys.lines(session.id, query),
    fetch: (query) => stockTakingApi.lines(session.id, query),
  });
  const showValue = session.varianceValue !== undefined;
  /** A centred figure column headed by its `review.<key>` text. */
  const qty = (
    key: string,
    value: (l: Line) => string,
    extra?: Partial<Column<Line>>,
  ): Column<Line> => ({
    key,
    header: t(`review.${key}`),
    align: 'center',
    render: value,
    ...extra,
  });
  return (
    <PagedTable<Line>
      query={lines}
      paging={paging}
      pageSizeOptions={[50, 100, 200]}
      ariaLabel={t('review.title')}
      rowKey={(l) => l.variantId}
      rowTestId="review-row"
      rowProps={(l) => ({ 'data-variance': l.variance ?? '' })}
      filters={
        <>
          <Typography variant="subtitle1" sx={{ fontWeight: 700 }}>
            {t('review.title')}
          </Typography>
          <ToggleButtonGroup
            size="small"
            exclusive
            value={values.filter}
            onChange={(_, v: StockTakingLineFilter | null) => v && set('filter')(v)}
          >
            {STOCKTAKING_LINE_FILTERS.map((f) => (
              <ToggleButton key={f} value={f} data-testid={`review-filter-${f}`}>
                {t(`review.filters.${f}`)}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
          <SearchField
            value={values.q}
            onChange={set('q')}
            label={t('review.search')}
            width={220}
          />
          <Box sx={{ flexGrow: 1 }} />
          <Typography variant="body2" data-testid="review-differences">
            {t('review.totals', { count: session.differences })}
          </Typography>
          {showValue && (
            <Typography variant="body2" sx={{ fontWeight: 700 }} data-testid="review-value">
              {t('review.totalValue', { value: formatPiasters(session.varianceValue!) })}
            </Typography>
          )}
        </>
      }
      columns={[
        {
          key: 'product',
          header: t('review.product'),
          render: (l) => (
            <>
              <span lang={nameLang(l.productName)}>{l.productName}</span>{' '}
              {propertiesText(l.properties)}
            </>
          ),
        },
        { key: 'code', header: t('review.code'), ltr: true, render: (l) => l.barcodes[0] ?? l.sku },
        qty('expectedAtStart', (l) => formatQuantity(l.expectedAtStart)),
        qty('movementsSince', (l) => (l.movementsSince ? formatQuantity(l.movementsSince) : '')),
        qty('expected', (l) => formatQuantity(l.expected)),
        qty('counted', (l) => (l.counted === null ? '—' : formatQuantity(l.counted)), {
          sx: { fontWeight: 700 },
        }),
        qty('variance', (l) => (l.variance === null ? '' : formatQuantity(l.variance)), {
          cellSx: (l) => ({
            fontWeight: 700,
            color: l.variance ? (l.variance < 0 ? 'error.main' : 'success.main') : undefined,
          }),
        }),
        qty(
          'varianceValue',
          (l) => (l.varianceValue !== undefined ? formatPiasters(l.varianceValue) : ''),
          { align: 'right', hidden: !showValue },
        ),
        qty('countRows', (l) => (l.countRows ? String(l.countRows) : '')),
      ]}
    />
  );
}
