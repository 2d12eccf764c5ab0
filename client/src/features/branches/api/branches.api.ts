import { useQuery } from '@tanstack/react-query';
import {
  BRANCHES,
  DEFAULT_MAX_BRANCHES,
  type BranchResponseDto,
  type SiteSettingsDto,
} from '@pos/contracts';
import { http } from '../../../shared/api/http';

/** The branch choices of other features' forms (the list itself is the resource kit's). */
export const branchKeys = {
  all: ['branches'] as const,
  options: ['branches', 'options'] as const,
};

export const siteSettingsKey = ['admin-settings'] as const;

/**
 * Spec §7/§8: the branch limit comes from GET /api/admin/settings and silently falls back to 100
 * on any failure (no toast).
 */
export async function fetchMaxBranches(): Promise<number> {
  try {
    const settings = await http.get<SiteSettingsDto>('/admin/settings');
    const max = Number(settings?.maxBranches);
    return Number.isInteger(max) && max > 0 ? max : DEFAULT_MAX_BRANCHES;
  } catch {
    return DEFAULT_MAX_BRANCHES;
  }
}

export function useMaxBranches() {
  return useQuery({ queryKey: siteSettingsKey, queryFn: fetchMaxBranches, staleTime: 60_000 });
}

/** The branches the user may see (for selects): one page of the largest size the API allows. */
export function useBranchOptions(enabled = true) {
  return useQuery({
    queryKey: branchKeys.options,
    queryFn: async () =>
      (await http.list<BranchResponseDto>(BRANCHES.path, { pageSize: 500 })).rows,
    enabled,
    staleTime: 30_000,
  });
}
