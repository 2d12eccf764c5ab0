import { useQuery } from '@tanstack/react-query';
import {
  DEFAULT_MAX_BRANCHES,
  type BranchCreateDto,
  type BranchResponseDto,
  type BranchUpdateDto,
  type SiteSettingsDto,
} from '@pos/contracts';
import { http } from '../../../shared/api/http';

export const branchKeys = {
  all: ['branches'] as const,
  list: (query: BranchListQuery) => ['branches', 'list', query] as const,
  options: ['branches', 'options'] as const,
};

export const siteSettingsKey = ['admin-settings'] as const;

export type BranchListQuery = { page: number; pageSize: number; q?: string };

export const branchesApi = {
  list: (query: BranchListQuery) => http.list<BranchResponseDto>('/Branch', query),
  get: (id: string) => http.get<BranchResponseDto>(`/Branch/${encodeURIComponent(id)}`),
  create: (body: BranchCreateDto) => http.post<BranchResponseDto>('/Branch', body),
  update: (id: string, body: BranchUpdateDto) =>
    http.patch<BranchResponseDto>(`/Branch/${encodeURIComponent(id)}`, body),
  remove: (id: string) => http.delete<void>(`/Branch/${encodeURIComponent(id)}`),
};

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
    queryFn: async () => (await http.list<BranchResponseDto>('/Branch', { pageSize: 500 })).rows,
    enabled,
    staleTime: 30_000,
  });
}
