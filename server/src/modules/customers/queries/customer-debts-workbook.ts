import { listWorkbook, type Column } from '../../../core/excel/workbook';
import type { CustomerDebtDto, CustomerDebtTotalsDto, Locale } from '@pos/contracts';

// /Customers/Debts as an Excel workbook: the filtered list in the request's language, amounts as
// numbers in pounds (piasters / 100), the last payment's date in the store's time zone, the Arabic
// sheet right to left; the totals row only for a user who may see totals.

const LABELS = {
  ar: {
    sheet: 'مديونيات العملاء',
    name: 'العميل',
    phone: 'الهاتف',
    creditLimit: 'حد الائتمان',
    open: 'الرصيد المستحق',
    d0_30: '0–30 يوم',
    d31_60: '31–60 يوم',
    d61_90: '61–90 يوم',
    d90_plus: 'أكثر من 90 يوم',
    oldestDays: 'أقدم دين (يوم)',
    overdue: 'متأخر عن المدة',
    lastPaymentAt: 'آخر سداد',
    lastPaymentAmount: 'مبلغ آخر سداد',
    total: 'الإجمالي',
  },
  en: {
    sheet: 'Customer debts',
    name: 'Customer',
    phone: 'Phone',
    creditLimit: 'Credit limit',
    open: 'Amount owed',
    d0_30: '0–30 days',
    d31_60: '31–60 days',
    d61_90: '61–90 days',
    d90_plus: 'Over 90 days',
    oldestDays: 'Oldest debt (days)',
    overdue: 'Past terms',
    lastPaymentAt: 'Last payment',
    lastPaymentAmount: 'Last payment amount',
    total: 'Total',
  },
} as const;

export function customerDebtsWorkbook(
  rows: CustomerDebtDto[],
  totals: CustomerDebtTotalsDto | null,
  locale: Locale,
  timeZone: string,
): Promise<Buffer> {
  const L = LABELS[locale];
  const money = (header: string, width = 14): Column => ({ header, width, type: 'money' });
  const columns: Column[] = [
    { header: L.name, width: 28 },
    { header: L.phone, width: 16 },
    money(L.creditLimit),
    money(L.open, 16),
    money(L.d0_30),
    money(L.d31_60),
    money(L.d61_90),
    money(L.d90_plus),
    { header: L.oldestDays, width: 14, type: 'count' },
    money(L.overdue),
    { header: L.lastPaymentAt, width: 14, type: 'date' },
    money(L.lastPaymentAmount, 16),
  ];
  const buckets = (b: CustomerDebtDto['buckets']) => [b.d0_30, b.d31_60, b.d61_90, b.d90_plus];
  const sums = totals && [totals.open, ...buckets(totals.buckets), null, totals.overdueAmount];
  return listWorkbook(
    { title: L.sheet, locale, timeZone, columns },
    rows,
    (r) => [
      r.name,
      r.phone ?? '',
      r.creditLimit,
      r.open,
      ...buckets(r.buckets),
      r.oldestDays,
      r.overdueAmount,
      r.lastPaymentAt,
      r.lastPaymentAmount,
    ],
    sums ? [L.total, '', null, ...sums] : undefined,
  );
}
