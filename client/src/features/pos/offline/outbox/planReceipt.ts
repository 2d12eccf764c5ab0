import type { SaleDto } from '@pos/contracts';
import { deviceReceiptBuilder } from './eReceipt';
import type { DeviceReceiptBuilder } from './store';

/**
 * The till's e-receipt builder for a sale, when the till is the ETA POS of record (its serial,
 * e-receipts on): built for every sale as it is stored in the outbox (checkout.ts,
 * docs/decisions/0077), from the sale as the till completes it (localSale: computeSale's lines,
 * the payments with the change out of cash) and the catalog's items. Loaded with the outbox engine
 * only (engine.ts re-exports it): the Pay button asks through useOutbox, the acceptance specs call
 * it on the engine.
 */
/**
 * The planner's two parts, loaded now: called when the till starts its outbox (online), so a sale
 * rung offline before the service worker has stored every file of the app still finds them (a till
 * that went offline right after a reload got "Failed to fetch dynamically imported module" and
 * sold without its e-receipt).
 */
export function warmEReceiptPlanner(): void {
  void Promise.all([import('../catalog/service'), import('./sha256')]).catch(() => undefined);
}

export async function planEReceipt(
  sale: Pick<SaleDto, 'lines' | 'payments'>,
): Promise<DeviceReceiptBuilder | null> {
  // the device catalog's service itself, loaded when asked (the till has it loaded already), not
  // through its feature's index: that index lives in the till page's chunk, and a dynamic import
  // of it from here put a chunk cycle between the page and the layout (the till did not start)
  const catalog = await import('../catalog/service');
  const data = await catalog.deviceEReceiptData();
  if (!data?.enabled || !data.serial) return null;
  const variants = await catalog.deviceVariants(sale.lines.map((l) => l.variantId));
  const { sha256Hex } = await import('./sha256');
  return deviceReceiptBuilder(sale, data, new Map(variants.map((v) => [v.id, v])), sha256Hex);
}
