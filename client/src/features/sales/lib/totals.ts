import { formatPiasters, type DailyReportDto } from '@pos/contracts';
import type { TFunction } from 'i18next';

/** What a shift's totals and a business day's report both count (each `shift.<key>` labels it). */
const COUNTED = ['invoiceCount', 'sales', 'returns', 'discounts', 'vat', 'net'] as const;

/**
 * Those figures as [label, value, test id] in the order every sales report shows them (X/Z report,
 * shift page, daily report); a test id only with `testIdPrefix` (the printed report's `report-…`).
 */
export const countedFigures = (
  t: TFunction<'sales'>,
  counted: Pick<DailyReportDto, (typeof COUNTED)[number]>,
  testIdPrefix?: string,
): [string, string, string?][] =>
  COUNTED.map((key) => {
    const count = key === 'invoiceCount';
    return [
      t(`shift.${key}`),
      count ? String(counted[key]) : formatPiasters(counted[key]),
      testIdPrefix && `${testIdPrefix}${count ? 'invoice-count' : key}`,
    ];
  });
