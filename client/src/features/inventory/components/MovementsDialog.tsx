import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatPiasters } from '@pos/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { handleError } from '../../../shared/api/handleError';
import { useCan } from '../../../shared/state/useCan';
import { formatQuantity } from '../../../shared/lib/money';
import { inventoryApi, inventoryKeys } from '../api/inventory.api';
import { formatDateTime } from '../../../shared/lib/format';

export type MovementsTarget = { variantId: string; title: string; inventoryId: string };

const PAGE_SIZE = 25;

/** The ledger of one variant in one inventory, newest first, with the balance after each line. */
export function MovementsDialog({
  target,
  onClose,
}: {
  target: MovementsTarget | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('inventory');
  const can = useCan();
  const showCost = can('can_see_buy_price');
  // Mounted with a new key per variant: paging starts at the first page.
  const [page, setPage] = useState(0);

  const list = useQuery({
    queryKey: inventoryKeys.movements(target?.variantId ?? '', target?.inventoryId ?? '', page),
    queryFn: () =>
      inventoryApi.movements(target!.variantId, target!.inventoryId, page + 1, PAGE_SIZE),
    enabled: target !== null,
    placeholderData: keepPreviousData,
  });
  useEffect(() => {
    if (list.error) handleError(list.error, { toast: true });
  }, [list.error]);

  const rows = list.data?.rows ?? [];

  return (
    <Dialog open={target !== null} onClose={onClose} fullWidth maxWidth="md">
      <DialogTitle>
        {t('movements.title')}
        <Typography variant="body2" color="text.secondary">
          {target?.title}
        </Typography>
      </DialogTitle>
      <DialogContent dividers sx={{ p: 0 }}>
        {list.isFetching && <LinearProgress sx={{ blockSize: 2 }} />}
        <TableContainer>
          <Table size="small" aria-label={t('movements.title')} data-testid="movements-table">
            <TableHead>
              <TableRow>
                <TableCell>{t('movements.at')}</TableCell>
                <TableCell>{t('movements.reason')}</TableCell>
                <TableCell align="center">{t('movements.quantity')}</TableCell>
                <TableCell align="center">{t('movements.balance')}</TableCell>
                {showCost && <TableCell>{t('movements.unitCost')}</TableCell>}
                <TableCell>{t('movements.user')}</TableCell>
                <TableCell>{t('movements.note')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((m) => (
                <TableRow key={m.id} data-testid="movement-row">
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(m.at)}</TableCell>
                  <TableCell>{t(`reasons.${m.reason}`)}</TableCell>
                  <TableCell
                    align="center"
                    dir="ltr"
                    sx={{ fontWeight: 700, color: m.quantity < 0 ? 'error.main' : 'success.main' }}
                  >
                    {m.quantity > 0 ? '+' : ''}
                    {formatQuantity(m.quantity)}
                  </TableCell>
                  <TableCell align="center">{formatQuantity(m.balanceAfter)}</TableCell>
                  {showCost && (
                    <TableCell>
                      {m.unitCost !== undefined && m.unitCost !== null
                        ? formatPiasters(m.unitCost)
                        : ''}
                    </TableCell>
                  )}
                  <TableCell>{m.userName ?? ''}</TableCell>
                  <TableCell>{m.note ?? ''}</TableCell>
                </TableRow>
              ))}
              {!list.isLoading && rows.length === 0 && (
                <TableRow>
                  <TableCell colSpan={7} align="center" sx={{ py: 3, color: 'text.secondary' }}>
                    {t('movements.empty')}
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
          onPageChange={(_, next) => setPage(next)}
          rowsPerPage={PAGE_SIZE}
          rowsPerPageOptions={[PAGE_SIZE]}
          labelDisplayedRows={({ from, to, count }) =>
            t('table.displayedRows', { from, to, count })
          }
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('form.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
