import AddShoppingCart from '@mui/icons-material/AddShoppingCart';
import LocalShippingOutlined from '@mui/icons-material/LocalShippingOutlined';
import Refresh from '@mui/icons-material/Refresh';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import { normalizeArabic, routePath, type NearStockEndDto } from '@pos/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useErrorToast } from '../../../shared/api/useErrorToast';
import { useCan } from '../../../shared/state/useCan';
import { DataTable, qtyColumn, type Column } from '../../../shared/ui/DataTable';
import { FilterBar, SearchField, SelectFilter } from '../../../shared/ui/FilterBar';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { IconAction } from '../../../shared/ui/IconAction';
import { TablePager } from '../../../shared/ui/TablePager';
import { usePaging } from '../../../shared/ui/usePaging';
import { RowLink } from '../../../shared/ui/RowLink';
import { useLiveEvent, useLiveResync } from '../../../shared/realtime';
import { catalogApi, catalogKeys } from '../api/catalog.api';
import { formatQuantity } from '../../../shared/lib/money';
import { propertiesText } from '../lib/variants';
import { nameLang } from '../../../shared/lib/lang';

/** The transfer request page of a later issue takes the variants to ask for in `prefill`. */
export function transferRequestLink(variantIds: string[]): string {
  const unique = [...new Set(variantIds)];
  return `${routePath('Inventories-TransferRequests')}?prefill=${unique.map(encodeURIComponent).join(',')}`;
}

const rowKey = (row: NearStockEndDto) => `${row.variantId}:${row.inventoryId}`;

