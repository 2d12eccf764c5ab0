import Add from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
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
import { formatPiasters, PURCHASE_ORDER_STATUSES, type PurchaseOrderStatus } from '@pos/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { handleError } from '../../../shared/api/handleError';
import { formatDateTime, formatDay } from '../../../shared/lib/format';
import { formatQuantity } from '../../../shared/lib/money';
import { useDebouncedValue } from '../../../shared/lib/useDebouncedValue';
import { useCan } from '../../../shared/state/useCan';
import {
  purchaseOrderKeys,
  purchaseOrdersApi,
  type PurchaseOrderListQuery,
} from '../api/purchaseOrders.api';
import { ordersHref, statusColor } from '../lib/status';
import { PurchaseOrderFormDialog } from './PurchaseOrderFormDialog';

/** The purchase orders of the user's branch (every branch with can_see_branches): by status, searchable. */
export function PurchaseOrdersList() {
  const { t } = useTranslation('purchase-orders');
  const can = useCan();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<PurchaseOrderStatus | ''>('');
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(25);
  const [creating, setCreating] = useState(false);
  const query: PurchaseOrderListQuery = {
    page: page + 1,
    pageSize,
    status: status || undefined,
    q: q || undefined,
  };
  const list = useQuery({
    queryKey: purchaseOrderKeys.list(query),
    queryFn: () => purchaseOrdersApi.list(query),
    placeholderData: keepPreviousData,
  });
  useEffect(() => {
    if (list.error) handleError(list.error, { toast: true });
  }, [list.error]);
  const showCost = can('can_see_buy_price');
  const columns = showCost ? 9 : 8;

  return (
    <Box>
      <Paper variant="outlined">
        <Stack direction="row" sx={{ p: 1.5, gap: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
          <TextField
            size="small"
            label={t('list.search')}
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setPage(0);
            }}
            slotProps={{ htmlInput: { 'data-testid': 'po-search' } }}
          />
          <Stack direction="row" sx={{ gap: 0.75, flexWrap: 'wrap', flexGrow: 1 }}>
            {(['', ...PURCHASE_ORDER_STATUSES] as const).map((s) => (
              <Chip
                key={s || 'all'}
                label={t(s ? `status.${s}` : 'status.all')}
                color={status === s ? 'primary' : 'default'}
                variant={status === s ? 'filled' : 'outlined'}
                onClick={() => {
                  setStatus(s);
                  setPage(0);
                }}
                data-testid={`po-status-${s || 'all'}`}
              />
            ))}
          </Stack>
          <Button
            variant="contained"
            startIcon={<Add />}
            onClick={() => setCreating(true)}
            data-testid="po-new"
          >
            {t('list.new')}
          </Button>
        </Stack>
        {list.isFetching && <LinearProgress />}
        <TableContainer>
          <Table size="small" aria-label={t('list.title')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('fields.number')}</TableCell>
                <TableCell>{t('fields.vendor')}</TableCell>
                <TableCell>{t('fields.inventory')}</TableCell>
                <TableCell>{t('fields.status')}</TableCell>
                <TableCell align="center">{t('fields.lines')}</TableCell>
                <TableCell align="center">{t('fields.receivedOfOrdered')}</TableCell>
                {showCost && <TableCell align="right">{t('fields.total')}</TableCell>}
                <TableCell>{t('fields.expectedDate')}</TableCell>
                <TableCell>{t('fields.createdAt')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {(list.data?.rows ?? []).map((o) => (
                <TableRow
                  key={o.id}
                  hover
                  data-testid="po-row"
                  data-number={o.number}
                  data-status={o.status}
                >
                  <TableCell dir="ltr" sx={{ textAlign: 'start' }}>
                    <Link
                      component={RouterLink}
                      to={ordersHref({ order: o.id })}
                      underline="hover"
                      sx={{ fontWeight: 600 }}
                    >
                      {o.number}
                    </Link>
                  </TableCell>
                  <TableCell>{o.vendorName}</TableCell>
                  <TableCell>
                    {o.inventoryName} — {o.branchName}
                  </TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      color={statusColor(o.status)}
                      label={t(`status.${o.status}`)}
                    />
                  </TableCell>
                  <TableCell align="center">{o.lineCount}</TableCell>
                  <TableCell align="center">
                    {formatQuantity(o.receivedQuantity)} / {formatQuantity(o.orderedQuantity)}
                  </TableCell>
                  {showCost && (
                    <TableCell align="right">
                      {o.total !== undefined ? formatPiasters(o.total) : ''}
                    </TableCell>
                  )}
                  <TableCell>{formatDay(o.expectedDate)}</TableCell>
                  <TableCell>{formatDateTime(o.createdAt)}</TableCell>
                </TableRow>
              ))}
              {list.data && list.data.rows.length === 0 && (
                <TableRow>
                  <TableCell
                    colSpan={columns}
                    align="center"
                    sx={{ py: 4, color: 'text.secondary' }}
                  >
                    {t('list.empty')}
                  </TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        </TableContainer>
        <TablePagination
          component="div"
          count={list.data?.total ?? 0}
          page={page}
          rowsPerPage={pageSize}
          rowsPerPageOptions={[25, 50, 100]}
          onPageChange={(_, p) => setPage(p)}
          onRowsPerPageChange={(e) => {
            setPageSize(Number(e.target.value));
            setPage(0);
          }}
          labelRowsPerPage={t('list.rowsPerPage')}
          labelDisplayedRows={({ from, to, count }) => t('list.displayedRows', { from, to, count })}
        />
      </Paper>
      {creating && (
        <PurchaseOrderFormDialog
          onClose={() => setCreating(false)}
          onSaved={(o) => {
            setCreating(false);
            void queryClient.invalidateQueries({ queryKey: purchaseOrderKeys.all });
            navigate(ordersHref({ order: o.id }));
          }}
        />
      )}
    </Box>
  );
}
