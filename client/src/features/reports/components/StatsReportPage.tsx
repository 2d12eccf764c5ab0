import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import type { ReportMeta, VariantResponseDto } from '@pos/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../shared/state/useCan';
import { SelectFilter } from '../../../shared/ui/FilterBar';
import { VariantPicker } from '../../catalog';
import type { ReportQuery } from '../api/reports.api';
import { ReportPage } from './ReportPage';

const DEFAULT_DEAD_DAYS = 30;

/**
 * The stock, tax, expense and balance reports (issue 19, part B) on the report kit, with the
 * filters only they take: the variant of a stock movement, dead stock's days without a sale and
 * the balances' party. Texts are the `reports` namespace's.
 */
export function StatsReportPage({ meta }: { meta: ReportMeta }) {
  const { t } = useTranslation('reports');
  const can = useCan();
  const [variant, setVariant] = useState<VariantResponseDto | null>(null);
  const [days, setDays] = useState(String(DEFAULT_DEAD_DAYS));
  const [party, setParty] = useState<'' | 'customer' | 'vendor'>('');
  const takes = (f: ReportMeta['filters'][number]) => meta.filters.includes(f);
  const dayCount = Number.parseInt(days, 10);
  const extraQuery: ReportQuery = {
    ...(takes('variant') && variant ? { variantId: variant.id } : {}),
    ...(takes('days')
      ? { days: Number.isFinite(dayCount) && dayCount > 0 ? dayCount : DEFAULT_DEAD_DAYS }
      : {}),
    ...(takes('party') && party ? { party } : {}),
  };
  const extraFilters = (
    <>
      {takes('variant') && (
        <Box sx={{ inlineSize: 320 }}>
          <VariantPicker
            value={variant}
            onChange={setVariant}
            label={t('reportFilters.variant')}
            testId="report-variant"
          />
        </Box>
      )}
      {takes('days') && (
        <TextField
          size="small"
          type="number"
          label={t('reportFilters.days')}
          value={days}
          onChange={(e) => setDays(e.target.value)}
          slotProps={{ htmlInput: { min: 1, max: 3650, dir: 'ltr', 'data-testid': 'report-days' } }}
          sx={{ inlineSize: 160 }}
        />
      )}
      {takes('party') && (
        <SelectFilter<'' | 'customer' | 'vendor'>
          label={t('reportFilters.party')}
          value={party}
          onChange={setParty}
          allLabel={t('reportFilters.allParties')}
          minWidth={180}
          options={[
            { value: 'customer', label: t('reportFilters.customers') },
            ...(can('can_see_vendors')
              ? [{ value: 'vendor' as const, label: t('reportFilters.vendors') }]
              : []),
          ]}
        />
      )}
    </>
  );
  return (
    <ReportPage
      reportKey={meta.key}
      filters={meta.filters}
      extraFilters={extraFilters}
      extraQuery={extraQuery}
    />
  );
}
