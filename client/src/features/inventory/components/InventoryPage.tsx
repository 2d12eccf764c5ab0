import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import TuneOutlined from '@mui/icons-material/TuneOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { formatPiasters, routePath, type StockRowDto } from '@pos/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useErrorToast } from '../../../shared/api/useErrorToast';
import { useEditDialog } from '../../../shared/ui/useEditDialog';
import { moneyColumn, qtyColumn, type Column } from '../../../shared/ui/DataTable';
import { SearchField } from '../../../shared/ui/FilterBar';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { IconAction } from '../../../shared/ui/IconAction';
import { RowLink } from '../../../shared/ui/RowLink';
import { PagedTable, StatusBadge, useListState, usePagedList } from '../../../shared/ui/PagedTable';
import { useLiveEvent, useLiveResync } from '../../../shared/realtime';
import { CategoryFilter, propertiesText } from '../../catalog';
import { useCan } from '../../../shared/state/useCan';
import {
  inventoryApi,
  inventoryKeys,
  type StockFilter,
  type StockQuery,
} from '../api/inventory.api';
import { StockTakingsSection } from '../../stocktaking';
import { AdjustmentDialog, adjustLine, type AdjustLine } from './AdjustmentDialog';
import { MovementsDialog, type MovementsTarget } from './MovementsDialog';
import { nameLang } from '../../../shared/lib/lang';
import { BackButton, itemTitle, ValueBox } from '../../../shared/ui/DocumentKit';

type FilterChoice = 'all' | StockFilter;
const STATUS_COLORS = { out: 'error', low: 'warning', in: 'success' } as const;