/** /Products/LowStock: variants at or below their threshold in the inventories of the user's branch. */
export default function LowStockPage() {
  const { t } = useTranslation('catalog');
  const navigate = useNavigate();
  const can = useCan();
  // Asking for a transfer (the row link, the selection and its button) needs can_transfer_products.
  const canTransfer = can('can_transfer_products');
  const list = useQuery({ queryKey: catalogKeys.nearStockEnd, queryFn: catalogApi.nearStockEnd });
  const [search, setSearch] = useState('');
  const [inventoryId, setInventoryId] = useState('');
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const paging = usePaging(50);
  const { page, pageSize } = paging;
  useErrorToast(list.error);
  // The branch's low list changed (a sale, a transfer, an adjustment), or events may have been missed.
  useLiveEvent('stock.low', () => void list.refetch());
  useLiveResync(() => void list.refetch());

  const all = useMemo(() => list.data?.rows ?? [], [list.data]);
  const inventories = useMemo(() => {
    const map = new Map<string, string>();
    for (const row of all) map.set(row.inventoryId, row.inventoryName);
    return [...map.entries()];
  }, [all]);
  const filtered = useMemo(() => {
    const needle = normalizeArabic(search.trim());
    return all.filter(
      (row) =>
        (!inventoryId || row.inventoryId === inventoryId) &&
        (!needle ||
          normalizeArabic(
            `${row.productName} ${row.sku} ${propertiesText(row.properties)}`,
          ).includes(needle)),
    );
  }, [all, search, inventoryId]);
  const rows = filtered.slice(page * pageSize, page * pageSize + pageSize);
  const byKey = useMemo(() => new Map(all.map((row) => [rowKey(row), row])), [all]);
  const chosen = [...selected]
    .map((key) => byKey.get(key))
    .filter((row): row is NearStockEndDto => Boolean(row));

  const select = (keys: string[], on: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev);
      for (const key of keys) next[on ? 'add' : 'delete'](key);
      return next;
    });
  const pageKeys = rows.map(rowKey);
  const allOnPage = pageKeys.length > 0 && pageKeys.every((key) => selected.has(key));
  const someOnPage = pageKeys.some((key) => selected.has(key));

  const columns: Column<NearStockEndDto>[] = [
    {
      key: 'select',
      padding: 'checkbox',
      hidden: !canTransfer,
      header: (
        <Checkbox
          size="small"
          checked={allOnPage}
          indeterminate={someOnPage && !allOnPage}
          onChange={() => select(pageKeys, !allOnPage)}
          slotProps={{ input: { 'aria-label': t('lowStock.selectPage') } }}
        />
      ),
      render: (row) => (
        <Checkbox
          size="small"
          checked={selected.has(rowKey(row))}
          onChange={(e) => select([rowKey(row)], e.target.checked)}
          slotProps={{ input: { 'aria-label': t('lowStock.select', { name: row.productName }) } }}
        />
      ),
    },
    {
      key: 'product',
      header: t('lowStock.columns.product'),
      render: (row) => (
        <RowLink to={routePath('Products-id', { id: row.productId })}>
          <span lang={nameLang(row.productName)}>{row.productName}</span>
        </RowLink>
      ),
    },
    {
      key: 'properties',
      header: t('fields.properties'),
      render: (row) => propertiesText(row.properties),
    },
    { key: 'sku', header: t('fields.sku'), ltr: true, render: (row) => row.sku },
    {
      key: 'inventory',
      header: t('lowStock.columns.inventory'),
      render: (row) => row.inventoryName,
    },
    {
      key: 'onHand',
      header: t('lowStock.columns.onHand'),
      align: 'center',
      render: (row) => (
        <Box
          component="span"
          sx={{ fontWeight: 700, color: row.onHand <= 0 ? 'error.main' : 'warning.main' }}
        >
          {formatQuantity(row.onHand)}
        </Box>
      ),
    },
    qtyColumn('threshold', t('lowStock.columns.threshold'), (row) => row.lowStockThreshold),
    {
      key: 'actions',
      header: t('common.actions'),
      align: 'right',
      hidden: !canTransfer,
      render: (row) => (
        <Link
          component={RouterLink}
          to={transferRequestLink([row.variantId])}
          underline="hover"
          data-testid="low-stock-transfer"
        >
          {t('lowStock.requestTransfer')}
        </Link>
      ),
    },
  ];

  return (
    <Box>
      <PageHeader
        title={t('lowStock.title')}
        gap={1}
        meta={
          <Chip
            size="small"
            color="warning"
            label={t('lowStock.count', { count: all.length })}
            data-testid="low-stock-count"
          />
        }
        actions={
          <>
            <IconAction
              label={t('lowStock.refresh')}
              icon={Refresh}
              onClick={() => void list.refetch()}
            />
            {can('can_buy_products') && (
              // The purchase orders' reorder suggestion, inside /buy (docs/decisions/).
              <Button
                variant="outlined"
                startIcon={<AddShoppingCart />}
                component={RouterLink}
                to={`${routePath('buy')}?tab=reorder`}
                data-testid="low-stock-reorder"
              >
                {t('lowStock.reorder')}
              </Button>
            )}
            {canTransfer && (
              <Button
                variant="contained"
                startIcon={<LocalShippingOutlined />}
                disabled={chosen.length === 0}
                onClick={() => navigate(transferRequestLink(chosen.map((row) => row.variantId)))}
                data-testid="low-stock-transfer-selected"
              >
                {t('lowStock.transferSelected', { count: chosen.length })}
              </Button>
            )}
          </>
        }
      />
      <Paper variant="outlined">
        <FilterBar>
          <SearchField
            value={search}
            onChange={paging.withReset(setSearch)}
            label={t('lowStock.search')}
            width={300}
          />
          <SelectFilter
            label={t('lowStock.inventory')}
            value={inventoryId}
            onChange={paging.withReset(setInventoryId)}
            allLabel={t('lowStock.allInventories')}
            options={inventories.map(([id, name]) => ({ value: id, label: name }))}
            minWidth={180}
            displayEmpty
          />
        </FilterBar>
        <DataTable
          columns={columns}
          rows={rows}
          rowKey={rowKey}
          rowTestId="low-stock-row"
          rowProps={(row) => ({ selected: selected.has(rowKey(row)) })}
          ariaLabel={t('lowStock.title')}
          busy={list.isFetching}
          loading={list.isLoading}
          emptyText={t('lowStock.empty')}
        />
        <TablePager
          paging={paging}
          count={filtered.length}
          page={Math.min(page, Math.max(0, Math.ceil(filtered.length / pageSize) - 1))}
          pageSizeOptions={[25, 50, 100]}
          ns="catalog"
        />
      </Paper>
    </Box>
  );
}
