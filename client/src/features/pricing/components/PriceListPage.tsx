import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import { formatPiasters, routePath, type PriceListItemRowDto } from '@pos/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useErrorToast } from '../../../shared/api/useErrorToast';
import { formatNumber } from '../../../shared/lib/format';
import { ActiveChip } from '../../../shared/resource';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { moneyColumn, type Column } from '../../../shared/ui/DataTable';
import { Facts } from '../../../shared/ui/DetailKit';
import { BackButton } from '../../../shared/ui/DocumentKit';
import { actionsColumn } from '../../../shared/ui/listColumns';
import { AddButton } from '../../../shared/ui/PageHeader';
import { ListPage, useListState, usePagedList } from '../../../shared/ui/PagedTable';
import { useConfirmedMutation } from '../../../shared/ui/useCrudMutation';
import { pricingApi, pricingKeys } from '../api/pricing.api';
import { PriceItemDialog } from './PriceItemDialog';
import { scopeText, useMayChange, useScopeOptions, useValidity } from './PricingFields';

/**
 * /PriceLists/:id (can_see_products): one list's prices, a price per variant with its quantity
 * breaks; add (the variant by name or barcode), change and remove them with can_manage_products.
 */
export default function PriceListPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('pricing');
  const scope = useScopeOptions();
  const validity = useValidity();
  const mayChange = useMayChange();
  const priceList = useQuery({
    queryKey: pricingKeys.priceList(id),
    queryFn: () => pricingApi.priceList(id),
    enabled: !!id,
    meta: { detail: true },
  });
  useErrorToast(priceList.error);
  const filter = useListState({ q: '' });
  const items = usePagedList({
    paging: filter.paging,
    params: filter.params,
    queryKey: (query) => pricingKeys.items(id, query),
    fetch: (query) => pricingApi.items(id, query),
    enabled: !!priceList.data,
  });
  const [editing, setEditing] = useState<{ item: PriceListItemRowDto | null } | null>(null);
  const remove = useConfirmedMutation({
    mutationFn: (row: PriceListItemRowDto) =>
      pricingApi.setPrices(id, { removeVariantIds: [row.variantId] }),
    success: t('prices.removed'),
    invalidate: [pricingKeys.all],
  });
  const list = priceList.data;
  if (!list) return priceList.isLoading ? <LinearProgress /> : null;
  const canWrite = mayChange(list);

  const columns: Column<PriceListItemRowDto>[] = [
    { key: 'product', header: t('columns.product'), render: (r) => r.productName },
    { key: 'sku', header: t('columns.sku'), ltr: true, render: (r) => r.sku ?? '' },
    moneyColumn('sellPrice', t('columns.sellPrice'), (r) => r.sellPrice),
    moneyColumn('unitPrice', t('columns.listPrice'), (r) => r.unitPrice),
    {
      key: 'breaks',
      header: t('columns.breaks'),
      render: (r) =>
        r.breaks
          .map((b) =>
            t('prices.breakText', {
              qty: formatNumber(b.minQuantity),
              amount: formatPiasters(b.unitPrice),
            }),
          )
          .join('، '),
    },
    actionsColumn<PriceListItemRowDto>([
      {
        label: t('edit'),
        onClick: (r) => setEditing({ item: r }),
        when: () => canWrite,
        icon: EditOutlined,
        iconOnly: true,
        testId: 'price-item-edit',
      },
      {
        label: t('prices.remove'),
        onClick: remove.ask,
        when: () => canWrite,
        icon: DeleteOutline,
        iconOnly: true,
        color: 'error',
        testId: 'price-item-remove',
      },
    ]),
  ];

  return (
    <ListPage
      title={list.name}
      subtitle={t(`priceLists.kinds.${list.kind}`)}
      actions={
        <>
          <BackButton label={t('priceLists.back')} to={routePath('PriceLists')} />
          {canWrite && (
            <AddButton
              onClick={() => setEditing({ item: null })}
              testId="price-item-add"
              label={t('prices.add')}
            />
          )}
        </>
      }
      above={
        <Paper variant="outlined" sx={{ p: 1.5, mb: 2, maxInlineSize: 520 }}>
          <Facts
            rows={[
              [t('columns.validity'), validity(list.validFrom, list.validTo)],
              [t('columns.branches'), scopeText(list.branchIds, scope.branchName, t('scope.all'))],
              [
                t('columns.groups'),
                scopeText(list.customerGroupIds, scope.groupName, t('scope.all')),
              ],
              [t('columns.priority'), list.priority],
              [t('columns.active'), <ActiveChip key="a" active={list.active} />],
            ]}
          />
        </Paper>
      }
      query={items}
      paging={filter.paging}
      rowKey={(r) => r.variantId}
      columns={columns}
      rowTestId="price-item-row"
      emptyText={t('prices.empty')}
      search={filter.search(t('prices.search'), 'price-items-search')}
    >
      {editing && (
        <PriceItemDialog
          key={editing.item?.variantId ?? 'new'}
          listId={id}
          item={editing.item}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        {...remove.dialogProps}
        title={t('prices.removeTitle')}
        message={t('prices.removeConfirm', { name: remove.target?.productName ?? '' })}
      />
    </ListPage>
  );
}