/** /Inventories/{id}: the stock of one inventory, its value at cost, movements and adjustments. */
export default function InventoryPage() {
  const { t } = useTranslation('inventory');
  const { id = '' } = useParams();
  const can = useCan();
  const showCost = can('can_see_buy_price');
  const canAdjust = can('can_adjust_stock');
  const inventory = useQuery({
    queryKey: inventoryKeys.one(id),
    queryFn: () => inventoryApi.get(id),
    meta: { detail: true },
    enabled: id !== '',
  });

  const { paging, values, params, set, search } = useListState(
    { q: '', categoryId: '', filter: '' as FilterChoice | '' },
    50,
  );
  const [movements, setMovements] = useState<MovementsTarget | null>(null);
  const adjust = useEditDialog<AdjustLine[]>();
  const stock = usePagedList({
    paging,
    params: params as Omit<StockQuery, 'page' | 'pageSize'>,
    queryKey: (query) => inventoryKeys.stock(id, query),
    fetch: (query) => inventoryApi.stock(id, query),
  });
  useErrorToast(inventory.error);

  // Live stock: refetch this inventory's rows when its stock moves (or after missed events).
  const queryClient = useQueryClient();
  const refreshStock = () =>
    void queryClient.invalidateQueries({ queryKey: ['inventory', 'stock', id] });
  useLiveEvent('stock.changed', (event) => {
    if (event.payload.inventoryId === id) refreshStock();
  });
  useLiveResync(refreshStock);

  const statusOf = (row: StockRowDto) =>
    row.onHand <= 0 ? 'out' : row.onHand <= row.lowStockThreshold ? 'low' : 'in';
  const columns: Column<StockRowDto>[] = [
    {
      key: 'product',
      header: t('stock.product'),
      render: (row) => (
        <RowLink to={routePath('Products-id', { id: row.productId })}>
          <span lang={nameLang(row.productName)}>{row.productName}</span>
        </RowLink>
      ),
    },
    {
      key: 'properties',
      header: t('stock.properties'),
      render: (row) => propertiesText(row.properties),
    },
    {
      key: 'code',
      header: t('stock.code'),
      ltr: true,
      render: (row) => (
        <>
          <Typography variant="body2">{row.sku}</Typography>
          {row.barcodes[0] && (
            <Typography variant="caption" color="text.secondary">
              {row.barcodes[0]}
            </Typography>
          )}
        </>
      ),
    },
    qtyColumn('onHand', t('stock.onHand'), (row) => row.onHand, { sx: { fontWeight: 700 } }),
    qtyColumn('reserved', t('stock.reserved'), (row) => row.reserved || null),
    qtyColumn('threshold', t('stock.threshold'), (row) => row.lowStockThreshold),
    {
      key: 'status',
      header: t('stock.status'),
      render: (row) => (
        <StatusBadge
          variant="outlined"
          color={STATUS_COLORS[statusOf(row)]}
          label={t(`stock.filters.${statusOf(row)}`)}
        />
      ),
    },
    moneyColumn('sellPrice', t('stock.sellPrice'), (row) => row.sellPrice),
    moneyColumn('avgCost', t('stock.avgCost'), (row) => row.avgCost, { hidden: !showCost }),
    moneyColumn('value', t('stock.value'), (row) => row.valueAtCost, { hidden: !showCost }),
    {
      key: 'actions',
      header: t('list.actions'),
      align: 'right',
      nowrap: true,
      render: (row) => (
        <>
          <IconAction
            label={t('movements.title')}
            icon={HistoryOutlined}
            onClick={() =>
              setMovements({ variantId: row.variantId, inventoryId: id, title: itemTitle(row) })
            }
            testId="stock-movements"
          />
          {canAdjust && (
            <IconAction
              label={t('adjust.open')}
              icon={TuneOutlined}
              onClick={() => adjust.openEdit([adjustLine(row, row.variantId)])}
              testId="stock-adjust"
            />
          )}
        </>
      ),
    },
  ];

  return (
    <Box>
      <PageHeader
        gap={1}
        start={
          <Tooltip title={t('stock.back')}>
            <BackButton small label={t('stock.back')} to={routePath('Inventories')} />
          </Tooltip>
        }
        title={inventory.data?.name ?? t('stock.title')}
        titleTestId="inventory-title"
        meta={
          inventory.data && (
            <>
              <Chip size="small" variant="outlined" label={inventory.data.branchName} />
              {inventory.data.isDefault && (
                <Chip size="small" color="primary" label={t('fields.isDefault')} />
              )}
              {inventory.data.allowNegative && (
                <Chip
                  size="small"
                  color="warning"
                  variant="outlined"
                  label={t('fields.allowNegative')}
                />
              )}
            </>
          )
        }
        actions={
          <>
            {showCost &&
              stock.data?.totalValue !== null &&
              stock.data?.totalValue !== undefined && (
                <ValueBox
                  label={t('stock.valueAtCost')}
                  value={t('money', { amount: formatPiasters(stock.data.totalValue) })}
                  testId="inventory-value"
                />
              )}
            {canAdjust && (
              <Button
                variant="contained"
                startIcon={<TuneOutlined />}
                onClick={() => adjust.openEdit([])}
                data-testid="inventory-adjust"
              >
                {t('adjust.open')}
              </Button>
            )}
          </>
        }
      />
      <PagedTable
        query={stock}
        paging={paging}
        pageSizeOptions={[25, 50, 100]}
        columns={columns}
        rowKey={(row) => row.variantId}
        rowTestId="stock-row"
        ariaLabel={t('stock.title')}
        emptyText={t('stock.empty')}
        filters={
          <>
            <SearchField {...search(t('stock.search'), 'stock-search', 300)!} />
            <CategoryFilter
              label={t('stock.category')}
              allLabel={t('stock.allCategories')}
              value={values.categoryId}
              onChange={set('categoryId')}
            />
            <ToggleButtonGroup
              size="small"
              exclusive
              value={values.filter || 'all'}
              onChange={(_, next: FilterChoice | null) => {
                if (next) set('filter')(next === 'all' ? '' : next);
              }}
              aria-label={t('stock.filter')}
            >
              {(['all', 'in', 'low', 'out'] as const).map((f) => (
                <ToggleButton key={f} value={f}>
                  {t(`stock.filters.${f}`)}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
          </>
        }
      />
      {/* The inventory's stock-taking sessions (issue 7), loaded only for users who may count. */}
      {can('can_start_stock_taking') && inventory.data && (
        <Suspense fallback={null}>
          <StockTakingsSection inventoryId={id} inventoryName={inventory.data.name} />
        </Suspense>
      )}
      <MovementsDialog
        key={movements?.variantId ?? 'none'}
        target={movements}
        onClose={() => setMovements(null)}
      />
      <AdjustmentDialog
        key={adjust.key}
        open={adjust.open}
        inventoryId={id}
        initial={adjust.item ?? []}
        onClose={adjust.close}
      />
    </Box>
  );
}
