import { formatPiasters, type SaleDto } from '@pos/contracts';
import { formatNumber } from '../../../shared/lib/format';

/**
 * An invoice-history entry's before/after as a person reads it: the total and the lines by product
 * name. Some entries (a return) carry only variant ids: their names come from the invoice's own
 * lines (`names`), and an id is never shown (`unknownItem` instead).
 */
export function summarizeHistoryValue(
  value: unknown,
  names: Map<string, string>,
  unknownItem: string,
): string {
  if (!value || typeof value !== 'object') return '';
  const v = value as Partial<SaleDto>;
  const parts: string[] = [];
  if (typeof v.total === 'number') parts.push(formatPiasters(v.total));
  if (Array.isArray(v.lines)) {
    parts.push(
      v.lines
        .map(
          (l) =>
            `${l.productName ?? names.get(l.variantId) ?? unknownItem} × ${formatNumber(l.quantity, 3)}`,
        )
        .join('، '),
    );
  }
  return parts.join(' — ');
}
