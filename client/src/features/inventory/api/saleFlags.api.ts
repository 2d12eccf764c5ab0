import type { SaleFlagDto } from '@pos/contracts';
import { http } from '../../../shared/api/http';

// What offline sales let through, for the storekeeper (issue 32, docs/offline.md): the sales
// module's endpoints, shown on the inventories page.

export const saleFlagKeys = { open: ['inventory', 'sale-flags'] as const };

export const saleFlagsApi = {
  /** The open flags of the user's branch, oldest first (can_see_inventories). */
  open: () => http.get<SaleFlagDto[]>('/SaleFlags'),
  /** Marks one reviewed (can_adjust_stock). */
  review: (flagId: string) => http.post<void>(`/SaleFlags/${encodeURIComponent(flagId)}/review`),
};
