import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { PROMOTION_KINDS, type PromotionRowDto, type TimeWindowDto } from '@pos/contracts';
import { useTranslation } from 'react-i18next';
import type { Column } from '../../../shared/ui/DataTable';
import { pricingApi, pricingKeys } from '../api/pricing.api';
import { PromotionFormDialog } from './PromotionFormDialog';
import { scopeText, useScopeOptions, useValidity } from './PricingFields';
import { RuleListPage } from './RuleListPage';

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
  const scope = useScopeOptions();
  const windowText = useWindowText();
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
          {(['exclusive', 'stackable', 'coupon'] as const).map(
            (flag) =>
              r[flag] && <Chip key={flag} size="small" label={t(`promotions.flags.${flag}`)} />,
          )}
        </Stack>
      ),
    },
  ];
  return (
    <RuleListPage<PromotionRowDto>
      section="promotions"
      testId="promotion"
      searchTestId="promotions-search"
      kinds={PROMOTION_KINDS}
      fetch={pricingApi.promotions}
      queryKey={pricingKeys.promotions}
      deactivate={pricingApi.deactivatePromotion}
      columns={columns}
      form={(row, onClose) => (
        <PromotionFormDialog key={row?.id ?? 'new'} promotion={row} onClose={onClose} />
      )}
    />
  );
}
