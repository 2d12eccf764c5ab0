import { PRICE_LIST_KINDS, routePath, type PriceListRowDto } from '@pos/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Column } from '../../../shared/ui/DataTable';
import { pricingApi, pricingKeys } from '../api/pricing.api';
import { PriceListFormDialog } from './PriceListFormDialog';
import { scopeText, useScopeOptions, useValidity } from './PricingFields';
import { RuleListPage } from './RuleListPage';

/**
 * /PriceLists (can_see_products): the price lists — retail, wholesale, per customer group, per
 * branch — by kind and state; add, edit and deactivate with can_manage_products; a list's row
 * opens its prices (/PriceLists/:id).
 */
export default function PriceListsPage() {
  const { t } = useTranslation('pricing');
  const navigate = useNavigate();
  const scope = useScopeOptions();
  const validity = useValidity();
  const open = (r: PriceListRowDto) => navigate(routePath('PriceLists-id', { id: r.id }));
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
  ];
  return (
    <RuleListPage<PriceListRowDto>
      section="priceLists"
      testId="price-list"
      searchTestId="price-lists-search"
      kinds={PRICE_LIST_KINDS}
      fetch={pricingApi.priceLists}
      queryKey={pricingKeys.priceLists}
      deactivate={pricingApi.deactivatePriceList}
      columns={columns}
      actions={[{ label: t('priceLists.prices'), onClick: open, testId: 'price-list-prices' }]}
      onRowClick={open}
      form={(row, onClose) => (
        <PriceListFormDialog key={row?.id ?? 'new'} list={row} onClose={onClose} />
      )}
    />
  );
}
