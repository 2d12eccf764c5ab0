import BlockIcon from '@mui/icons-material/Block';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { PROMOTION_KINDS, type PromotionRowDto, type TimeWindowDto } from '@pos/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
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
import { PromotionFormDialog } from './PromotionFormDialog';
import { scopeText, useScopeOptions, useValidity } from './PricingFields';

/** A window in words: its days, weekdays and hours ("always" when it has none). */
function useWindowText(): (w: TimeWindowDto | null | undefined) => string {
  const { t } = useTranslation('pricing');
  const validity = useValidity();
  return (w) => {
    const parts: string[] = [];
    if (w?.from || w?.to) parts.push(validity(w.from, w.to));
    if (w?.weekdays?.length) parts.push(w.weekdays.map((d) => t(`weekdays.${d}`)).join('، '));
    if (w?.hours?.length)
      parts.push(w.hours.map((h) => `\u2066${h.from}–${h.to}\u2069`).join('، '));
    return parts.length ? parts.join(' · ') : t('always');
  };
}

/**
 * /Promotions (can_see_products): the offers — an item, category or brand discount, buy X get Y,
 * a fixed price for a set, spend X get Y off — with their window, scope and order; add, edit and
 * deactivate with can_manage_products.
 */
export default function PromotionsPage() {
  const { t } = useTranslation('pricing');
  const canWrite = useCan()('can_manage_products');
  const scope = useScopeOptions();
  const windowText = useWindowText();
  const filter = useListState({ q: '', kind: '', active: 'true' });
  const [editing, setEditing] = useState<{ promotion: PromotionRowDto | null } | null>(null);
  const list = usePagedList({
    paging: filter.paging,
    params: filter.params,
    queryKey: pricingKeys.promotions,
    fetch: pricingApi.promotions,
  });
  const deactivate = useConfirmedMutation({
    mutationFn: (row: PromotionRowDto) => pricingApi.deactivatePromotion(row.id),
    success: t('promotions.deactivated'),
    invalidate: [pricingKeys.all],
  });
  const columns: Column<PromotionRowDto>[] = [
    { key: 'name', header: t('columns.name'), render: (r) => r.name },
    { key: 'kind', header: t('columns.kind'), render: (r) => t(`promotions.kinds.${r.kind}`) },
    { key: 'window', header: t('columns.window'), render: (r) => windowText(r.window) },
    {
      key: 'scope',
      header: t('columns.scope'),
      render: (r) =>
        `${scopeText(r.branchIds, scope.branchName, t('scope.allBranchesShort'))} · ${scopeText(
          r.customerGroupIds,
          scope.groupName,
          t('scope.allCustomersShort'),
        )}`,
    },
    { key: 'priority', header: t('columns.priority'), align: 'center', render: (r) => r.priority },
    {
      key: 'flags',
      header: t('columns.flags'),
      render: (r) => (
        <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap' }}>
          {r.exclusive && <Chip size="small" label={t('promotions.flags.exclusive')} />}
          {r.stackable && <Chip size="small" label={t('promotions.flags.stackable')} />}
          {r.coupon && <Chip size="small" label={t('promotions.flags.coupon')} />}
        </Stack>
      ),
    },
    {
      key: 'active',
      header: t('columns.active'),
      render: (r) => <ActiveChip active={r.active} />,
    },
    actionsColumn<PromotionRowDto>([
      {
        label: t('edit'),
        onClick: (r) => setEditing({ promotion: r }),
        when: () => canWrite,
        icon: EditOutlined,
        iconOnly: true,
        testId: 'promotion-edit',
      },
      {
        label: t('deactivate'),
        onClick: deactivate.ask,
        when: (r) => canWrite && r.active,
        icon: BlockIcon,
        iconOnly: true,
        testId: 'promotion-deactivate',
      },
    ]),
  ];
  return (
    <ListPage
      title={t('promotions.title')}
      subtitle={t('promotions.subtitle')}
      actions={
        canWrite && (
          <AddButton onClick={() => setEditing({ promotion: null })} testId="promotion-add">
            {t('promotions.add')}
          </AddButton>
        )
      }
      query={list}
      paging={filter.paging}
      columns={columns}
      rowTestId="promotion-row"
      emptyText={t('promotions.empty')}
      search={filter.search(t('search'), 'promotions-search')}
      filters={
        <>
          <SelectFilter
            {...filter.bind('kind')}
            label={t('columns.kind')}
            allLabel={t('all')}
            minWidth={170}
            options={optionsOf(PROMOTION_KINDS, (k) => t(`promotions.kinds.${k}`))}
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
        <PromotionFormDialog
          key={editing.promotion?.id ?? 'new'}
          promotion={editing.promotion}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        {...deactivate.dialogProps}
        title={t('promotions.deactivateTitle')}
        message={t('promotions.deactivateConfirm', { name: deactivate.target?.name ?? '' })}
      />
    </ListPage>
  );
}
