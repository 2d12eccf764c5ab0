import type { ChipProps } from '@mui/material/Chip';
import { routePath, type PurchaseOrderStatus } from '@pos/contracts';

export const STATUS_COLORS: Record<PurchaseOrderStatus, ChipProps['color']> = {
  ordered: 'info',
  partly_received: 'warning',
  received: 'success',
  closed: 'default',
  cancelled: 'error',
};

/**
 * Purchase orders live inside /buy (the spec's routes have none of their own): `?tab=orders`
 * lists them, `&order=<id>` opens one, `?tab=reorder` is the reorder suggestion.
 */
export function ordersHref(target: { tab?: 'orders' | 'reorder'; order?: string } = {}): string {
  const params = new URLSearchParams({ tab: target.tab ?? 'orders' });
  if (target.order) params.set('order', target.order);
  return `${routePath('buy')}?${params}`;
}

/** Which part of /buy is the purchase orders' (`?tab=orders|reorder`), or null for the invoice screen. */
export const purchaseOrdersTab = (params: URLSearchParams): 'orders' | 'reorder' | null => {
  const tab = params.get('tab');
  return tab === 'orders' || tab === 'reorder' ? tab : null;
};
