import BlockIcon from '@mui/icons-material/Block';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { PRICE_LIST_KINDS, routePath, type PriceListRowDto } from '@pos/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ActiveChip } from '../../../shared/resource';
import { useCan } from '../../../shared/state/useCan';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import type { Column } from '../../../shared/ui/DataTable';
import { SelectFilter } from '../../../shared/ui/FilterBar';
import { actionsColumn, optionsOf } from '../../../shared/ui/listColumns';
import { AddButton } from '../../../shared/ui/PageHeader';
import { ListPage, useListState, usePagedList } from '../../../shared/ui/PagedTable';
import { useConfirmedMutation } from '../../../shared/ui/useCrudMutation';
import { pricingApi, pricingKeys } from '../api/pricing.api';
import { PriceListFormDialog } from './PriceListFormDialog';
import { scopeText, useScopeOptions, useValidity } from './PricingFields';

/**
 * /PriceLists (can_see_products): the price lists — retail, wholesale, per customer group, per
 * branch — by kind and state; add, edit and deactivate with can_manage_products; a list's row
 * opens its prices (/PriceLists/:id).
 */
export default function PriceListsPage() {
  const { t } = useTranslation('pricing');
  const navigate = useNavigate();
  const canWrite = useCan()('can_manage_products');
  const scope = useScopeOptions();
  const validity = useValidity();
  const filter = useListState({ q: '', kind: '', active: 'true' });
  const [editing, setEditing] = useState<{ list: PriceListRowDto | null } | null>(null);
  const list = usePagedList({
    paging: filter.paging,
    params: filter.params,
    queryKey: pricingKeys.priceLists,
    fetch: pricingApi.priceLists,
  });
  const deactivate = useConfirmedMutation({
    mutationFn: (row: PriceListRowDto) => pricingApi.deactivatePriceList(row.id),
    success: t('priceLists.deactivated'),
    invalidate: [pricingKeys.all],
  });
  const columns: Column<PriceListRowDto>[] = [
    { key: 'name', header: t('columns.name'), render: (r) => r.name },
    { key: 'kind', header: t('columns.kind'), render: (r) => t(`priceLists.kinds.${r.kind}`) },
    {
      key: 'branches',
      header: t('columns.branches'),
      render: (r) => scopeText(r.branchIds, scope.branchName, t('scope.all')),
    },
    {
      key: 'groups',
      header: t('columns.groups'),
      render: (r) => scopeText(r.customerGroupIds, scope.groupName, t('scope.all')),
    },
    {
      key: 'validity',
      header: t('columns.validity'),
      nowrap: true,
      render: (r) => validity(r.validFrom, r.validTo),
    },
    { key: 'priority', header: t('columns.priority'), align: 'center', render: (r) => r.priority },
    { key: 'items', header: t('columns.items'), align: 'center', render: (r) => r.items },
    {
      key: 'active',
      header: t('columns.active'),
      render: (r) => <ActiveChip active={r.active} />,
    },
    actionsColumn<PriceListRowDto>([
      {
        label: t('priceLists.prices'),
        onClick: (r) => navigate(routePath('PriceLists-id', { id: r.id })),
        testId: 'price-list-prices',
      },
      {
        label: t('edit'),
        onClick: (r) => setEditing({ list: r }),
        when: () => canWrite,
        icon: EditOutlined,
        iconOnly: true,
        testId: 'price-list-edit',
      },
      {
        label: t('deactivate'),
        onClick: deactivate.ask,
        when: (r) => canWrite && r.active,
        icon: BlockIcon,
        iconOnly: true,
        testId: 'price-list-deactivate',
      },
    ]),
  ];
  return (
    <ListPage
      title={t('priceLists.title')}
      subtitle={t('priceLists.subtitle')}
      actions={
        canWrite && (
          <AddButton onClick={() => setEditing({ list: null })} testId="price-list-add">
            {t('priceLists.add')}
          </AddButton>
        )
      }
      query={list}
      paging={filter.paging}
      columns={columns}
      rowTestId="price-list-row"
      onRowClick={(r) => navigate(routePath('PriceLists-id', { id: r.id }))}
      emptyText={t('priceLists.empty')}
      search={filter.search(t('search'), 'price-lists-search')}
      filters={
        <>
          <SelectFilter
            {...filter.bind('kind')}
            label={t('columns.kind')}
            allLabel={t('all')}
            minWidth={150}
            options={optionsOf(PRICE_LIST_KINDS, (k) => t(`priceLists.kinds.${k}`))}
          />
          <SelectFilter
            {...filter.bind('active')}
            label={t('columns.active')}
            allLabel={t('all')}
            minWidth={130}
            options={[
              { value: 'true', label: t('activeOnly') },
              { value: 'false', label: t('inactiveOnly') },
            ]}
          />
        </>
      }
    >
      {editing && (
        <PriceListFormDialog
          key={editing.list?.id ?? 'new'}
          list={editing.list}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        {...deactivate.dialogProps}
        title={t('priceLists.deactivateTitle')}
        message={t('priceLists.deactivateConfirm', { name: deactivate.target?.name ?? '' })}
      />
    </ListPage>
  );
}
