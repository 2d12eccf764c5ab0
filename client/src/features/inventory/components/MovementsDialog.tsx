import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { usePagedList } from '../../../shared/ui/PagedTable';
import { moneyColumn, qtyColumn, type Column } from '../../../shared/ui/DataTable';
import { ListGrid } from '../../../shared/ui/ListGrid';
import { usePaging } from '../../../shared/ui/usePaging';
import { useCan } from '../../../shared/state/useCan';
import { formatQuantity } from '../../../shared/lib/money';
import { inventoryApi, inventoryKeys } from '../api/inventory.api';
import { formatDateTime } from '../../../shared/lib/format';

export type MovementsTarget = { variantId: string; title: string; inventoryId: string };

const PAGE_SIZE = 25;
type Movement = Awaited<ReturnType<typeof inventoryApi.movements>>['rows'][number];

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
  const paging = usePaging(PAGE_SIZE);

  const list = usePagedList({
    paging,
    params: {},
    queryKey: ({ page }) =>
      inventoryKeys.movements(target?.variantId ?? '', target?.inventoryId ?? '', page - 1),
    fetch: ({ page }) =>
      inventoryApi.movements(target!.variantId, target!.inventoryId, page, PAGE_SIZE),
    enabled: target !== null,
  });

  const columns: Column<Movement>[] = [
    { key: 'at', header: t('movements.at'), nowrap: true, render: (m) => formatDateTime(m.at) },
    { key: 'reason', header: t('movements.reason'), render: (m) => t(`reasons.${m.reason}`) },
    {
      key: 'quantity',
      header: t('movements.quantity'),
      align: 'center',
      ltr: true,
      cellSx: (m) => ({ fontWeight: 700, color: m.quantity < 0 ? 'error.main' : 'success.main' }),
      render: (m) => `${m.quantity > 0 ? '+' : ''}${formatQuantity(m.quantity)}`,
    },
    qtyColumn('balance', t('movements.balance'), (m) => m.balanceAfter),
    moneyColumn('unitCost', t('movements.unitCost'), (m) => m.unitCost, {
      align: undefined,
      hidden: !showCost,
    }),
    { key: 'user', header: t('movements.user'), render: (m) => m.userName ?? '' },
    { key: 'note', header: t('movements.note'), render: (m) => m.note ?? '' },
  ];

  return (
    <Dialog open={target !== null} onClose={onClose} fullWidth maxWidth="md">
      <DialogTitle>
        {t('movements.title')}
        <Typography variant="body2" color="text.secondary">
          {target?.title}
        </Typography>
      </DialogTitle>
      <DialogContent dividers sx={{ p: 0 }}>
        <ListGrid
          columns={columns}
          rows={list.data?.rows ?? []}
          count={list.data?.total ?? 0}
          paging={paging}
          pageSizeOptions={[25]}
          rowKey={(m) => m.id}
          rowTestId="movement-row"
          ariaLabel={t('movements.title')}
          busy={list.isFetching}
          emptyText={t('movements.empty')}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('form.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
