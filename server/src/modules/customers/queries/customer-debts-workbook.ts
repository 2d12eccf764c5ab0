import ExcelJS from 'exceljs';
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

const MONEY = '#,##0.00;-#,##0.00';

/** The store-local calendar day of an instant, as Excel reads it (a date without a zone). */
function localDay(iso: string, timeZone: string): Date {
  const [y, m, d] = new Intl.DateTimeFormat('en-CA', { timeZone })
    .format(new Date(iso))
    .split('-')
    .map(Number);
  return new Date(Date.UTC(y, m - 1, d));
}

export async function customerDebtsWorkbook(
  rows: CustomerDebtDto[],
  totals: CustomerDebtTotalsDto | null,
  locale: Locale,
  timeZone: string,
): Promise<Buffer> {
  const L = LABELS[locale];
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(L.sheet, { views: [{ rightToLeft: locale === 'ar' }] });
  ws.columns = [
    { header: L.name, width: 28 },
    { header: L.phone, width: 16 },
    { header: L.creditLimit, width: 14, style: { numFmt: MONEY } },
    { header: L.open, width: 16, style: { numFmt: MONEY } },
    { header: L.d0_30, width: 14, style: { numFmt: MONEY } },
    { header: L.d31_60, width: 14, style: { numFmt: MONEY } },
    { header: L.d61_90, width: 14, style: { numFmt: MONEY } },
    { header: L.d90_plus, width: 14, style: { numFmt: MONEY } },
    { header: L.oldestDays, width: 14 },
    { header: L.overdue, width: 14, style: { numFmt: MONEY } },
    { header: L.lastPaymentAt, width: 14, style: { numFmt: 'dd/mm/yyyy' } },
    { header: L.lastPaymentAmount, width: 16, style: { numFmt: MONEY } },
  ];
  ws.getRow(1).font = { bold: true };
  for (const r of rows)
    ws.addRow([
      r.name,
      r.phone ?? '',
      r.creditLimit / 100,
      r.open / 100,
      r.buckets.d0_30 / 100,
      r.buckets.d31_60 / 100,
      r.buckets.d61_90 / 100,
      r.buckets.d90_plus / 100,
      r.oldestDays,
      r.overdueAmount / 100,
      r.lastPaymentAt ? localDay(r.lastPaymentAt, timeZone) : null,
      r.lastPaymentAmount === null ? null : r.lastPaymentAmount / 100,
    ]);
  if (totals) {
    const row = ws.addRow([
      L.total,
      '',
      null,
      totals.open / 100,
      totals.buckets.d0_30 / 100,
      totals.buckets.d31_60 / 100,
      totals.buckets.d61_90 / 100,
      totals.buckets.d90_plus / 100,
      null,
      totals.overdueAmount / 100,
    ]);
    row.font = { bold: true };
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}
