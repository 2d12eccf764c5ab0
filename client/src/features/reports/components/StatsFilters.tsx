import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sessionUserState } from '../../../shared/state';
import { useCan } from '../../../shared/state/useCan';
import { DateRangeFilter } from '../../../shared/ui/DateField';
import { SelectFilter } from '../../../shared/ui/FilterBar';
import { useBranchOptions } from '../../branches';

/**
 * The period and branch of the statistics and performance pages: dates only with
 * can_use_date_filter (else the server answers today), the branch only for who sees every branch.
 */
export function useStatsFilters() {
  const can = useCan();
  const user = useAtomValue(sessionUserState);
  const canDates = can('can_use_date_filter');
  const canBranches = !!user?.isAdmin || can('can_see_branches');
  const branches = useBranchOptions(canBranches);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [branchId, setBranchId] = useState('');
  return {
    canDates,
    canBranches,
    branches: branches.data ?? [],
    query: {
      ...(canDates ? { from: from || undefined, to: to || undefined } : {}),
      ...(canBranches && branchId ? { branchId } : {}),
    },
    from,
    to,
    branchId,
    setFrom,
    setTo,
    setBranchId,
  };
}

export function StatsFilters({ filters }: { filters: ReturnType<typeof useStatsFilters> }) {
  const { t } = useTranslation('reports', { keyPrefix: 'stats' });
  return (
    <>
      {filters.canDates && (
        <DateRangeFilter
          from={filters.from}
          to={filters.to}
          onFrom={filters.setFrom}
          onTo={filters.setTo}
          labels={[t('filters.from'), t('filters.to')]}
          testId="stats"
        />
      )}
      {filters.canBranches && (
        <SelectFilter
          label={t('filters.branch')}
          value={filters.branchId}
          onChange={filters.setBranchId}
          allLabel={t('filters.allBranches')}
          minWidth={180}
          options={filters.branches.map((b) => ({ value: b.id, label: b.name }))}
        />
      )}
    </>
  );
}
