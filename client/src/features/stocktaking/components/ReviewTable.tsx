import Search from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import {
  formatPiasters,
  STOCKTAKING_LINE_FILTERS,
  type StockTakingLineFilter,
  type StockTakingResponseDto,
} from '@pos/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../../shared/lib/useDebouncedValue';
import { formatQuantity } from '../../../shared/lib/money';
import { propertiesText } from '../../catalog';
import { stockTakingApi, stockTakingKeys, type LinesQuery } from '../api/stocktaking.api';
import { nameLang } from '../../../shared/lib/lang';

/** Per item: expected at start, movements since, expected, counted, variance (and its value at cost when allowed). */
export function ReviewTable({ session }: { session: StockTakingResponseDto }) {
  const { t } = useTranslation('stocktaking');
  const [filter, setFilter] = useState<StockTakingLineFilter>(
    session.state === 'open' ? 'counted' : 'differences',
  );
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(50);
  const query: LinesQuery = { page: page + 1, pageSize, filter, q: q || undefined };
  const lines = useQuery({
    queryKey: stockTakingKeys.lines(session.id, query),
    queryFn: () => stockTakingApi.lines(session.id, query),
    placeholderData: keepPreviousData,
  });
  const showValue = session.varianceValue !== undefined;
  return (
    <Paper variant="outlined">
      <Stack direction="row" sx={{ p: 1.5, gap: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
        <Typography variant="subtitle1" sx={{ fontWeight: 700 }}>
          {t('review.title')}
        </Typography>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={filter}
          onChange={(_, v: StockTakingLineFilter | null) => {
            if (v) {
              setFilter(v);
              setPage(0);
            }
          }}
        >
          {STOCKTAKING_LINE_FILTERS.map((f) => (
            <ToggleButton key={f} value={f} data-testid={`review-filter-${f}`}>
              {t(`review.filters.${f}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <TextField
          size="small"
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setPage(0);
          }}
          placeholder={t('review.search')}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <Search fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
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
      </Stack>
      {lines.isFetching && <LinearProgress />}
      <TableContainer>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t('review.product')}</TableCell>
              <TableCell>{t('review.code')}</TableCell>
              <TableCell align="center">{t('review.expectedAtStart')}</TableCell>
              <TableCell align="center">{t('review.movementsSince')}</TableCell>
              <TableCell align="center">{t('review.expected')}</TableCell>
              <TableCell align="center">{t('review.counted')}</TableCell>
              <TableCell align="center">{t('review.variance')}</TableCell>
              {showValue && <TableCell align="right">{t('review.varianceValue')}</TableCell>}
              <TableCell align="center">{t('review.countRows')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {(lines.data?.rows ?? []).map((l) => (
              <TableRow key={l.variantId} data-testid="review-row" data-variance={l.variance ?? ''}>
                <TableCell>
                  <span lang={nameLang(l.productName)}>{l.productName}</span>{' '}
                  {propertiesText(l.properties)}
                </TableCell>
                <TableCell dir="ltr" sx={{ textAlign: 'start' }}>
                  {l.barcodes[0] ?? l.sku}
                </TableCell>
                <TableCell align="center">{formatQuantity(l.expectedAtStart)}</TableCell>
                <TableCell align="center">
                  {l.movementsSince ? formatQuantity(l.movementsSince) : ''}
                </TableCell>
                <TableCell align="center">{formatQuantity(l.expected)}</TableCell>
                <TableCell align="center" sx={{ fontWeight: 700 }}>
                  {l.counted === null ? '—' : formatQuantity(l.counted)}
                </TableCell>
                <TableCell
                  align="center"
                  sx={{
                    fontWeight: 700,
                    color: l.variance
                      ? l.variance < 0
                        ? 'error.main'
                        : 'success.main'
                      : undefined,
                  }}
                >
                  {l.variance === null ? '' : formatQuantity(l.variance)}
                </TableCell>
                {showValue && (
                  <TableCell align="right">
                    {l.varianceValue !== undefined ? formatPiasters(l.varianceValue) : ''}
                  </TableCell>
                )}
                <TableCell align="center">{l.countRows || ''}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={lines.data?.total ?? 0}
        page={page}
        rowsPerPage={pageSize}
        rowsPerPageOptions={[50, 100, 200]}
        onPageChange={(_, p) => setPage(p)}
        onRowsPerPageChange={(e) => {
          setPageSize(Number(e.target.value));
          setPage(0);
        }}
      />
    </Paper>
  );
}
